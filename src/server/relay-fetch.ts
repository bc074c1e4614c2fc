// One fetch handler for the server in relay mode: the built app at `/`, `/__service` (info,
// health, sign-in, the relay's QR codes), and the two APIs forwarded by ../relay/relay-api. There is
// no mock here: `/__mock/…` is answered 404 by the relay itself. API-ness is decided on the raw
// request target as well as on the parsed path, and a target whose path could walk (a dot
// segment, raw or encoded, or an encoded separator: ../http/request-target) reaches nothing,
// the sign-in, the QR codes and the files included. With a fleet (a data directory), its paths
// are answered before the rest of `/__service`, and a device's credential in a Check-in API path
// is mapped to its list's slug (../fleet/device-gate) before the relay's checks and mirror.
import type { HttpBindings } from '@hono/node-server';
import QRCode from 'qrcode';
import { closeAfterRefusal } from './discard-body';
import { SERVICE_INFO_PATH, type createOrganiserSignIn } from './sign-in/organiser-sign-in';
import { withSecurityHeaders } from './security-headers';
import { type createStaticApp, notFoundPage } from './static-app';
import { refusedTarget } from '../http/request-target';
import type { createRelayApi } from '../relay/relay-api';
import { relayError } from '../relay/relay-errors';
import { isFleetPath } from '../fleet/fleet-http';
import { type ServerFleet, requestTo } from './fleet/server-fleet';

const API_PREFIX = /^\/(v3|checkin)(\/|\?|$)/;
const JSON_PATH = /^\/+(v3|checkin|__mock|__service)(\/|\?|$)/;
const QR_PATH = /^\/__service\/qr\/checkin_lists\/([A-Za-z0-9_-]{1,200})\.svg$/;

export interface RelayFetchParts {
  api: ReturnType<typeof createRelayApi>;
  signIn: ReturnType<typeof createOrganiserSignIn>;
  staticApp: ReturnType<typeof createStaticApp>;
  doorOrigin: string;
  /** Null without a data directory (RELAY_MIRROR=off): nowhere to keep devices. */
  fleet: ServerFleet | null;
}

async function qrResponse(address: string): Promise<Response> {
  const svg = await QRCode.toString(address, { type: 'svg', margin: 2 });
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-cache' } });
}

function parsedPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

export function createRelayFetch(parts: RelayFetchParts) {
  const answer = async (request: Request, env: HttpBindings): Promise<Response> => {
    const raw = env.incoming.url ?? '';
    const pathname = parsedPath(request.url);
    if (!raw.startsWith('/') || raw.startsWith('//'))
      return closeAfterRefusal(
        request,
        withSecurityHeaders(
          relayError('checkin', 400, 'Only paths of this server are answered, not absolute addresses'),
          'api',
        ),
      );
    const walks = refusedTarget(raw);
    if (walks) {
      // JSON where the target names an API as sent, or would once resolved (`/x/../v3/hello`).
      const named = [raw, pathname].find((path) => JSON_PATH.test(path));
      const api = named && /^\/+v3(\/|$)/.test(named) ? 'admin' : 'checkin';
      const json = named !== undefined;
      return closeAfterRefusal(
        request,
        json
          ? withSecurityHeaders(relayError(api, walks.status, walks.message), 'api')
          : withSecurityHeaders(notFoundPage(walks.status), 'app'),
      );
    }
    const caller = env.incoming.socket.remoteAddress ?? 'unknown';
    if (parts.fleet && isFleetPath(pathname))
      return closeAfterRefusal(request, withSecurityHeaders(await parts.fleet.http(request, caller), 'api'));
    const verdict = parts.fleet?.gate(request.method, raw) ?? { kind: 'not-a-device' as const };
    if (verdict.kind === 'answer')
      return closeAfterRefusal(request, withSecurityHeaders(verdict.response, 'api'));
    if (verdict.kind === 'mapped') {
      const answer = await parts.api.handle(requestTo(request, verdict.target), verdict.target);
      return closeAfterRefusal(request, withSecurityHeaders(await verdict.finish(answer), 'api'));
    }
    if (API_PREFIX.test(raw))
      return closeAfterRefusal(request, withSecurityHeaders(await parts.api.handle(request, raw), 'api'));
    // Only an API path after dot-segment resolution (`/x/../v3/hello`): never forwarded.
    if (API_PREFIX.test(pathname))
      return closeAfterRefusal(
        request,
        withSecurityHeaders(
          relayError(
            pathname.startsWith('/v3') ? 'admin' : 'checkin',
            404,
            'The endpoint requested does not exist',
          ),
          'api',
        ),
      );
    if (pathname === '/__mock' || pathname.startsWith('/__mock/'))
      return closeAfterRefusal(
        request,
        withSecurityHeaders(
          relayError('checkin', 404, 'This server relays to a ticketing service; it has no mock service'),
          'api',
        ),
      );
    const qr = QR_PATH.exec(pathname);
    if (qr && (request.method === 'GET' || request.method === 'HEAD'))
      return withSecurityHeaders(await qrResponse(`${parts.doorOrigin}/checkin_lists/${qr[1]}`), 'api');
    if (pathname === SERVICE_INFO_PATH || pathname.startsWith(`${SERVICE_INFO_PATH}/`)) {
      const response = await parts.signIn.handle(request, caller);
      return closeAfterRefusal(request, withSecurityHeaders(response, 'api'));
    }
    return withSecurityHeaders(await parts.staticApp.fetch(request, env), 'app');
  };

  return async (request: Request, env: HttpBindings): Promise<Response> => {
    try {
      return await answer(request, env);
    } catch (error) {
      // A fault of the relay itself: named in the log (never the request, which holds slugs),
      // answered in the API's shape rather than as a bare 500.
      console.error(`relay fault: ${error instanceof Error ? error.name : 'unknown'}`);
      const api = (env.incoming.url ?? '').startsWith('/v3') ? 'admin' : 'checkin';
      return withSecurityHeaders(
        relayError(api, 503, 'The relay could not handle this request; try again'),
        'api',
      );
    }
  };
}
