// Admin API: one account, `GET /:account_slug`. The documents leave accounts "not shown"; the
// real service answers `{account: {slug, name, description, ...}}` there (a client's integration
// test against it reads those keys), for an account the token may see.
import type { AdminApp, ServiceContext } from '../context';
import { recordResponse } from '../http/envelope';
import { requireAccount } from '../http/scope';

export function registerAccounts(app: AdminApp, ctx: ServiceContext): void {
  app.get('/:account_slug', (c) => {
    const account = requireAccount(c, ctx);
    return recordResponse(
      c,
      'account',
      {
        _type: 'account',
        id: account.id,
        slug: account.slug,
        name: account.name,
        description: account.description ?? null,
        created_at: account.created_at,
        updated_at: account.updated_at,
      },
      { expandable: {} },
    );
  });
}
