// What one scan's keyed reads (keyed-read.ts) have asked the database for, kept for the rest of
// the scan. Guarantees: each `ask` runs every read the scan still lacks in one read-only
// transaction, and none when it lacks nothing; a read kept here answers exactly what the same
// read asked again would have answered in this scan's transactions (rows are kept as the
// database gave them, in its order; pages opened once); nothing is kept beyond the scan but
// opened first-download pages, which never change once the download finished (the caller
// decides how long it keeps them). A transaction is the keyed read's largest cost after opening
// a page: a scan of an order's ticket asks for the ticket, then its order, and the order's reads
// are mostly known once the ticket's page is open, so they join the ticket's second transaction.
import type { CheckinDatabase } from './database';
import type { CheckinRow, Resource, StoredPageRow, StoredTicketRow } from './rows';
import type { SealBox } from './seal/seal-box';
import { openPage } from './seal/sealed-rows';

/** Opened first-download pages by `<resource>:<page>`: the one part a caller may keep longer. */
export type PageReads = Map<string, Promise<unknown[]>>;

export interface ScanReads {
  pages: PageReads;
  /** Tickets stored since the first download under a code's digest, by `<index>|<digest>`. */
  changed: Map<string, StoredTicketRow[]>;
  /** Tickets stored since the first download, by id (undefined: none). */
  byId: Map<number, StoredTicketRow | undefined>;
  /** Stored check-ins by ticket id, in the database's order. */
  checkinsOf: Map<number, CheckinRow[]>;
}

/** A scan's reads, starting from pages already opened (`pages`, kept by the caller, if any). */
export const scanReads = (pages: PageReads = new Map()): ScanReads => ({
  pages,
  changed: new Map(),
  byId: new Map(),
  checkinsOf: new Map(),
});

/** Reads a step wants; `ask` fetches only those the scan does not hold yet. */
export interface Wanted {
  ticketPages?: number[];
  checkinPages?: number[];
  /** `[index, digest]` of the tickets table. */
  changed?: [string, string][];
  byId?: number[];
  checkinsOf?: number[];
}

const pageKey = (resource: Resource, page: number) => `${resource}:${page}`;
export const changedKey = (index: string, digest: string) => `${index}|${digest}`;

const unique = <T>(items: T[]) => [...new Set(items)];

/** Fetches what `reads` lacks of `want` in one read-only transaction, then opens the pages read. */
export async function ask(
  db: CheckinDatabase,
  listSlug: string,
  box: SealBox,
  reads: ScanReads,
  want: Wanted,
): Promise<void> {
  const ticketPages = unique(want.ticketPages ?? []).filter((p) => !reads.pages.has(pageKey('tickets', p)));
  const checkinPages = unique(want.checkinPages ?? []).filter(
    (p) => !reads.pages.has(pageKey('checkins', p)),
  );
  const changed = (want.changed ?? []).filter(([i, d]) => !reads.changed.has(changedKey(i, d)));
  const byId = unique(want.byId ?? []).filter((id) => !reads.byId.has(id));
  const checkinsOf = unique(want.checkinsOf ?? [])
    .filter((id) => !reads.checkinsOf.has(id))
    .sort((a, b) => a - b);
  if (ticketPages.length + checkinPages.length + changed.length + byId.length + checkinsOf.length === 0)
    return;
  const pagesOf = (resource: Resource, pages: number[]): Promise<(StoredPageRow | undefined)[]> =>
    pages.length === 0
      ? Promise.resolve([])
      : db.pages.bulkGet(pages.map((page) => [listSlug, resource, page] as [string, string, number]));
  const [ticketRows, checkinRows, changedRows, byIdRows, storedCheckins] = await db.transaction(
    'r',
    db.pages,
    db.tickets,
    db.checkins,
    () =>
      Promise.all([
        pagesOf('tickets', ticketPages),
        pagesOf('checkins', checkinPages),
        Promise.all(
          changed.map(([index, digest]) => db.tickets.where(index).equals([listSlug, digest]).toArray()),
        ),
        byId.length === 0 ? [] : db.tickets.bulkGet(byId.map((id) => [listSlug, id] as [string, number])),
        checkinsOf.length === 0
          ? []
          : db.checkins
              .where('[listSlug+ticketId]')
              .anyOf(checkinsOf.map((id) => [listSlug, id]))
              .toArray(),
      ]),
  );
  // Opened after the transaction: opening waits on crypto, and a transaction cannot.
  const keep = (resource: Resource, pages: number[], rows: (StoredPageRow | undefined)[]) =>
    pages.forEach((page, i) => {
      const row = rows[i];
      reads.pages.set(pageKey(resource, page), row ? openPage(box, row) : Promise.resolve([]));
    });
  keep('tickets', ticketPages, ticketRows);
  keep('checkins', checkinPages, checkinRows);
  changed.forEach(([index, digest], i) => {
    reads.changed.set(changedKey(index, digest), changedRows[i]!);
  });
  byId.forEach((id, i) => {
    reads.byId.set(id, byIdRows[i]);
  });
  for (const id of checkinsOf) reads.checkinsOf.set(id, []);
  for (const row of storedCheckins) reads.checkinsOf.get(row.ticketId)?.push(row);
}

/** The opened items of `pages` (each asked for before); each becomes the most recently used. */
export const itemsOn = async <T>(reads: ScanReads, resource: Resource, pages: number[]) =>
  (
    await Promise.all(
      pages.map((page) => {
        const key = pageKey(resource, page);
        const items = reads.pages.get(key);
        if (!items) return [];
        reads.pages.delete(key);
        reads.pages.set(key, items);
        return items;
      }),
    )
  ).flat() as T[];

/** Drops all but the `limit` pages used last. */
export function keepRecent(pages: PageReads, limit: number): void {
  for (const key of pages.keys()) {
    if (pages.size <= limit) return;
    pages.delete(key);
  }
}

/** The stored check-ins of `ids` (each asked for before), in the order one read of them all gives. */
export const storedCheckinsOf = (reads: ScanReads, ids: number[]) =>
  [...new Set(ids)].sort((a, b) => a - b).flatMap((id) => reads.checkinsOf.get(id) ?? []);
