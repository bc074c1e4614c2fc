// A ticket and its check-ins read by the ticket's code, without the list in memory: the first
// verdicts after a restart come from here while the in-memory index builds. Guarantees: what it
// returns is every stored version of every ticket the code can name and every stored check-in
// of those tickets (first-download pages and rows changed since), so the caller, merging them as
// the index merges the whole list, decides as the index would; and it answers null rather than
// a partial answer when a stored page has no codes (kept before schema version 4).
// The copy is sealed (seal/sealed-rows.ts): a ticket page's codes are opened into memory once,
// when the list's codes are read; a scan's reads are asked for in one read-only transaction a
// step, and what they bring is opened after it (a transaction cannot wait on crypto); tickets
// changed since are found through their code's keyed digest. A scan's reads are kept for the
// scan (scan-reads.ts), so its order's read finds most of what it needs already read. A ticket
// page stored as slices has its codes say which item each key is on, and only the slices those
// items are in are read and opened (seal/sealed-slices.ts); a ticket page stored whole is read
// whole. Either is opened once and only the tickets whose keys match are parsed
// (seal/page-frame.ts; a page sealed before frames is parsed whole): a hash may match more, and
// every ticket found is checked against the code itself.
import type { RemoteCheckin, RemoteTicket } from '../api/schemas';
import { serviceCheckinRow } from './checkin-row';
import { type CheckinDatabase, pageRange } from './database';
import { orderReferenceOf } from '../domain/order';
import {
  holds,
  itemsUnder,
  orderKey,
  type PageCodes,
  referenceKey,
  slugKey,
  type StoredPageCodesRow,
  ticketIdKey,
} from './page-codes';
import type { CheckinRow, Resource, TicketRow } from './rows';
import {
  ask,
  changedKey,
  itemsHolding,
  itemsOn,
  type PagePart,
  partKey,
  type ScanReads,
  scanReads,
  storedCheckinsOf,
  type Wanted,
} from './scan-reads';
import type { SealBox } from './seal/seal-box';
import { openCodes, openTicket, orderDigest, referenceDigest, slugDigest } from './seal/sealed-rows';
import { sliceOf } from './seal/sealed-slices';

/**
 * The codes of every stored page of a list's tickets and check-ins, opened: about 8 KB a page, half
 * as much again for a sliced ticket page (each key's item beside it).
 */
export interface CodeIndex {
  tickets: PageCodes[];
  checkins: PageCodes[];
}

/** The same codes as stored (a ticket page's sealed): read without the passcode. */
export interface StoredCodeIndex {
  tickets: StoredPageCodesRow[];
  checkins: StoredPageCodesRow[];
}

export type CodeQuery =
  | { kind: 'slug'; slug: string }
  | { kind: 'reference'; reference: string }
  /** Every ticket of an order, by its reference as orderReferenceOf gives it. */
  | { kind: 'order'; order: string };

/** What a keyed read found, in the order the in-memory index would take it in. */
export interface KeyedFacts {
  /** First-download versions, then versions stored since (the newer `updatedAt` wins). */
  tickets: RemoteTicket[];
  /** First-download check-ins, then stored rows (pulled since, or made here). */
  checkins: CheckinRow[];
}

async function codesOf(db: CheckinDatabase, listSlug: string, resource: Resource) {
  const range = pageRange(listSlug, resource);
  const [pages, codes] = await Promise.all([
    db.pages
      .where('[listSlug+resource+page]')
      .between(...range)
      .primaryKeys(),
    db.pageCodes
      .where('[listSlug+resource+page]')
      .between(...range)
      .toArray(),
  ]);
  const coded = new Set(codes.map((row) => row.page));
  return pages.every((key) => coded.has(key[2])) ? codes : null;
}

/**
 * The list's page codes as stored, or null when a stored page has none yet (a keyed read cannot
 * answer). Only reads: it may run in the caller's transaction, before the door is unlocked.
 */
export async function readStoredCodes(
  db: CheckinDatabase,
  listSlug: string,
): Promise<StoredCodeIndex | null> {
  const [tickets, checkins] = await Promise.all([
    codesOf(db, listSlug, 'tickets'),
    codesOf(db, listSlug, 'checkins'),
  ]);
  return tickets && checkins ? { tickets, checkins } : null;
}

