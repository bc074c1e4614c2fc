// The fleet's questions answered in relay mode: any live organiser session of this relay may
// manage the fleet of any event (the relay's own token decides what the upstream shows it, as
// for the Admin API it forwards); a list belongs to the event when the upstream's Admin API,
// asked with the relay's token, finds it under that event by that very slug.
import type { FleetPorts } from '../../fleet/fleet-ports';
import { type ForwardLimits, forward } from '../../relay/forward';
import type { RelaySettings } from '../../relay/relay-config';
import type { RelaySessions } from '../../relay/relay-sessions';
import { tokenFromHeader } from '../../http/token-header';

const LOOKUP_LIMITS = { maxResponseBytes: 256 * 1024 };
const NOT_IN_EVENT = "That check-in list is not one of this event's";

function listRecord(body: Uint8Array): { slug: unknown; title: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (!parsed || typeof parsed !== 'object') return null;
    const inner = (parsed as { checkin_list?: unknown }).checkin_list;
    const record = inner && typeof inner === 'object' ? inner : parsed;
    const { slug, title } = record as { slug?: unknown; title?: unknown };
    return { slug, title };
  } catch {
    return null;
  }
}

export function relayFleetPorts(
  settings: RelaySettings,
  sessions: RelaySessions,
  limits: ForwardLimits,
): FleetPorts {
  return {
    async authorise(request) {
      const session = tokenFromHeader(request.headers.get('authorization'));
      if (session && sessions.check(session)) return { ok: true };
      return { ok: false, status: 401, message: 'Sign in to this relay first' };
    },
    async listOf(key, slug) {
      const base = settings.adminUrl.href.replace(/\/$/, '');
      const result = await forward(
        {
          url: new URL(`${base}/${key.account}/${key.event}/checkin_lists/${slug}`),
          method: 'GET',
          headers: { accept: 'application/json', authorization: `Token token=${settings.adminToken}` },
          body: null,
        },
        { ...limits, ...LOOKUP_LIMITS },
      );
      if (!result.ok)
        return {
          ok: false,
          status: result.reason === 'timeout' ? 504 : 502,
          message: 'The ticketing service could not be asked about this list: try again once it answers.',
        };
      const { status, body } = result.response;
      if (status === 404 || status === 403) return { ok: false, status: 422, message: NOT_IN_EVENT };
      const record = status === 200 ? listRecord(body) : null;
      if (!record)
        return {
          ok: false,
          status: 502,
          message: 'The ticketing service did not answer usably about this list.',
        };
      if (record.slug !== slug) return { ok: false, status: 422, message: NOT_IN_EVENT };
      return { ok: true, slug, title: typeof record.title === 'string' ? record.title.slice(0, 200) : '' };
    },
  };
}
