// Which requests the relay forwards: the raw request target as the client sent it, checked
// against the documented path shapes of the two APIs before anything is decoded or resolved.
// The path is first taken as the real service's router takes it (src/http/route-path:
// `//` collapsed, one trailing `/` dropped, a `.json` suffix taken), on the raw text. A target is
// then refused unless it is origin-form (`/…`, never `http://host/…`, `//host/…` or `*`), every
// path segment is plain (letters, digits, `_`, `-`: no dots, no percent-escapes, so neither `..`
// nor `%2e%2e`/`%2f` can walk anywhere, and `.json` counts only as the last segment's suffix),
// and method + shape match one row below. What is forwarded is the normalised path. The query is
// kept as sent, within a length limit: it can change what the upstream answers, never where the
// request goes, since the relay builds the upstream address from its own base and these segments.
import { routedPath } from '../http/route-path';

export type RelayRoute =
  | { api: 'checkin'; listSlug: string; path: string; query: string }
  | { api: 'admin'; path: string; query: string };

export type RouteVerdict =
  | { ok: true; route: RelayRoute }
  | { ok: false; status: 400 | 404 | 405 | 414; message: string; allow?: string };

const MAX_TARGET = 4096;
const MAX_QUERY = 2048;
const SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;
// Query bytes a browser sends unescaped or percent-escaped; no spaces, `#`, or controls.
const QUERY = /^[A-Za-z0-9\-._~%!$&'()*+,;=:@/?[\]]*$/;

type Shape = { pattern: string[]; methods: string[] };

// Check-in API (document 3), relative to the base: the list slug is the second segment.
const CHECKIN_SHAPES: Shape[] = [
  { pattern: ['checkin_lists', '*'], methods: ['GET'] },
  { pattern: ['checkin_lists', '*', 'checkins'], methods: ['GET', 'POST'] },
  { pattern: ['checkin_lists', '*', 'checkins', '*'], methods: ['DELETE'] },
  { pattern: ['checkin_lists', '*', 'tickets'], methods: ['GET'] },
  { pattern: ['checkin_lists', '*', 'tickets', '*'], methods: ['GET'] },
  { pattern: ['checkin_lists', '*', 'questions'], methods: ['GET'] },
  { pattern: ['checkin_lists', '*', 'answers'], methods: ['GET'] },
];

// Event-level Admin API resources (documents 1 and 2), plus the few the organiser screens also
// read that the documents leave "not shown" (tickets, venues, waitlisted people, webhook
// endpoints): the real service has them under the same event path.
const RESOURCES = [
  'activities',
  'checkin_lists',
  'discount_codes',
  'interested_users',
  'opt_ins',
  'questions',
  'refunds',
  'registrations',
  'releases',
  'rsvp_lists',
  'tickets',
  'venues',
  'waitlisted_people',
  'webhook_endpoints',
];
const RECORD_ACTIONS: Record<string, Record<string, string[]>> = {
  activities: { duplication: ['POST'] },
  questions: { answers: ['GET'] },
  registrations: { confirmations: ['POST', 'DELETE'] },
  releases: {
    archival: ['POST', 'DELETE'],
    duplication: ['POST'],
    activation: ['PATCH'],
    deactivation: ['PATCH'],
    publication: ['POST', 'DELETE'],
  },
  rsvp_lists: { release_invitations: ['GET'] },
};

const isAccountOrTop = (segment: string) =>
  segment === 'hello' || segment === 'events' || (!RESOURCES.includes(segment) && !segment.startsWith('__'));

/** Allowed methods of an Admin API path (segments after `/v3`), or null for an unknown shape. */
function adminMethods(s: string[]): string[] | null {
  const [, second, third, fourth, fifth] = s;
  // `/hello`, the token's own `/events`, and one account (`/:account`): reads only. An account
  // slug is never a resource's name nor a name the runtime gives meaning (`__proto__`).
  if (s.length === 1) return isAccountOrTop(s[0] ?? '') ? ['GET'] : null;
  if (second === 'events') {
    if (s.length === 2) return ['GET', 'POST'];
    return s.length === 3 && (third === 'past' || third === 'archived') ? ['GET'] : null;
  }
  if (s.length === 2) return ['GET', 'PATCH', 'DELETE'];
  if (third === 'duplication') return s.length === 3 ? ['GET', 'POST'] : null;
  if (!third || !RESOURCES.includes(third)) return null;
  if (s.length === 3) return third === 'refunds' ? ['GET'] : ['GET', 'POST'];
  if (s.length === 4) return third === 'refunds' ? ['GET'] : ['GET', 'PATCH', 'DELETE'];
  if (s.length === 5 && fifth && fourth) return RECORD_ACTIONS[third]?.[fifth] ?? null;
  return null;
}

function checkinMethods(s: string[]): string[] | null {
  for (const shape of CHECKIN_SHAPES) {
    if (shape.pattern.length !== s.length) continue;
    if (shape.pattern.every((part, i) => part === '*' || part === s[i])) return shape.methods;
  }
  return null;
}

const refuse = (status: 400 | 404 | 414, message: string): RouteVerdict => ({ ok: false, status, message });

/**
 * The route of a raw request target (`IncomingMessage.url`), or why it is refused. Only targets
 * under `/checkin/` and `/v3/` come here; the caller serves everything else itself.
 */
export function routeOf(method: string, rawTarget: string): RouteVerdict {
  if (rawTarget.length > MAX_TARGET) return refuse(414, 'The request address is too long');
  if (!rawTarget.startsWith('/') || rawTarget.startsWith('//'))
    return refuse(400, 'Only paths of this server are answered, not absolute addresses');
  const at = rawTarget.indexOf('?');
  const rawPath = at < 0 ? rawTarget : rawTarget.slice(0, at);
  const query = at < 0 ? '' : rawTarget.slice(at + 1);
  if (query.length > MAX_QUERY || !QUERY.test(query)) return refuse(400, 'The query string is not valid');
  const segments = routedPath(rawPath).split('/').slice(1);
  if (!segments.every((segment) => SEGMENT.test(segment)))
    return refuse(404, 'The endpoint requested does not exist');
  const [prefix, ...rest] = segments;
  const methods = prefix === 'checkin' ? checkinMethods(rest) : prefix === 'v3' ? adminMethods(rest) : null;
  if (!methods) return refuse(404, 'The endpoint requested does not exist');
  if (!methods.includes(method))
    return { ok: false, status: 405, message: `Use ${methods.join(' or ')} here`, allow: methods.join(', ') };
  const path = `/${rest.join('/')}`;
  if (prefix === 'checkin')
    return { ok: true, route: { api: 'checkin', listSlug: rest[1] ?? '', path, query } };
  return { ok: true, route: { api: 'admin', path, query } };
}
