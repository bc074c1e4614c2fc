// Paths as the real service's router takes them, before a route is matched: runs of `/`
// collapse into one, one trailing `/` is dropped, and a `.json` suffix on the last segment is
// taken as asking for JSON (the only format there is). Nothing is decoded here: `%2F` stays
// three characters, so a normalised path never names another route than its segments say.
// The built-in service and the relay's whitelist (src/relay/relay-paths.ts) both use it.

const JSON_SUFFIX = '.json';

export function routedPath(path: string): string {
  let routed = path.replace(/\/{2,}/g, '/');
  if (routed.length > 1 && routed.endsWith('/')) routed = routed.slice(0, -1);
  const last = routed.slice(routed.lastIndexOf('/') + 1);
  if (last.length > JSON_SUFFIX.length && last.endsWith(JSON_SUFFIX))
    routed = routed.slice(0, -JSON_SUFFIX.length);
  return routed;
}
