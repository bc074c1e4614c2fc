// A ticket and its check-ins read by the ticket's code, without the list in memory: the first
// verdicts after a restart come from here while the in-memory index builds. Guarantees: what it
// returns is every stored version of every ticket the code can name and every stored check-in
// of those tickets (first-download pages and rows changed since), so the caller, merging them as
// the index merges the whole list, decides as the index would; and it answers null rather than
// a partial answer when a stored page has no codes (kept before schema version 4).
import type { RemoteCheckin, RemoteTicket } from '../api/schemas';
import { serviceCheckinRow } from './checkin-row';
import { type CheckinDatabase, listRange, pageRange } from './database';
import { orderReferenceOf } from '../domain/order';
import { holds, orderKey, type PageCodesRow, referenceKey, slugKey, ticketIdKey } from './page-codes';
import type { CheckinRow, Resource } from './rows';

/** The codes of every stored page of a list's tickets and check-ins: about 8 KB a page. */
export interface CodeIndex {
  tickets: PageCodesRow[];
  checkins: PageCodesRow[];
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

/** The list's page codes, or null when a stored page has none yet (a keyed read cannot answer). */
export async function readCodeIndex(db: CheckinDatabase, listSlug: string): Promise<CodeIndex | null> {
  const [tickets, checkins] = await Promise.all([
    codesOf(db, listSlug, 'tickets'),
    codesOf(db, listSlug, 'checkins'),
  ]);
  return tickets && checkins ? { tickets, checkins } : null;
}

/**
 * The pages one scan has read, decoded: a ticket's page and its order's are usually one page,
 * and its check-ins' page serves every ticket of the order, so each is read once a scan.
 */
export type PageReads = Map<string, Promise<unknown[]>>;

async function itemsOnPages<T>(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  codes: PageCodesRow[],
  keys: number[],
  reads: PageReads,
): Promise<T[]> {
  const pages = codes.filter((row) => keys.some((key) => holds(row.codes, key))).map((row) => row.page);
  const missing = pages.filter((page) => !reads.has(`${resource}:${page}`));
  if (missing.length > 0) {
    const rows = db.pages.bulkGet(
      missing.map((page) => [listSlug, resource, page] as [string, string, number]),
    );
    missing.forEach((page, i) => {
      reads.set(
        `${resource}:${page}`,
        rows.then((all) => (all[i]?.items ?? []) as unknown[]),
      );
    });
  }
  const items = await Promise.all(pages.map((page) => reads.get(`${resource}:${page}`) ?? []));
  return items.flat() as T[];
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

/** Every stored version of the tickets `query` can name, and all of their check-ins. */
export async function readByCode(
  db: CheckinDatabase,
  listSlug: string,
  codes: CodeIndex,
  query: CodeQuery,
  reads: PageReads = new Map(),
): Promise<KeyedFacts> {
  const matches = named(query);
  const key = keyOf(query);
  // Each step's reads are asked for together: a restart's first verdict waits for two turns of
  // the database, not one a read (and the list's load is waiting on this scan meanwhile).
  // Stored since the first download: by slug through its index; references are rarer (typed by
  // staff, or an order's) and the rows changed since are few, so those are read through.
  const [onPages, changed] = await Promise.all([
    itemsOnPages<RemoteTicket>(db, listSlug, 'tickets', codes.tickets, [key], reads),
    query.kind === 'slug'
      ? db.tickets.where('[listSlug+slug]').equals([listSlug, query.slug]).toArray()
      : db.tickets
          .where('[listSlug+id]')
          .between(...listRange(listSlug))
          .filter(matches)
          .toArray(),
  ]);
  const fromPages = onPages.filter(matches);
  // A newer version of a ticket on a page (its slug or state changed) is stored by its id; the
  // check-ins of every ticket found come from their pages (an order's mostly share one) and the
  // stored rows.
  const ids = [...new Set([...fromPages, ...changed].map((t) => t.id))];
  const wanted = new Set(ids);
  const [newer, pageRows, storedCheckins] = await Promise.all([
    db.tickets.bulkGet(ids.map((id) => [listSlug, id] as [string, number])),
    itemsOnPages<RemoteCheckin>(db, listSlug, 'checkins', codes.checkins, ids.map(ticketIdKey), reads),
    ids.length === 0
      ? []
      : db.checkins
          .where('[listSlug+ticketId]')
          .anyOf(ids.map((id) => [listSlug, id]))
          .toArray(),
  ]);
  const stored = new Map([...changed, ...newer.flatMap((t) => t ?? [])].map((t) => [t.id, t]));
  const checkins: CheckinRow[] = [];
  for (const c of pageRows) if (wanted.has(c.ticketId)) checkins.push(serviceCheckinRow(listSlug, c));
  checkins.push(...storedCheckins);
  // Stored rows keep their list's slug, as the index loaded from them does.
  return { tickets: [...fromPages, ...stored.values()], checkins };
}
