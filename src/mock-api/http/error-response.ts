// An ApiError as the response its API gives: the Admin API's shape for the version the caller
// would get, the Check-in API's `{status, message}` elsewhere. One place, so an error answered
// before the router (auth, body size, faults) looks exactly like one answered inside it.
import type { Caller, ServiceContext } from '../context';
import type { ApiVersion } from '../model/api-token';
import { tokenFromHeader } from '../../http/token-header';
import { findCaller, requestedVersion } from './auth';
import { adminErrorBody, checkinErrorBody } from './error-body';
import type { ApiError } from '../../http/errors';
import { routedPath } from '../../http/route-path';

export function isAdminPath(pathname: string): boolean {
  return pathname === '/v3' || pathname.startsWith('/v3/');
}

/** The caller a request names, if its token is known (for the error's version and shape). */
export function callerOf(ctx: ServiceContext, request: Request): Caller | undefined {
  const token = tokenFromHeader(request.headers.get('authorization'));
  return token ? findCaller(ctx, token) : undefined;
}

export function errorBody(
  error: ApiError,
  url: URL,
  settled?: { version?: ApiVersion | undefined; caller?: Caller | undefined },
): Record<string, unknown> {
  if (!isAdminPath(url.pathname)) return checkinErrorBody(error);
  const caller = settled?.caller;
  const version = settled?.version ?? requestedVersion(url) ?? caller?.version ?? '3.0';
  return adminErrorBody(error, version, caller);
}

export function errorResponse(
  ctx: ServiceContext,
  request: Request,
  error: ApiError,
  headers: Record<string, string> = {},
): Response {
  const url = new URL(request.url);
  url.pathname = routedPath(url.pathname);
  const caller = isAdminPath(url.pathname) ? callerOf(ctx, request) : undefined;
  const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
  // Answered before the router's CORS middleware: an allowed origin must still read it.
  const origin = request.headers.get('origin');
  if (origin && ctx.config.corsOrigins?.includes(origin)) {
    all['access-control-allow-origin'] = origin;
    all['access-control-expose-headers'] = 'Retry-After';
    all.vary = 'Origin';
  }
  if (error.status === 429 && !all['retry-after']) all['retry-after'] = '1';
  return new Response(JSON.stringify(errorBody(error, url, { caller })), {
    status: error.status,
    headers: all,
  });
}
