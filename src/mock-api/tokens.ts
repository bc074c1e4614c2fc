// Tokens the in-app service hands out and takes back (the organiser's token screen).
import type { ServiceContext } from './context';
import type { ApiToken, ApiVersion, Mode } from './model/api-token';
import { BASE62, secretString } from '../platform/secrets';

export interface TokenRequest {
  mode: Mode;
  version: ApiVersion;
  accounts?: string[];
  issuedBy?: 'sign-in-link';
}

/** Must run inside a transaction (the service's `write`). */
export function createToken(ctx: ServiceContext, request: TokenRequest): ApiToken {
  let token: string;
  do token = secretString(32, BASE62);
  while (ctx.store.findOne('api_tokens', 'byToken', token));
  ensureAccounts(ctx, request.accounts ?? ['demo']);
  return ctx.store.insert('api_tokens', {
    token,
    mode: request.mode,
    version: request.version,
    account_slugs: request.accounts ?? ['demo'],
    created_at: ctx.clock.now().toISOString(),
    revoked_at: null,
    ...(request.issuedBy ? { issued_by: request.issuedBy } : {}),
  });
}

export function revokeStoredToken(ctx: ServiceContext, token: string): boolean {
  const stored = ctx.store.findOne('api_tokens', 'byToken', token);
  if (!stored || stored.revoked_at) return false;
  ctx.store.update('api_tokens', stored.id, { revoked_at: ctx.clock.now().toISOString() });
  return true;
}

/** Accounts named by any token exist, so a token never points at nothing. */
export function ensureAccounts(ctx: ServiceContext, slugs: readonly string[]): void {
  const now = ctx.clock.now().toISOString();
  for (const slug of new Set(slugs)) {
    if (ctx.store.findOne('accounts', 'bySlug', slug)) continue;
    const name = slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (ch) => ch.toUpperCase());
    ctx.store.insert('accounts', { slug, name, created_at: now, updated_at: now });
  }
}
