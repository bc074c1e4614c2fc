// The open list in memory: tickets by id, slug and reference, a prefix-search index, and
// check-ins by ticket. Built from the local copy (Dexie) when a list opens and kept in step
// with every write, so a scan's verdict needs no IndexedDB read at all. Pure TypeScript.
// A check-in is held once: this device's own row and the service's record of it (a page of the
// first download, a pull) are one row under the device's key, whichever came first
// (same-checkin.ts), so its own admission is never counted as a double.
// The search index (search-haystack.ts) is built on the first search, or ahead of it in short
// slices (`indexSearchFor`): a verdict never uses it.
// Memory: 100,000 tickets live in a phone's worker, so tickets are kept with their strings
// shared (compact-ticket.ts), an order of one ticket and a ticket's one check-in are held
// without an array or map around them (ticket-checkins.ts).
// Counts: a ticket is in when the service holds an active check-in of it or this door's own
// check-in awaits its answer. A check-in the service refused (parked) was never held there: it
// counts nobody in, so the door's figures converge on the service's; beside a check-in that is
// held, it still makes the ticket a double admission, shown for staff to resolve.
import type { RemoteTicket } from '../../api/schemas';
import type { CheckinRow } from '../../db/rows';
import { countsTowardList } from '../../domain/list-count';
import { orderReferenceOf } from '../../domain/order';
import { compactTicket, createStringPool } from './compact-ticket';
import { rankTickets, type SearchQuery, searchQuery, type TicketHit } from '../../domain/search-rank';
import { createSearchHaystack } from './search-haystack';
import { olderThanHeld, oneCheckinOf, sameCheckin } from './same-checkin';
import { createTicketCheckins } from './ticket-checkins';

/** The list's figures as the service counts them (see countsTowardList), and people inside. */
export interface ListCounts {
  /** Tickets on the list: equals the list's `tickets_count` once the copy is up to date. */
  tickets: number;
  /** Of those, tickets with an active check-in not refused by the service: never more than `tickets`. */
  checkedIn: number;
  /** Tickets with an active check-in not refused, whatever became of the ticket since: people inside. */
  inside: number;
}

export interface ListIndex {
  putTickets(tickets: readonly RemoteTicket[]): void;
  /** Adds or replaces check-ins; `replaces` names a local key the row supersedes. */
  putCheckins(rows: readonly CheckinRow[], replaces?: readonly string[]): void;
  removeCheckins(keys: readonly string[]): void;
  ticketById(id: number): RemoteTicket | undefined;
  ticketBySlug(slug: string): RemoteTicket | undefined;
  ticketByReference(reference: string): RemoteTicket | undefined;
  /** The tickets of one registration (order) the copy holds, by its reference. */
  ticketsOfOrder(reference: string): RemoteTicket[];
  /** How many tickets the copy holds of an order, by its upper-case reference: no array made. */
  orderSize(reference: string): number;
  checkinsOf(ticketId: number): CheckinRow[];
  checkinByKey(key: string): CheckinRow | undefined;
  /**
   * Tickets with a search term starting with one of the query's words: every ticket the query
   * matches and maybe more (ranking checks each: domain/search-rank.ts).
   */
  candidates(query: SearchQuery): RemoteTicket[];
  /** The tickets the query matches, best first (see domain/search-rank.ts), at most `limit`. */
  search(query: string, limit?: number): TicketHit<RemoteTicket>[];
  /** Builds the search index for at most `ms`; true once it is whole. */
  indexSearchFor(ms: number): boolean;
  /** Tickets holding more than one active check-in, one of them not refused (double admissions). */
  doubleAdmissions(): number[];
  counts(): ListCounts;
  /** Every ticket and check-in, for figures over the whole list. */
  everything(): { tickets: RemoteTicket[]; checkins: CheckinRow[] };
}

