// `/__service` on the Node server only (the in-app service has no such path): what the page
// needs to know that it was served by this server, and the organiser's one-time sign-in.
//   GET  /__service                 where this server is and who can reach it (no secrets)
//   POST /__service/sign-in         {"code": "..."} -> a live Admin API token, once per code
//   POST /__service/sign-in-links   a new link (Authorization: Bearer <control token>)
// Every body is untrusted: JSON only, 1 KB at most, answered 4xx in `{status, message}`.
import { ApiError, badRequest } from '../../http/errors';
import { bufferedRequest } from '../../http/buffer-body';
import { readBody } from '../../http/body';
import { tokenFromHeader } from '../../http/token-header';
import { sameSecret } from '../../platform/secrets';
import { isLoopback } from '../config';
import type { SignInCodes } from './sign-in-codes';
import type { ApiVersion, Mode } from '../../mock-api/model/api-token';

/** What a spent code is exchanged for: an Admin API token of this server, in its terms. */
export interface SignInGrant {
  token: string;
  mode: Mode;
  version: ApiVersion;
  accounts: string[];
}

/**
 * Where grants come from and what `/__service` adds about the service behind this server: the
 * built-in mock (a token of its own store) or the relay (a session mapped to its upstream).
 */
export interface SignInBackend {
  /** A fresh grant; a thrown ApiError is answered in `{status, message}`. */
  grant(): Promise<SignInGrant>;
  /** Extra keys of `GET /__service` (mode, upstream reachability). */
  describe(): Promise<Record<string, unknown>>;
}

export const SERVICE_INFO_PATH = '/__service';
export const SIGN_IN_PAGE_PATH = '/organiser/sign-in';
const BODY_BYTES = 1024;

export interface SignInSettings {
  /** The address this server is reached at (`PUBLIC_URL`, or where it listens). */
  publicOrigin: string;
  /** Where the door app is served (`APP_ORIGIN`), when not here. */
  appOrigin: string | undefined;
  /** Whether it listens beyond this machine. */
  exposed: boolean;
  controlToken: string;
}

export interface SignInLink {
  url: string;
  expiresAt: Date;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

const REFUSALS: Record<'used' | 'expired' | 'unknown', () => ApiError> = {
  used: () =>
    new ApiError(
      410,
      'This sign-in link was already used. Each link signs in once: get a new one where the server runs (press Enter in its terminal, or restart it).',
    ),
  expired: () =>
    new ApiError(
      410,
      'This sign-in link has expired or was replaced by a newer one. Get a new one where the server runs (press Enter in its terminal, or restart it).',
    ),
  unknown: () =>
    new ApiError(
      401,
      'This sign-in link is not valid. Check that it was copied whole, or get a new one where the server runs (press Enter in its terminal, or restart it).',
    ),
};

export function createOrganiserSignIn(backend: SignInBackend, codes: SignInCodes, settings: SignInSettings) {
  const newLink = (): SignInLink => {
    const { code, expiresAt } = codes.issue();
    return { url: `${settings.publicOrigin}${SIGN_IN_PAGE_PATH}#code=${code}`, expiresAt };
  };

  const info = async () =>
    json({
      ...(await backend.describe()),
      service: 'venue-checkin',
      kind: 'node-server',
      origin: settings.publicOrigin,
      door_origin: settings.appOrigin ?? settings.publicOrigin,
      admin_api: `${settings.publicOrigin}/v3`,
      checkin_api: `${settings.publicOrigin}/checkin`,
      // Behind a proxy (PUBLIC_URL) a loopback server is reached from the network all the same.
      reachable_from_network: settings.exposed || !isLoopback(new URL(settings.publicOrigin).hostname),
      sign_in: true,
    });

  const signIn = async (request: Request, caller: string): Promise<Response> => {
    const buffered = await bufferedRequest(request, BODY_BYTES).catch((error: unknown) => {
      throw error instanceof ApiError ? error : badRequest('The request body could not be read');
    });
    const body = await readBody(buffered, { maxBytes: BODY_BYTES });
    const code = body.code;
    if (typeof code !== 'string') throw badRequest('Send {"code": "..."} with the code of the sign-in link');
    const verdict = codes.redeem(code, caller);
    if (verdict.ok === false) {
      if (verdict.reason === 'rate-limited') return rateLimited(verdict.retryAfterSeconds);
      throw REFUSALS[verdict.reason]();
    }
    try {
      const grant = await backend.grant();
      return json({ ...grant, admin_api: `${settings.publicOrigin}/v3` });
    } catch (error) {
      codes.restore(code);
      throw error;
    }
  };

  const issueLink = (request: Request): Response => {
    const header = request.headers.get('authorization') ?? '';
    const given = /^\s*Bearer\s/i.test(header) ? tokenFromHeader(header) : null;
    if (!given || !sameSecret(given, settings.controlToken))
      throw new ApiError(401, 'Send the control token: Authorization: Bearer <MOCK_CONTROL_TOKEN>');
    const link = newLink();
    return json({ url: link.url, expires_at: link.expiresAt.toISOString() }, 201);
  };

  /** Answers a `/__service` request; `caller` names the client for the attempt limit (its address). */
  const handle = async (request: Request, caller: string): Promise<Response> => {
    const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
    try {
      if (path === SERVICE_INFO_PATH) {
        if (request.method === 'GET' || request.method === 'HEAD') return await info();
        return notAllowed('GET');
      }
      if (path === `${SERVICE_INFO_PATH}/sign-in`) {
        if (request.method === 'POST') return await signIn(request, caller);
        return notAllowed('POST');
      }
      if (path === `${SERVICE_INFO_PATH}/sign-in-links`) {
        if (request.method === 'POST') return issueLink(request);
        return notAllowed('POST');
      }
      return json({ status: 404, message: 'The endpoint requested does not exist' }, 404);
    } catch (error) {
      if (error instanceof ApiError)
        return json({ status: error.status, message: error.message }, error.status);
      throw error;
    }
  };

  return { handle, newLink };
}

function notAllowed(allow: string): Response {
  return json({ status: 405, message: `Use ${allow} here` }, 405, { allow });
}

function rateLimited(retryAfterSeconds: number): Response {
  return json(
    {
      status: 429,
      message: `Too many wrong sign-in codes from this address: try again in ${retryAfterSeconds} s.`,
    },
    429,
    { 'retry-after': String(retryAfterSeconds) },
  );
}