/** Stored codes opened (once the door is unlocked): a seal a ticket page, none a check-in page. */
export async function openCodeIndex(db: CheckinDatabase, stored: StoredCodeIndex): Promise<CodeIndex> {
  const box = await db.seal.box();
  const [tickets, checkins] = await Promise.all([
    Promise.all(stored.tickets.map((row) => openCodes(box, row))),
    Promise.all(stored.checkins.map((row) => openCodes(null, row))),
  ]);
  return { tickets, checkins };
}

/** The list's page codes, opened, or null when a stored page has none yet. */
export async function readCodeIndex(db: CheckinDatabase, listSlug: string): Promise<CodeIndex | null> {
  const stored = await readStoredCodes(db, listSlug);
  return stored && openCodeIndex(db, stored);
}

/**
 * Where `key` may be on one page, added to `into`: the slices its items are in, or the page when
 * it is whole. A page without the key (nearly every one: a scan asks this of each of the list's
 * pages) costs one binary search and allocates nothing.
 */
function addPartsOf(row: PageCodes, key: number, into: PagePart[]): void {
  if (!holds(row.keys, key)) return;
  if (!row.items) {
    into.push({ page: row.page });
    return;
  }
  for (const slice of new Set(itemsUnder(row, key).map(sliceOf))) into.push({ page: row.page, slice });
}

const inOrder = (a: PagePart, b: PagePart) => a.page - b.page || (a.slice ?? 0) - (b.slice ?? 0);

/**
 * The pages and slices, in page order, whose codes hold one of `keys`; each key's kept for the
 * scan. Check-in pages are never sliced: theirs are whole pages.
 */
function partsHolding(reads: ScanReads, resource: Resource, codes: PageCodes[], keys: number[]): PagePart[] {
  const found = new Map<string, PagePart>();
  for (const key of keys) {
    const memo = `${resource}:${key}`;
    let parts = reads.holding.get(memo);
    if (!parts) {
      parts = [];
      for (const row of codes) addPartsOf(row, key, parts);
      reads.holding.set(memo, parts);
    }
    for (const part of parts) found.set(partKey(resource, part), part);
  }
  return keys.length > 1 ? [...found.values()].sort(inOrder) : [...found.values()];
}

const pagesHolding = (reads: ScanReads, codes: PageCodes[], keys: number[]): number[] =>
  partsHolding(reads, 'checkins', codes, keys).map((part) => part.page);

/** A code's keyed digest (sealed-rows.ts), computed once a scan. */
function digestOf(reads: ScanReads, kind: string, code: string, digest: () => Promise<string>) {
  const memo = `${kind}|${code}`;
  const kept = reads.digests.get(memo) ?? digest();
  reads.digests.set(memo, kept);
  return kept;
}

const named = (query: CodeQuery) => {
  if (query.kind === 'slug') return (t: RemoteTicket) => t.slug === query.slug;
  if (query.kind === 'order') return (t: RemoteTicket) => orderReferenceOf(t) === query.order;
  return (t: RemoteTicket) => t.reference.toUpperCase() === query.reference.toUpperCase();
};

const keyOf = (query: CodeQuery) => {
  if (query.kind === 'slug') return slugKey(query.slug);
  if (query.kind === 'order') return orderKey(query.order);
  return referenceKey(query.reference);
};

const orderDigestOf = (box: SealBox, reads: ScanReads, order: string) =>
  digestOf(reads, 'order', order, () => orderDigest(box, order));

/** The tickets table's index for the query, and the code's digest it holds. */
async function changedIndex(box: SealBox, reads: ScanReads, query: CodeQuery): Promise<[string, string]> {
  if (query.kind === 'slug')
    return ['[listSlug+slug]', await digestOf(reads, 'slug', query.slug, () => slugDigest(box, query.slug))];
  if (query.kind === 'order') return ['[listSlug+order]', await orderDigestOf(box, reads, query.order)];
  const { reference } = query;
  return [
    '[listSlug+reference]',
    await digestOf(reads, 'reference', reference.toUpperCase(), () => referenceDigest(box, reference)),
  ];
}

/**
 * The reads a ticket's order will want (keyed-lookup.ts reads the ticket's order next), as far as
 * they are known now: the order's digest and pages, and its tickets on pages already open.
 */
