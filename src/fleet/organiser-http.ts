// `/__service/fleet/<account>/<event>/*`: an organiser manages one event's doors.
//   GET    ''                                  -> 200 FleetView
//   POST   join_codes                          NewJoinCode -> 201 {join_code}
//   DELETE join_codes/<id>                     -> 200 {join_code} (withdrawn)
//   POST   devices/<id>/revocation             -> 200 {device}
//   POST   devices/<id>/identification         -> 200 {device}
// The host says who may (./fleet-ports). The path's shape and method are checked before the
// credential, the credential before any body is read. Ids are looked up within the event only:
// a code or device of another event is 404 like one that never was.
import type { Clock } from '../platform/clock';
import { jsonBody, json, notAllowed, refusal } from './fleet-answers';
import { readNewJoinCode } from './fleet-bodies';
import type { EventKey } from './fleet-data';
import type { FleetPorts } from './fleet-ports';
import type { FleetStore } from './fleet-store';
import { deviceView, fleetView, joinCodeView } from './fleet-view';

const NEW_CODE_BYTES = 2 * 1024;

export interface OrganiserHttpOptions {
  store: FleetStore;
  ports: FleetPorts;
  clock: Clock;
  /** Where the door app is served: join links point there. */
  doorOrigin: string;
  /** A door is online while it reported within this (ONLINE_WITHIN_MS unless set). */
  onlineWithinMs?: number;
}

type Handler = (request: Request, key: EventKey, id: string) => Promise<Response>;

interface Route {
  methods: string[];
  handle: Handler;
}

export function createOrganiserHttp(options: OrganiserHttpOptions) {
  const { store } = options;
  const now = () => options.clock.now().getTime();
  const codeNotFound = () => refusal(404, 'Join code not found');
  const deviceNotFound = () => refusal(404, 'Device not found');
  const device = (d: Parameters<typeof deviceView>[0]) =>
    json({ device: deviceView(d, store.lastReport(d.id), now(), options.onlineWithinMs) });

  const view: Handler = async (_request, key) =>
    json(
      fleetView(
        store.codesOf(key),
        store.devicesOf(key),
        store.lastReport,
        options.doorOrigin,
        now(),
        options.onlineWithinMs,
      ),
    );

  const createCode: Handler = async (request, key) => {
    const read = readNewJoinCode(await jsonBody(request, NEW_CODE_BYTES));
    if (!read.ok) return refusal(400, read.message);
    const list = await options.ports.listOf(key, read.value.checkin_list);
    if (!list.ok) return refusal(list.status, list.message);
    const made = await store.createCode(key, {
      list: { slug: list.slug, title: list.title },
      label: read.value.label,
      valid_minutes: read.value.valid_minutes,
      max_devices: read.value.max_devices,
    });
    if (!made.ok)
      return refusal(409, 'This event has as many live join codes as the server keeps: withdraw some first.');
    return json({ join_code: joinCodeView(made.value, options.doorOrigin, now()) }, 201);
  };

  const revokeCode: Handler = async (_request, key, id) => {
    const revoked = await store.revokeCode(key, id);
    return revoked.ok
      ? json({ join_code: joinCodeView(revoked.value, options.doorOrigin, now()) })
      : codeNotFound();
  };

  const revokeDevice: Handler = async (_request, key, id) => {
    const revoked = await store.revokeDevice(key, id);
    return revoked.ok ? device(revoked.value) : deviceNotFound();
  };

  const identify: Handler = async (_request, key, id) => {
    const asked = await store.requestIdentify(key, id);
    if (asked.ok) return device(asked.value);
    return asked.reason === 'revoked'
      ? refusal(409, 'This device was revoked: it no longer shows anything the server asks')
      : deviceNotFound();
  };

  /** The route of the path after the event, or null for an unknown shape. */
  const routeOf = (rest: string[]): Route | null => {
    const [first, , third] = rest;
    if (rest.length === 0) return { methods: ['GET', 'HEAD'], handle: view };
    if (first === 'join_codes' && rest.length === 1) return { methods: ['POST'], handle: createCode };
    if (first === 'join_codes' && rest.length === 2) return { methods: ['DELETE'], handle: revokeCode };
    if (first === 'devices' && rest.length === 3 && third === 'revocation')
      return { methods: ['POST'], handle: revokeDevice };
    if (first === 'devices' && rest.length === 3 && third === 'identification')
      return { methods: ['POST'], handle: identify };
    return null;
  };

  /** `rest`: the path after `/__service/fleet/`, as checked segments. */
  return async (request: Request, rest: string[]): Promise<Response> => {
    const [account, event, ...tail] = rest;
    const route = account && event ? routeOf(tail) : null;
    if (!route || !account || !event) return refusal(404, 'The endpoint requested does not exist');
    if (!route.methods.includes(request.method)) return notAllowed(route.methods);
    const key = { account, event };
    const allowed = await options.ports.authorise(request, key);
    if (!allowed.ok) return refusal(allowed.status, allowed.message);
    return route.handle(request, key, tail[1] ?? '');
  };
}
