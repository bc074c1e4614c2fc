// Whether the relay reaches each upstream, for `GET /__service`: one short probe per upstream,
// its answer reused for `ttlMs` and shared by concurrent callers, so a page polling the health
// line cannot turn the relay into a load generator against the real service. Any HTTP answer
// counts as reachable; the Admin API's probe (`/hello` with the relay's token) also says
// whether the token is accepted. Nothing here names the token or a list.
import type { Clock } from '../platform/clock';
import { forward } from './forward';
import type { RelaySettings } from './relay-config';

export interface UpstreamHealth {
  api: 'checkin' | 'admin';
  origin: string;
  reachable: boolean;
  /** The probe's HTTP status; null when nothing answered. */
  status: number | null;
  /** Admin API only: whether the relay's token was accepted. */
  authenticated?: boolean;
  checked_at: string;
}

export interface HealthOptions {
  ttlMs: number;
  timeoutMs: number;
}

const PROBE_BYTES = 64 * 1024;

export function createUpstreamHealth(
  settings: RelaySettings,
  clock: Clock,
  options: HealthOptions = { ttlMs: 10_000, timeoutMs: 2_500 },
) {
  let last: { at: number; value: UpstreamHealth[] } | null = null;
  let pending: Promise<UpstreamHealth[]> | null = null;

  const probe = async (api: 'checkin' | 'admin'): Promise<UpstreamHealth> => {
    const base = api === 'checkin' ? settings.checkinUrl : settings.adminUrl;
    const url = new URL(`${base.href.replace(/\/$/, '')}${api === 'admin' ? '/hello' : '/'}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (api === 'admin') headers.authorization = `Token token=${settings.adminToken}`;
    const result = await forward(
      { url, method: 'GET', headers, body: null },
      { timeoutMs: options.timeoutMs, maxResponseBytes: PROBE_BYTES },
    );
    const status = result.ok ? result.response.status : null;
    const entry: UpstreamHealth = {
      api,
      origin: base.origin,
      // A redirect or an oversized answer is still an answer: the host is there.
      reachable: result.ok || result.reason === 'redirect' || result.reason === 'too-large',
      status,
      checked_at: clock.now().toISOString(),
    };
    if (api === 'admin') entry.authenticated = status === 200;
    return entry;
  };

  return {
    current(): Promise<UpstreamHealth[]> {
      const now = clock.now().getTime();
      if (last && now - last.at < options.ttlMs) return Promise.resolve(last.value);
      pending ??= Promise.all([probe('checkin'), probe('admin')]).then((value) => {
        last = { at: clock.now().getTime(), value };
        pending = null;
        return value;
      });
      return pending;
    },
  };
}
