import type { DeviceView, FleetView, JoinCodeView } from '../../src/fleet/fleet-protocol';
import { ORGANISER_TOKENS } from '../fixtures/organiser-tokens';

/**
 * The organiser's side of the fleet over HTTP (`/__service/fleet/<account>/<event>`), with an
 * Admin API token of the e2e server: what the Devices screen would ask, for a journey's ground
 * truth.
 */
export class FleetOrganiser {
  constructor(
    readonly baseURL: string,
    readonly event = 'demo/demo-conference',
    readonly token: string = ORGANISER_TOKENS.live31,
  ) {}

  private async call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseURL}/__service/fleet/${this.event}${path}`, {
      method,
      headers: {
        authorization: `Token token=${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<T>;
  }

  async createCode(checkinList: string, maxDevices = 1): Promise<JoinCodeView> {
    const made = await this.call<{ join_code: JoinCodeView }>('/join_codes', 'POST', {
      checkin_list: checkinList,
      valid_minutes: 60,
      max_devices: maxDevices,
      label: 'Fleet journey',
    });
    return made.join_code;
  }

  view(): Promise<FleetView> {
    return this.call<FleetView>('');
  }

  async device(name: string): Promise<DeviceView | undefined> {
    return (await this.view()).devices.find((d) => d.name === name);
  }

  async identify(id: string): Promise<void> {
    await this.call(`/devices/${id}/identification`, 'POST');
  }

  async revoke(id: string): Promise<void> {
    await this.call(`/devices/${id}/revocation`, 'POST');
  }
}
