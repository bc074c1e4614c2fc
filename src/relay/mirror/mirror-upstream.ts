// The mirror's calls to the upstream Check-in API, all through `forward()` (no redirects, time
// and size limits), at paths built from the configured base and the list's slug only. An answer
// is a value: its status and parsed JSON, or `failed` when nothing usable came back (then the
// outcome of a write is unknown). Every answer's `Date` is told to the upstream clock
// (../upstream-clock), the one the mirror's change times are in.
import { type ForwardLimits, forward } from '../forward';
import type { UpstreamClock } from '../upstream-clock';

/** `date`: the upstream's clock when it answered (its `Date` header), null when it sent none. */
export type Call =
  | { kind: 'answer'; status: number; json: unknown; date: number | null }
  | { kind: 'failed' };

export interface Upstream {
  base: URL;
  limits: ForwardLimits;
  clock: Pick<UpstreamClock, 'heard'>;
}

export async function callUpstream(
  up: Upstream,
  slug: string,
  method: string,
  path: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<Call> {
  const url = new URL(`${up.base.href.replace(/\/$/, '')}/checkin_lists/${slug}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'venue-checkin-relay' };
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = new TextEncoder().encode(JSON.stringify(options.body)) as Uint8Array<ArrayBuffer>;
  }
  const result = await forward({ url, method, headers, body }, up.limits);
  if (!result.ok) return { kind: 'failed' };
  up.clock.heard(result.response.headers.get('date'));
  const { status } = result.response;
  if (status >= 500) return { kind: 'failed' };
  let json: unknown = null;
  try {
    const text = new TextDecoder().decode(result.response.body);
    json = text.trim() === '' ? null : JSON.parse(text);
  } catch {
    // A 2xx that is not JSON is not an answer we can trust for a write.
    if (status < 300) return { kind: 'failed' };
  }
  const date = Date.parse(result.response.headers.get('date') ?? '');
  return { kind: 'answer', status, json, date: Number.isNaN(date) ? null : date };
}

/**
 * Every page of a paged resource `since` (ms) or all of it, and the upstream's clock when it
 * answered the first page (null without a `Date` header); null when a page failed.
 */
export async function allPages(
  up: Upstream,
  slug: string,
  resource: 'tickets' | 'checkins' | 'answers',
  since: number | null,
): Promise<{ records: Record<string, unknown>[]; servedAt: number | null } | null> {
  const out: Record<string, unknown>[] = [];
  let servedAt: number | null = null;
  for (let page = 1; page <= 10_000; page++) {
    const query: Record<string, string> = { page: String(page) };
    if (since !== null) query.since = (Math.max(0, since) / 1000).toFixed(3);
    const answer = await callUpstream(up, slug, 'GET', `/${resource}`, { query });
    if (answer.kind !== 'answer' || answer.status !== 200 || !Array.isArray(answer.json)) return null;
    if (page === 1) servedAt = answer.date;
    if (answer.json.length === 0) break;
    for (const item of answer.json)
      if (typeof item === 'object' && item !== null && !Array.isArray(item) && Number.isSafeInteger(item.id))
        out.push(item as Record<string, unknown>);
  }
  return { records: out, servedAt };
}
