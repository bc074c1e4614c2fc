// The organiser's sign-in with the built-in mock service: a spent code (./organiser-sign-in's
// rules) gives a live 3.1 token of the mock's own store, for every account it holds.
import type { MockService } from '../../mock-api/service';
import type { SignInBackend } from './organiser-sign-in';

/** The built-in mock: a live 3.1 token for every account of its store. */
export function mockSignInBackend(service: MockService): SignInBackend {
  return {
    async grant() {
      const accounts = service.context.store.all('accounts').map((account) => account.slug);
      const token = await service.generateToken({
        mode: 'live',
        version: '3.1',
        accounts: accounts.length > 0 ? accounts : ['demo'],
        issuedBy: 'sign-in-link',
      });
      return { token: token.token, mode: token.mode, version: token.version, accounts: token.account_slugs };
    },
    async describe() {
      return { mode: 'mock', upstreams: [], mirrored_lists: [], fleet: true };
    },
  };
}
