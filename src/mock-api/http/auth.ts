// Admin API authentication: the token of `Authorization` (read by ../../http/token-header)
// fixes mode and version; `?version=` overrides the version per request.
import type { MiddlewareHandler } from 'hono';
import type { AdminEnv, Caller, ServiceContext } from '../context';
import type { ApiVersion } from '../model/api-token';
import { ApiError } from '../../http/errors';
import { tokenFromHeader } from '../../http/token-header';

export function requestedVersion(url: URL): ApiVersion | undefined {
  const version = url.searchParams.get('version');
  if (version === '3.1' || version === '3.1.0') return '3.1';
  if (version === '3.0' || version === '3.0.0') return '3.0';
  return undefined;
}

export function findCaller(ctx: ServiceContext, token: string): Caller | undefined {
  const grant = ctx.config.tokens?.find((t) => t.token === token);
  if (grant) return { token, mode: grant.mode, version: grant.version, accounts: grant.accounts };
  const stored = ctx.store.findOne('api_tokens', 'byToken', token);
  if (!stored || stored.revoked_at) return undefined;
  return { token, mode: stored.mode, version: stored.version, accounts: stored.account_slugs };
}

export function authenticate(ctx: ServiceContext): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const override = requestedVersion(url);
    c.set('version', override ?? '3.0');
    const token = tokenFromHeader(c.req.header('authorization'));
    const caller = token ? findCaller(ctx, token) : undefined;
    if (!caller) throw unauthorised(token);
    c.set('caller', caller);
    c.set('version', override ?? caller.version);
    await next();
  };
}

export function unauthorised(token: string | null): ApiError {
  return new ApiError(401, token ? 'The API token is invalid.' : 'The API token is missing.');
}
