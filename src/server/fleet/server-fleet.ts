// The fleet on the Node server, for either host: its store in the server's data directory
// (../../fleet/fleet-file), its endpoints, and the gate that maps device credentials to list
// slugs. The host brings the ports (who is an organiser, which lists an event has) and calls
// `http` for fleet paths and `gate` on every raw target before its own Check-in API.
import { systemClock } from '../../platform/clock';
import { secretString } from '../../platform/secrets';
import { createDeviceGate } from '../../fleet/device-gate';
import { fleetFile } from '../../fleet/fleet-file';
import { createFleetHttp } from '../../fleet/fleet-http';
import type { FleetPorts } from '../../fleet/fleet-ports';
import { createFleetStore } from '../../fleet/fleet-store';

export interface ServerFleetOptions {
  dataDir: string;
  ports: FleetPorts;
  publicOrigin: string;
  doorOrigin: string;
}

export type ServerFleet = Awaited<ReturnType<typeof startServerFleet>>;

export async function startServerFleet(options: ServerFleetOptions) {
  const store = await createFleetStore({
    file: fleetFile(options.dataDir),
    clock: systemClock,
    // Device ids appear in organisers' paths: random, so one id says nothing of another.
    newId: (kind) => `${kind}_${secretString(20)}`,
  });
  return {
    http: createFleetHttp({
      store,
      ports: options.ports,
      clock: systemClock,
      publicOrigin: options.publicOrigin,
      doorOrigin: options.doorOrigin,
    }),
    gate: createDeviceGate(store),
  };
}

/** The same request addressed to `target` (origin-form), its body passed on unread. */
export function requestTo(request: Request, target: string): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
  if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = request.body;
    init.duplex = 'half';
  }
  return new Request(new URL(target, request.url), init);
}
