import type { AdminApp, ServiceContext } from '../context';
import { maskedToken } from '../../http/token-header';

/** GET /hello: the connectivity check. */
export function registerHello(app: AdminApp, _ctx: ServiceContext): void {
  app.get('/hello', (c) => {
    const caller = c.get('caller');
    return c.json({
      authenticated: true,
      access_token: maskedToken(caller.token),
      lookup_mode: caller.mode,
      accounts: caller.accounts,
    });
  });
}
