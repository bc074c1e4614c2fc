// A request's target judged as it arrived, before anything resolves it. A URL parser turns
// `/releases/..` (and `%2e%2e`, `.%2E`, a `\` taken as `/`) into the segment before it, so a
// request that names no record would land on its parent: a DELETE of a release called `..`
// would delete the event. The real service's router never does this (a dynamic segment does
// not match dots), so a target whose path holds a dot segment, raw or percent-encoded in any
// case, a `\`, or a percent-encoded `/` or `\`, reaches no route here: both hosts (the built-in
// service's and the relay's) call `refusedTarget` on the raw target before anything else, and
// the built-in service checks the parsed form again for the in-app transport.
import { routedPath } from './route-path';

/** What the caller answers for a refused target: 400 for a target not of this server, else 404. */
export interface TargetRefusal {
  status: 400 | 404;
  message: string;
}

const ENCODED_SEPARATOR = /%(2f|5c)/i;
const ENCODED_DOT = /%2e/gi;
const NOT_FOUND: TargetRefusal = { status: 404, message: 'The endpoint requested does not exist' };

/** Whether a path segment is `.` or `..` once its percent-encoded dots are read as dots. */
export function isDotSegment(segment: string): boolean {
  const plain = segment.replace(ENCODED_DOT, '.');
  return plain === '.' || plain === '..';
}

/** Whether a path, as written, could name another path than its segments say. */
export function pathWalks(path: string): boolean {
  if (path.includes('\\') || ENCODED_SEPARATOR.test(path)) return true;
  if (path.split('/').some(isDotSegment)) return true;
  // `..json` is `..` asking for JSON once the router takes the suffix.
  return routedPath(path).split('/').some(isDotSegment);
}

/** The path of a raw target (`IncomingMessage.url`), without its query. */
export function targetPath(rawTarget: string): string {
  const query = rawTarget.search(/[?#]/);
  return query < 0 ? rawTarget : rawTarget.slice(0, query);
}

/**
 * Why a raw request target reaches no route, or null when it may. Origin-form only (`/…`): an
 * absolute target (`http://host/…`) would let the parser take the path from another authority.
 * A leading `//` is a doubled `/` here, as the router takes it.
 */
export function refusedTarget(rawTarget: string): TargetRefusal | null {
  if (!rawTarget.startsWith('/'))
    return { status: 400, message: 'Only paths of this server are answered, not absolute addresses' };
  return pathWalks(targetPath(rawTarget)) ? NOT_FOUND : null;
}
