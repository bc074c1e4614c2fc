// The arrivals of one check-in list, aggregated in memory from what the Check-in API pages out
// (tickets and check-ins, first in full, then `since` a cursor). Records seen twice replace
// the earlier copy, so the overlap of `since` pulls is harmless. Meanings, chosen to match the
// Admin API's `checked_in_count` and the doors' "inside now":
// - checked in: tickets of the list (countsTowardList: the service's tickets_count) with at
//   least one active check-in; a ticket cancelled after it came in is off the list, so not;
// - inside now: active check-ins (a deleted one is an exit or an undo: the service cannot tell);
// - arrivals: check-ins made, by the minute they were made, deleted ones included (an arrival
//   that later left still arrived);
// - double admission: a ticket with more than one active check-in.
import { countsTowardList } from './list-count';

export interface ArrivalTicket {
  id: number;
  reference: string;
  name: string;
  email: string | null;
  release: string | null;
  /** The ticket's state as the service gives it: a void ticket is seen but not on the list. */
  state: string | null;
}

export interface ArrivalCheckin {
  uuid: string;
  ticketId: number;
  createdAt: number;
  deletedAt: number | null;
}

export interface ReleaseProgress {
  release: string;
  total: number;
  checkedIn: number;
}

export interface ArrivalBucket {
  /** Start of the five minutes, epoch ms. */
  start: number;
  count: number;
}

export interface FeedItem {
  uuid: string;
  ticketId: number;
  name: string;
  release: string | null;
  at: number;
  /** Deleted since: an exit or an undo. */
  left: boolean;
}

export interface DoubleAdmission {
  ticketId: number;
  name: string;
  reference: string;
  release: string | null;
  /** When each active check-in was made, oldest first. */
  times: number[];
}

export interface ArrivalsSummary {
  total: number;
  checkedIn: number;
  insideNow: number;
  byRelease: ReleaseProgress[];
  perFiveMinutes: ArrivalBucket[];
  latest: FeedItem[];
  doubles: DoubleAdmission[];
}

export const BUCKET_MS = 5 * 60_000;
/** The chart shows at most this many buckets (12 hours), ending now. */
export const MAX_BUCKETS = 144;
/** ...and at least this many (an hour), once there is an arrival. */
export const MIN_BUCKETS = 12;
export const FEED_LENGTH = 12;
const NO_RELEASE = 'No release';

export interface Arrivals {
  putTickets(tickets: readonly ArrivalTicket[]): void;
  putCheckins(checkins: readonly ArrivalCheckin[]): void;
  ticket(id: number): ArrivalTicket | undefined;
  /** Every check-in known, oldest first. */
  checkins(): ArrivalCheckin[];
  summary(now: number): ArrivalsSummary;
}

export const ticketName = (ticket: ArrivalTicket | undefined, ticketId: number) =>
  ticket?.name || ticket?.reference || `Ticket ${ticketId}`;

const bucketOf = (at: number) => Math.floor(at / BUCKET_MS) * BUCKET_MS;

export function createArrivals(): Arrivals {
  const tickets = new Map<number, ArrivalTicket>();
  const checkins = new Map<string, ArrivalCheckin>();

  function perFiveMinutes(now: number): ArrivalBucket[] {
    const counts = new Map<number, number>();
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const checkin of checkins.values()) {
      const start = bucketOf(checkin.createdAt);
      counts.set(start, (counts.get(start) ?? 0) + 1);
      first = Math.min(first, start);
      last = Math.max(last, start);
    }
    if (counts.size === 0) return [];
    // A check-in stamped ahead of this device's clock still shows: the chart ends at the later.
    const end = Math.max(bucketOf(now), last);
    // At least the last hour, so a first arrival shows on a time axis rather than alone.
    const begin = Math.max(
      Math.min(first, end - (MIN_BUCKETS - 1) * BUCKET_MS),
      end - (MAX_BUCKETS - 1) * BUCKET_MS,
    );
    const buckets: ArrivalBucket[] = [];
    for (let start = begin; start <= end; start += BUCKET_MS)
      buckets.push({ start, count: counts.get(start) ?? 0 });
    return buckets;
  }

  return {
    putTickets(items) {
      for (const ticket of items) tickets.set(ticket.id, ticket);
    },
    putCheckins(items) {
      for (const checkin of items) checkins.set(checkin.uuid, checkin);
    },
    ticket: (id) => tickets.get(id),
    checkins: () => [...checkins.values()].sort((a, b) => a.createdAt - b.createdAt),

    summary(now) {
      const active = new Map<number, number[]>();
      let insideNow = 0;
      for (const checkin of checkins.values()) {
        if (checkin.deletedAt !== null) continue;
        insideNow++;
        const times = active.get(checkin.ticketId) ?? [];
        times.push(checkin.createdAt);
        active.set(checkin.ticketId, times);
      }
      const releases = new Map<string, ReleaseProgress>();
      let total = 0;
      let checkedIn = 0;
      for (const ticket of tickets.values()) {
        if (!countsTowardList(ticket)) continue;
        const name = ticket.release ?? NO_RELEASE;
        const progress = releases.get(name) ?? { release: name, total: 0, checkedIn: 0 };
        releases.set(name, progress);
        total++;
        progress.total++;
        if (active.has(ticket.id)) {
          checkedIn++;
          progress.checkedIn++;
        }
      }
      const latest = [...checkins.values()]
        .sort((a, b) => b.createdAt - a.createdAt || (a.uuid < b.uuid ? 1 : -1))
        .slice(0, FEED_LENGTH)
        .map((checkin) => {
          const ticket = tickets.get(checkin.ticketId);
          return {
            uuid: checkin.uuid,
            ticketId: checkin.ticketId,
            name: ticketName(ticket, checkin.ticketId),
            release: ticket?.release ?? null,
            at: checkin.createdAt,
            left: checkin.deletedAt !== null,
          };
        });
      const doubles: DoubleAdmission[] = [];
      for (const [ticketId, times] of active) {
        if (times.length < 2) continue;
        const ticket = tickets.get(ticketId);
        doubles.push({
          ticketId,
          name: ticketName(ticket, ticketId),
          reference: ticket?.reference ?? '',
          release: ticket?.release ?? null,
          times: times.sort((a, b) => a - b),
        });
      }
      doubles.sort((a, b) => (b.times.at(-1) ?? 0) - (a.times.at(-1) ?? 0));
      return {
        total,
        checkedIn,
        insideNow,
        byRelease: [...releases.values()].sort((a, b) => a.release.localeCompare(b.release)),
        perFiveMinutes: perFiveMinutes(now),
        latest,
        doubles,
      };
    },
  };
}