async function orderReads(
  box: SealBox,
  codes: CodeIndex,
  reads: ScanReads,
  tickets: RemoteTicket[],
): Promise<Wanted> {
  const orders = [...new Set(tickets.map(orderReferenceOf).filter((o) => o !== null))];
  if (orders.length === 0) return {};
  const pages = partsHolding(reads, 'tickets', codes.tickets, orders.map(orderKey));
  const known = pages.filter((part) => reads.pages.has(partKey('tickets', part)));
  const mates = (await itemsHolding<RemoteTicket>(reads, 'tickets', known, orders.map(orderKey)))
    .filter((t) => orders.includes(orderReferenceOf(t) ?? ''))
    .map((t) => t.id);
  const changed = await Promise.all(
    orders.map(
      async (order): Promise<[string, string]> => [
        '[listSlug+order]',
        await orderDigestOf(box, reads, order),
      ],
    ),
  );
  return {
    ticketPages: pages,
    changed,
    byId: mates,
    checkinsOf: mates,
    checkinPages: pagesHolding(reads, codes.checkins, mates.map(ticketIdKey)),
  };
}

/**
 * Every stored version of the tickets `query` can name, and all of their check-ins. `reads`
 * holds what this scan read already (scan-reads.ts): asked again, it is not read again.
 * `withOrder` (the default): a ticket's code reads what its order's read will want as well.
 */
export async function readByCode(
  db: CheckinDatabase,
  listSlug: string,
  codes: CodeIndex,
  query: CodeQuery,
  reads: ScanReads = scanReads(),
  { withOrder = true }: { withOrder?: boolean } = {},
): Promise<KeyedFacts> {
  const box = await db.seal.box();
  const matches = named(query);
  const [index, digest] = await changedIndex(box, reads, query);
  const opened = (row: Parameters<typeof openTicket>[1]): Promise<TicketRow> =>
    openTicket(box, row).then((ticket) => ({ ...ticket, listSlug }));
  // Each step's reads are asked for together, in one read-only transaction: a restart's first
  // verdict waits for two turns of the database, not one a read (and the list's load is
  // waiting on this scan meanwhile). First the pages the code can be on, and the tickets stored
  // since the first download under the code's digest.
  const key = keyOf(query);
  const ticketPages = partsHolding(reads, 'tickets', codes.tickets, [key]);
  await ask(db, listSlug, box, reads, { ticketPages, changed: [[index, digest]] });
  const [onPages, changed] = await Promise.all([
    itemsHolding<RemoteTicket>(reads, 'tickets', ticketPages, [key]),
    Promise.all((reads.changed.get(changedKey(index, digest)) ?? []).map(opened)),
  ]);
  const fromPages = onPages.filter(matches);
  const found = changed.filter(matches);
  // A newer version of a ticket on a page (its slug or state changed) is stored by its id; the
  // check-ins of every ticket found come from their pages (an order's mostly share one) and the
  // stored rows.
  const ids = [...new Set([...fromPages, ...found].map((t) => t.id))];
  if (ids.length === 0) return { tickets: [], checkins: [] };
  const wanted = new Set(ids);
  const have = new Set(found.map((t) => t.id));
  const newerIds = ids.filter((id) => !have.has(id));
  const checkinPages = pagesHolding(reads, codes.checkins, ids.map(ticketIdKey));
  // The order's reads join this transaction when a ticket's code was asked with its order: then
  // reading the order (keyed-lookup.ts) mostly finds them all read.
  const order =
    query.kind === 'order' || !withOrder ? {} : await orderReads(box, codes, reads, [...fromPages, ...found]);
  await ask(db, listSlug, box, reads, {
    ticketPages: order.ticketPages,
    changed: order.changed,
    byId: [...newerIds, ...(order.byId ?? [])],
    checkinPages: [...checkinPages, ...(order.checkinPages ?? [])],
    checkinsOf: [...ids, ...(order.checkinsOf ?? [])],
  });
  const [newer, pageCheckins] = await Promise.all([
    Promise.all(newerIds.flatMap((id) => reads.byId.get(id) ?? []).map(opened)),
    itemsOn<RemoteCheckin>(reads, 'checkins', checkinPages),
  ]);
  const stored = new Map([...found, ...newer].map((t) => [t.id, t]));
  const checkins: CheckinRow[] = [];
  for (const c of pageCheckins) if (wanted.has(c.ticketId)) checkins.push(serviceCheckinRow(listSlug, c));
  checkins.push(...storedCheckinsOf(reads, ids));
  // Stored rows keep their list's slug, as the index loaded from them does.
  return { tickets: [...fromPages, ...stored.values()], checkins };
}
