// Watches a check-in list's arrivals for the organiser: every ticket and check-in once, then
// only what changed `since` a cursor, every few seconds, into an in-memory aggregate. Nothing
// is stored: the door's local copy is never touched. The cursor is the service's own clock
// (its `Date` header when the pull began, else the newest `updated_at` seen) less a margin,
// never this device's clock, so a laptop whose clock is off still misses nothing.
import type { CheckinClient, PagedItems } from '../../api/checkin-client';
import type { Failure, Result } from '../../domain/result';
import { ok } from '../../domain/result';
import type { RemoteCheckin, RemoteList, RemoteTicket } from '../../api/schemas';
import {
  type ArrivalCheckin,
  type Arrivals,
  type ArrivalTicket,
  createArrivals,
} from '../../domain/arrivals';
import type { Clock } from '../clock';
import { backoffMs } from '../clock';
import { DEFAULT_MARGIN_MS } from '../pull/pulled-pages';

export interface ArrivalsUpdate {
  arrivals: Arrivals;
  list: RemoteList;
  /** When the last pull succeeded (this device's clock: only for "updated 3 s ago"). */
  updatedAt: number;
}

export interface WatchOptions {
  api: CheckinClient;
  listSlug: string;
  clock: Clock;
  intervalMs?: number;
  onUpdate(update: ArrivalsUpdate): void;
  onFailure(failure: Failure): void;
}

export interface ArrivalsWatch {
  stop(): void;
}

export const arrivalTicket = (t: RemoteTicket): ArrivalTicket => ({
  id: t.id,
  reference: t.reference,
  name: [t.firstName, t.lastName].filter(Boolean).join(' '),
  email: t.email,
  release: t.releaseTitle,
  state: t.state,
});

export const arrivalCheckin = (c: RemoteCheckin): ArrivalCheckin => ({
  uuid: c.uuid,
  ticketId: c.ticketId,
  createdAt: c.createdAt,
  deletedAt: c.deletedAt,
});

type Resource = 'tickets' | 'checkins';

interface Cursor {
  since: number | null;
  pageSize: number;
}

/** Every page of one resource (since the cursor, when set); returns the newest `updated_at`. */
async function pullAll<R extends Resource>(
  api: CheckinClient,
  slug: string,
  resource: R,
  cursor: Cursor,
  take: (items: PagedItems[R][]) => void,
): Promise<Result<number | null>> {
  let newest: number | null = null;
  for (let page = 1; ; page++) {
    const answer = await api.listPage(resource, slug, page, cursor.since);
    if (!answer.ok) return answer;
    const items = answer.value;
    if (items.length === 0) break;
    take(items);
    for (const item of items) newest = Math.max(newest ?? 0, item.updatedAt);
    // No page counts are asked for: a page shorter than the longest one seen is the last.
    const full = items.length >= cursor.pageSize;
    cursor.pageSize = Math.max(cursor.pageSize, items.length);
    if (!full) break;
  }
  return ok(newest);
}

export function watchArrivals(options: WatchOptions): ArrivalsWatch {
  const { api, listSlug, clock, intervalMs = 3000 } = options;
  const arrivals = createArrivals();
  const cursors: Record<Resource, Cursor> = {
    tickets: { since: null, pageSize: 0 },
    checkins: { since: null, pageSize: 0 },
  };
  let timer: unknown = null;
  let stopped = false;
  let failures = 0;

  async function pull(): Promise<Result<RemoteList>> {
    const since = Math.min(...Object.values(cursors).map((c) => c.since ?? 0));
    const list = await api.getList(listSlug, cursors.checkins.since === null ? null : since);
    if (!list.ok) return list;
    // Without the service's clock, a resource with no records yet borrows the newest time of
    // the other: anything made later carries a later `updated_at`.
    let newestOfAll: number | null = null;
    for (const resource of ['tickets', 'checkins'] as const) {
      const cursor = cursors[resource];
      const newest = await pullAll(api, listSlug, resource, cursor, (items) =>
        resource === 'tickets'
          ? arrivals.putTickets((items as RemoteTicket[]).map(arrivalTicket))
          : arrivals.putCheckins((items as RemoteCheckin[]).map(arrivalCheckin)),
      );
      if (!newest.ok) return newest;
      if (newest.value !== null) newestOfAll = Math.max(newestOfAll ?? 0, newest.value);
      const seenUpTo = list.value.serverTime ?? newest.value ?? newestOfAll;
      if (seenUpTo !== null) cursor.since = Math.max(cursor.since ?? 0, seenUpTo - DEFAULT_MARGIN_MS);
    }
    return list;
  }

  async function tick() {
    timer = null;
    if (stopped) return;
    const result = await pull();
    if (stopped) return;
    if (result.ok) {
      failures = 0;
      options.onUpdate({ arrivals, list: result.value, updatedAt: clock.now() });
    } else {
      failures++;
      options.onFailure(result);
    }
    const wait = result.ok
      ? intervalMs
      : Math.max(intervalMs, backoffMs(failures, result.reason === 'rate-limited' ? result.retryAfterMs : 0));
    // One pull at a time: the next is timed from the end of this one.
    timer = clock.setTimeout(tick, wait);
  }

  timer = clock.setTimeout(tick, 0);
  return {
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
    },
  };
}
