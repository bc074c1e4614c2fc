// The organiser's sign-in in relay mode: a spent code (./organiser-sign-in's rules)
// gives a relay session, never the upstream token. The session's account list and mode are the
// upstream's own (`/hello` with the relay's token), so organiser screens show the real account.
// The version is 3.1: the client sends `?version=3.1`, which the Admin API honours per request
// whatever version the relay's token was generated for.
import { ApiError } from '../../http/errors';
import type { SignInBackend, SignInGrant } from './organiser-sign-in';
import { forward } from '../../relay/forward';
import type { RelaySettings } from '../../relay/relay-config';
import type { RelaySessions } from '../../relay/relay-sessions';
import type { UpstreamHealth } from '../../relay/upstream-health';

interface Hello {
  accounts: string[];
  mode: 'live' | 'test';
}

function parseHello(body: Uint8Array): Hello | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (!parsed || typeof parsed !== 'object') return null;
    const { accounts, lookup_mode } = parsed as Record<string, unknown>;
    if (!Array.isArray(accounts) || !accounts.every((a): a is string => typeof a === 'string')) return null;
    return { accounts: accounts.slice(0, 100), mode: lookup_mode === 'test' ? 'test' : 'live' };
  } catch {
    return null;
  }
}

export function relaySignInBackend(
  settings: RelaySettings,
  sessions: RelaySessions,
  health: { current(): Promise<UpstreamHealth[]> },
  mirroredLists: (() => unknown[]) | null = null,
): SignInBackend {
  return {
    async grant(): Promise<SignInGrant> {
      const result = await forward(
        {
          url: new URL(`${settings.adminUrl.href.replace(/\/$/, '')}/hello`),
          method: 'GET',
          headers: { accept: 'application/json', authorization: `Token token=${settings.adminToken}` },
          body: null,
        },
        { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 },
      );
      if (!result.ok)
        throw new ApiError(
          result.reason === 'timeout' ? 504 : 502,
          'The ticketing service could not be reached from this relay: try the link again once it is.',
        );
      const hello = result.response.status === 200 ? parseHello(result.response.body) : null;
      if (!hello)
        throw new ApiError(
          502,
          "The ticketing service did not accept this relay's token (UPSTREAM_ADMIN_TOKEN): check it where the relay runs.",
        );
      return { token: sessions.issue(), mode: hello.mode, version: '3.1', accounts: hello.accounts };
    },
    async describe() {
      return {
        mode: 'relay',
        upstream_checkin_url: settings.checkinUrl.href.replace(/\/$/, ''),
        upstreams: await health.current(),
        // Each mirrored list (by id and title, never its slug): age and writes waiting to go up.
        mirror: mirroredLists !== null,
        mirrored_lists: mirroredLists?.() ?? [],
        // Doors join by code only where the fleet can be kept: in the data directory.
        fleet: settings.dataDir !== null,
      };
    },
  };
}