export function createListIndex(): ListIndex {
  const byId = new Map<number, RemoteTicket>();
  const bySlug = new Map<string, number>();
  const byReference = new Map<string, number>();
  // Most orders hold one ticket: its id stands alone, an array only for two or more.
  const byOrder = new Map<string, number | number[]>();
  const idsOfOrder = (key: string): readonly number[] => {
    const ids = byOrder.get(key);
    return ids === undefined ? [] : typeof ids === 'number' ? [ids] : ids;
  };
  const dropFromOrder = (ticket: RemoteTicket) => {
    const key = orderReferenceOf(ticket);
    if (key === null) return;
    const left = idsOfOrder(key).filter((id) => id !== ticket.id);
    if (left.length > 1) byOrder.set(key, left);
    else if (left.length === 1) byOrder.set(key, left[0]!);
    else byOrder.delete(key);
  };
  const addToOrder = (key: string, id: number) => {
    const ids = byOrder.get(key);
    if (ids === undefined) byOrder.set(key, id);
    else if (typeof ids === 'number') byOrder.set(key, [ids, id]);
    else ids.push(id);
  };
  const strings = createStringPool();
  const haystack = createSearchHaystack();
  const checkinsByTicket = createTicketCheckins(strings);
  const ticketOfKey = new Map<string, number>();
  // Tickets in (a held or unanswered check-in), and those standing twice or more.
  const active = new Set<number>();
  const doubled = new Set<number>();
  // Cancelled tickets stay known (a scan says "cancelled"), but are not on the list's count.
  // Kept as running totals: counts() is read after every scan, on lists of 100,000 tickets.
  let onList = 0;
  let onListCheckedIn = 0;

  // Until the search index is started, tickets go in by id only; once started, as they come.
  let unindexed: Iterator<RemoteTicket> | null = null;
  let searchStarted = false;
  let searchWhole = false;
  const indexSearch = (until: number) => {
    if (searchWhole) return true;
    if (!searchStarted) {
      searchStarted = true;
      unindexed = byId.values();
    }
    // Tickets put while this runs are indexed twice at worst; search drops repeated hits.
    for (let step = 0; ; step++) {
      if (step > 0 && step % 256 === 0 && performance.now() >= until) return false;
      const next = unindexed!.next();
      if (next.done) break;
      haystack.add(next.value);
    }
    unindexed = null;
    searchWhole = true;
    return true;
  };

  const recount = (ticketId: number) => {
    let standing = 0;
    let held = 0;
    for (const c of checkinsByTicket.rowsOf(ticketId)) {
      if (c.deletedAt !== null) continue;
      standing++;
      if (c.status !== 'parked') held++;
    }
    const ticket = byId.get(ticketId);
    if (ticket && countsTowardList(ticket))
      onListCheckedIn += (held > 0 ? 1 : 0) - (active.has(ticketId) ? 1 : 0);
    if (held) active.add(ticketId);
    else active.delete(ticketId);
    // Refusals alone are no double admission: nothing of the ticket is held beside them.
    if (held && standing > 1) doubled.add(ticketId);
    else doubled.delete(ticketId);
  };

  const dropKey = (key: string, touched: Set<number>) => {
    const ticketId = ticketOfKey.get(key);
    if (ticketId === undefined) return;
    checkinsByTicket.delete(ticketId, key);
    ticketOfKey.delete(key);
    touched.add(ticketId);
  };

  const candidates = (query: SearchQuery): RemoteTicket[] => {
    indexSearch(Number.POSITIVE_INFINITY);
    const found: RemoteTicket[] = [];
    for (const id of haystack.candidates(query.words)) {
      const ticket = byId.get(id);
      if (ticket) found.push(ticket);
    }
    return found;
  };

  return {
    putTickets(tickets) {
      for (const given of tickets) {
        const before = byId.get(given.id);
        if (before && before.updatedAt > given.updatedAt) continue;
        if (before) {
          bySlug.delete(before.slug);
          byReference.delete(before.reference.toUpperCase());
          dropFromOrder(before);
        }
        const order = orderReferenceOf(given);
        const mateId = order === null ? undefined : idsOfOrder(order)[0];
        const t = compactTicket(given, strings, mateId === undefined ? undefined : byId.get(mateId));
        byId.set(t.id, t);
        const change = (countsTowardList(t) ? 1 : 0) - (before && countsTowardList(before) ? 1 : 0);
        onList += change;
        if (active.has(t.id)) onListCheckedIn += change;
        bySlug.set(t.slug, t.id);
        byReference.set(t.reference.toUpperCase(), t.id);
        if (order !== null) addToOrder(order, t.id);
        // An updated ticket's older words stay in the index; search looks each hit up by id.
        if (searchStarted) haystack.add(t);
      }
    },
    putCheckins(rows, replaces = []) {
      const touched = new Set<number>();
      for (const key of replaces) dropKey(key, touched);
      for (const given of rows) {
        let before: CheckinRow | undefined;
        let twin: CheckinRow | undefined;
        for (const held of checkinsByTicket.rowsOf(given.ticketId))
          if (held.key === given.key) before = held;
          else if (sameCheckin(held, given)) twin = held;
        let row = given;
        if (twin) {
          // The service's record of this device's own check-in, held under another key: one
          // check-in, kept under the device's key (its rows, outbox and undos know it by that).
          const merged = oneCheckinOf(twin, given);
          if (merged === null) continue;
          if (merged.key === twin.key) before = undefined;
          else dropKey(twin.key, touched);
          row = merged;
        }
        const prior = before;
        if (prior && olderThanHeld(prior, row)) continue;
        // A pulled copy carries none of what only this device knows: it keeps those marks.
        const known = prior && !row.deviceName && !row.endedBy && (prior.deviceName || prior.endedBy);
        checkinsByTicket.set(
          known
            ? {
                ...row,
                deviceName: prior.deviceName,
                clientId: prior.clientId,
                ...(prior.endedBy && { endedBy: prior.endedBy }),
              }
            : row,
        );
        ticketOfKey.set(row.key, row.ticketId);
        touched.add(row.ticketId);
      }
      for (const id of touched) recount(id);
    },
    removeCheckins(keys) {
      const touched = new Set<number>();
      for (const key of keys) dropKey(key, touched);
      for (const id of touched) recount(id);
    },
    ticketById: (id) => byId.get(id),
    checkinByKey(key) {
      const id = ticketOfKey.get(key);
      return id === undefined ? undefined : checkinsByTicket.get(id, key);
    },
    ticketBySlug(slug) {
      const id = bySlug.get(slug);
      return id === undefined ? undefined : byId.get(id);
    },
    ticketByReference(reference) {
      const id = byReference.get(reference.toUpperCase());
      return id === undefined ? undefined : byId.get(id);
    },
    ticketsOfOrder(reference) {
      const tickets: RemoteTicket[] = [];
      for (const id of idsOfOrder(reference.toUpperCase())) {
        const ticket = byId.get(id);
        if (ticket) tickets.push(ticket);
      }
      return tickets;
    },
    orderSize(reference) {
      const ids = byOrder.get(reference);
      return ids === undefined ? 0 : typeof ids === 'number' ? 1 : ids.length;
    },
    checkinsOf: (ticketId) => [...checkinsByTicket.rowsOf(ticketId)],
    candidates,
    search(text, limit = 50) {
      const query = searchQuery(text);
      return query ? rankTickets(query, candidates(query), limit) : [];
    },
    indexSearchFor: (ms) => indexSearch(performance.now() + ms),
    doubleAdmissions: () => [...doubled],
    // A ticket checked in and then cancelled is no longer one of the list's tickets, so it is
    // not "checked in" either (nor is a check-in of a ticket the copy does not hold yet): the
    // service's checked_in_count leaves both out, and "in" can never exceed the total. Its
    // guest walked in all the same and nothing walked them out: they stay in `inside`.
    counts: () => ({ tickets: onList, checkedIn: onListCheckedIn, inside: active.size }),
    everything: () => ({
      tickets: [...byId.values()],
      checkins: checkinsByTicket.all(),
    }),
  };
}
