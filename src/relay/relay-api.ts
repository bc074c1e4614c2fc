// `/checkin/…` and `/v3/…` in relay mode: each request checked, then forwarded to the configured
// upstream. Guarantees, in order:
// - the raw target must match a documented path shape (./relay-paths), else a 4xx here and
//   nothing upstream;
// - the Host header must name this relay (./host-check), else 421;
// - the Admin API needs a live relay session (./relay-sessions); the upstream gets the relay's
//   own token instead, and a client's Authorization is never passed on;
// - only `Accept`, `Content-Type` (JSON) and the relay's own headers go upstream: no cookies, no
//   client addresses, no hop-by-hop headers;
// - the body is read up to the route's limit (413 past it);
// - the answer comes back with its status and error body as the upstream gave them, addresses
//   rewritten (./rewrite), and only a few safe headers kept; an upstream failure is a 502/504;
// - every upstream answer's `Date` is told to the upstream clock (./upstream-clock), and the
//   answers doors get carry the upstream's `Date` (passed on, or that clock's time for the
//   mirror's own answers): a door's `since` cursor and the records' `updated_at` are one clock.
// Check-in list paths go through `checkinHandler`: the venue mirror replaces the default
// pass-through there without touching the checks above.
import { tokenFromHeader } from '../http/token-header';
import { bodyLimit, bufferedRequest } from '../http/buffer-body';
import { ApiError } from '../http/errors';
import { maskedToken } from '../http/token-header';
import { type ForwardLimits, type UpstreamRequest, type UpstreamResponse, forward } from './forward';
import type { RelaySettings } from './relay-config';
import { forwardFailureResponse, relayError } from './relay-errors';
import { type RelayRoute, routeOf } from './relay-paths';
import type { RelaySessions } from './relay-sessions';
import { rewriteBody } from './rewrite';
import type { UpstreamClock } from './upstream-clock';

export interface RelayApiOptions {
  settings: RelaySettings;
  sessions: RelaySessions;
  hosts: Set<string>;
  doorOrigin: string;
  publicOrigin: string;
  limits?: ForwardLimits;
  /** Hears every upstream answer's `Date`; dates the answers made here. */
  clock: UpstreamClock;
}

/** A checked check-in list request, ready to go upstream; answers the client's response. */
export type CheckinHandler = (
  route: Extract<RelayRoute, { api: 'checkin' }>,
  call: UpstreamRequest,
) => Promise<Response>;

const PASSED_HEADERS = [
  'content-type',
  'date',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

function upstreamUrl(base: URL, route: RelayRoute): URL {
  // Built from the configured base and the checked segments only: never from the client's Host.
  const url = new URL(`${base.href.replace(/\/$/, '')}${route.path}`);
  url.search = route.query;
  return url;
}

export function createRelayApi(options: RelayApiOptions) {
  const { settings, sessions } = options;

  const respond = (api: RelayRoute['api'], upstream: UpstreamResponse, session: string | null): Response => {
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    // Without the upstream's own, the best guess of its clock rather than this host's.
    if (!headers.has('date')) headers.set('date', options.clock.now().toUTCString());
    const body = rewriteBody(upstream.body, headers.get('content-type') ?? '', {
      doorOrigin: options.doorOrigin,
      publicOrigin: options.publicOrigin,
      maskedSession: api === 'admin' && session ? maskedToken(session) : null,
      secret: settings.adminToken,
    });
    const empty = upstream.status === 204 || upstream.status === 304 || body.byteLength === 0;
    return new Response(empty ? null : body, { status: upstream.status, headers });
  };

  const send = async (api: RelayRoute['api'], call: UpstreamRequest, session: string | null) => {
    const result = await forward(call, options.limits);
    if (result.ok) options.clock.heard(result.response.headers.get('date'));
    return result.ok ? respond(api, result.response, session) : forwardFailureResponse(api, result.reason);
  };

  /** The default for check-in list paths: straight to the upstream, once. */
  const passThrough: CheckinHandler = (_route, call) => send('checkin', call, null);
  let checkinHandler: CheckinHandler = passThrough;

  const handle = async (request: Request, rawTarget: string): Promise<Response> => {
    const api = rawTarget.startsWith('/v3') ? 'admin' : 'checkin';
    const verdict = routeOf(request.method, rawTarget);
    if (!verdict.ok)
      return relayError(
        api,
        verdict.status,
        verdict.message,
        verdict.allow ? { headers: { allow: verdict.allow } } : {},
      );
    const { route } = verdict;
    const host = (request.headers.get('host') ?? '').toLowerCase();
    if (!options.hosts.has(host))
      return relayError(route.api, 421, 'This relay does not answer for that host name');
    let session: string | null = null;
    if (route.api === 'admin') {
      session = tokenFromHeader(request.headers.get('authorization'));
      if (!session || !sessions.check(session))
        return relayError('admin', 401, 'Sign in to this relay first', {
          hint: 'Open the organiser sign-in link the relay prints where it runs.',
        });
    }
    let body: Uint8Array<ArrayBuffer> | null = null;
    try {
      const buffered = await bufferedRequest(
        request,
        bodyLimit(request.method, `/${api === 'admin' ? 'v3' : 'checkin'}${route.path}`),
      );
      body = buffered.body && request.method !== 'GET' ? new Uint8Array(await buffered.arrayBuffer()) : null;
    } catch (error) {
      if (error instanceof ApiError) return relayError(route.api, error.status, error.message);
      return relayError(route.api, 400, 'The request body could not be read');
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'venue-checkin-relay',
    };
    if (body && body.byteLength > 0) headers['content-type'] = 'application/json';
    else body = null;
    if (route.api === 'admin') headers.authorization = `Token token=${settings.adminToken}`;
    const base = route.api === 'admin' ? settings.adminUrl : settings.checkinUrl;
    const call: UpstreamRequest = { url: upstreamUrl(base, route), method: request.method, headers, body };
    if (route.api === 'checkin') return checkinHandler(route, call);
    return send('admin', call, session);
  };

  return {
    handle,
    /** The venue mirror takes over check-in list paths (the checks above still run first). */
    setCheckinHandler(handler: CheckinHandler) {
      checkinHandler = handler;
    },
    passThrough,
    /**
     * A JSON answer made here (the mirror's), rewritten as an upstream answer would be and dated
     * by the upstream's clock, the one the mirror's change times are in.
     */
    answerLocal(status: number, json: unknown): Response {
      const body = new TextEncoder().encode(JSON.stringify(json)) as Uint8Array<ArrayBuffer>;
      const headers = new Headers({
        'content-type': 'application/json; charset=utf-8',
        date: options.clock.now().toUTCString(),
      });
      return respond('checkin', { status, headers, body }, null);
    },
  };
}
