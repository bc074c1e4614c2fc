// The organiser's side of the fleet (src/fleet/fleet-protocol.ts): one event's doors and join
// codes on the app's own Node server, over one `fetch`-shaped transport. Plain TypeScript, like
// the Admin client beside it: failures are values in the Admin client's shape (admin-failure.ts),
// so the screens show them the same way, and the token travels only in the Authorization header.
//
// Every answer is checked here. A door's report comes from whatever app version that door runs,
// so its open-ended parts (readiness items, refusal reasons) are read as strings: an item this
// version does not know is still shown, by its id, rather than hiding the whole fleet.
import { z } from 'zod';
import type { FleetView, NewJoinCode } from '../fleet/fleet-protocol';
import { FLEET_PATH } from '../fleet/fleet-protocol';
import { type AdminResult, answerJson, fail } from './admin-failure';

export type FetchLike = (request: Request) => Promise<Response>;

export interface FleetClientOptions {
  /** The app's server (`https://host:port`): the fleet lives beside its Admin API, never in it. */
  origin: string;
  /** The Admin API token of this server, or the relay's organiser session. */
  token: string;
  fetch: FetchLike;
}

export interface FleetScope {
  account: string;
  event: string;
}

const isoTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a time');
const count = z.number().int().nonnegative();
const listRef = z.object({ slug: z.string(), title: z.string() });

const readinessItemSchema = z.object({
  id: z.string(),
  level: z.enum(['green', 'amber', 'red']),
});

const reportSchema = z.object({
  name: z.string(),
  app_version: z.string(),
  update_waiting: z.boolean(),
  copy: z.object({
    tickets: count,
    tickets_expected: count.nullable(),
    complete: z.boolean(),
    synced_at: isoTime.nullable(),
  }),
  unsent: count,
  parked: count,
  readiness: z.object({ ready: z.boolean(), items: z.array(readinessItemSchema) }),
  admissions: count,
  refusals: z.record(z.string(), count),
  battery: z.object({ level: z.number().min(0).max(1), charging: z.boolean() }).nullable(),
  storage: z.object({ persisted: z.boolean().nullable(), free_bytes: z.number().nonnegative().nullable() }),
  at: isoTime,
});

const deviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  checkin_list: listRef,
  join_code_id: z.string(),
  joined_at: isoTime,
  last_seen_at: isoTime.nullable(),
  online: z.boolean(),
  report: reportSchema.nullable(),
  revoked_at: isoTime.nullable(),
  forgotten_at: isoTime.nullable(),
  checkins_after_revocation: count,
  identify_pending: z.boolean(),
});

const joinCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  link: z.string(),
  label: z.string(),
  checkin_list: listRef,
  created_at: isoTime,
  expires_at: isoTime,
  max_devices: count,
  devices_joined: count,
  revoked_at: isoTime.nullable(),
  state: z.enum(['live', 'expired', 'used-up', 'revoked']),
});

const summarySchema = z.object({
  doors: count,
  ready: count,
  online: count,
  old_version: count,
  unsent: count,
  newest_version: z.string().nullable(),
});

const fleetSchema = z.object({
  devices: z.array(deviceSchema),
  join_codes: z.array(joinCodeSchema),
  summary: summarySchema,
  now: isoTime,
});

/** The fleet as this screen reads it: the protocol's FleetView, with a report's open-ended parts widened. */
export type FleetData = z.output<typeof fleetSchema>;
export type DeviceData = z.output<typeof deviceSchema>;
export type JoinCodeData = z.output<typeof joinCodeSchema>;
export type ReportData = z.output<typeof reportSchema>;

// Whatever the server may send by the protocol, this client reads: the compiler checks it here.
const _protocolFits = (view: FleetView): FleetData => view;
void _protocolFits;

export interface FleetClient {
  readonly origin: string;
  view(scope: FleetScope): Promise<AdminResult<FleetData>>;
  createJoinCode(scope: FleetScope, code: NewJoinCode): Promise<AdminResult<JoinCodeData>>;
  revokeJoinCode(scope: FleetScope, id: string): Promise<AdminResult<JoinCodeData>>;
  /** Reads stop at once; the check-ins it recorded are still taken, once; then it forgets the list. */
  revokeDevice(scope: FleetScope, id: string): Promise<AdminResult<DeviceData>>;
  /** The door shows its name at its next contact. */
  identify(scope: FleetScope, id: string): Promise<AdminResult<DeviceData>>;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown field';
  return `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`;
}

export function createFleetClient(options: FleetClientOptions): FleetClient {
  const origin = options.origin.replace(/\/+$/, '');

  async function send<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    scope: FleetScope,
    rest: readonly string[],
    schema: S,
    body?: unknown,
  ): Promise<AdminResult<z.output<S>>> {
    const path = [scope.account, scope.event, ...rest].map(encodeURIComponent).join('/');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Token token=${options.token}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(
        new Request(`${origin}${FLEET_PATH}/${path}`, {
          method,
          headers,
          body: body === undefined ? null : JSON.stringify(body),
          cache: 'no-store',
        }),
      );
      text = await response.text();
    } catch {
      return fail('network');
    }
    const answer = answerJson(response, text);
    if (!answer.ok) return answer;
    const parsed = schema.safeParse(answer.value);
    if (!parsed.success)
      return fail('bad-response', { status: response.status, message: describeIssue(parsed.error) });
    return { ok: true, value: parsed.data };
  }

  const joinCodeAnswer = z.object({ join_code: joinCodeSchema });
  const deviceAnswer = z.object({ device: deviceSchema });
  const unwrapCode = (r: AdminResult<{ join_code: JoinCodeData }>): AdminResult<JoinCodeData> =>
    r.ok ? { ok: true, value: r.value.join_code } : r;
  const unwrapDevice = (r: AdminResult<{ device: DeviceData }>): AdminResult<DeviceData> =>
    r.ok ? { ok: true, value: r.value.device } : r;

  return {
    origin,
    view: (scope) => send('GET', scope, [], fleetSchema),
    createJoinCode: async (scope, code) =>
      unwrapCode(await send('POST', scope, ['join_codes'], joinCodeAnswer, code)),
    revokeJoinCode: async (scope, id) =>
      unwrapCode(await send('DELETE', scope, ['join_codes', id], joinCodeAnswer)),
    revokeDevice: async (scope, id) =>
      unwrapDevice(await send('POST', scope, ['devices', id, 'revocation'], deviceAnswer)),
    identify: async (scope, id) =>
      unwrapDevice(await send('POST', scope, ['devices', id, 'identification'], deviceAnswer)),
  };
}
