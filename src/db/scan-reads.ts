// What one scan's keyed reads (keyed-read.ts) have asked the database for, kept for the rest of
// the scan. Guarantees: each `ask` runs every read the scan still lacks in one read-only
// transaction, and none when it lacks nothing; a read kept here answers exactly what the same
// read asked again would have answered in this scan's transactions (rows are kept as the
// database gave them, in its order; pages and slices opened once, their tickets parsed only as
// they are asked for, seal/page-frame.ts); nothing is kept beyond the scan but opened
// first-download pages, which never change once the download finished (the caller decides how
// long it keeps them), and each code's digest and pages are computed once a scan. A transaction
// is the keyed read's largest cost after opening a page: a scan of an order's ticket asks for
// the ticket, then its order, and the order's reads are mostly known once the ticket's page is
// open, so they join the ticket's second transaction. The reads go straight to IndexedDB (one
// read-only transaction of plain gets), not through Dexie, whose wrapping of each request and
// promise cost the phone's worker more than the reads themselves.
import type { CheckinDatabase } from './database';
import type { CheckinRow, Resource, SealedSliceRow, StoredPageRow, StoredTicketRow } from './rows';
import type { OpenedPage } from './seal/page-frame';
import type { SealBox } from './seal/seal-box';
import { openPageLazily } from './seal/sealed-rows';
import { openSlice } from './seal/sealed-slices';

/**
 * Where a keyed read finds first-download items: a page stored whole, or one slice of a page
 * stored as slices (seal/sealed-slices.ts).
 */
export interface PagePart {
  page: number;
  slice?: number;
}

/**
 * Opened first-download pages and slices by `partKey`: the one part a caller may keep longer.
 * Tickets are kept as their opened frame (seal/page-frame.ts): parsed as they are asked for, and
 * kept.
 */
export type PageReads = Map<string, Promise<OpenedPage<unknown>>>;

export interface ScanReads {
  pages: PageReads;
  /** Tickets stored since the first download under a code's digest, by `<index>|<digest>`. */
  changed: Map<string, StoredTicketRow[]>;
  /** Tickets stored since the first download, by id (undefined: none). */
  byId: Map<number, StoredTicketRow | undefined>;
  /** Stored check-ins by ticket id, in the database's order. */
  checkinsOf: Map<number, CheckinRow[]>;
  /** Keyed digests of codes (the box's `digest` input): a scan asks for its order's twice. */
  digests: Map<string, Promise<string>>;
  /** Pages and slices whose codes hold a key, by `<resource>:<key>`: the same keys are asked for each step. */
  holding: Map<string, PagePart[]>;
}

/** A scan's reads, starting from pages already opened (`pages`, kept by the caller, if any). */
export const scanReads = (pages: PageReads = new Map()): ScanReads => ({
  pages,
  changed: new Map(),
  byId: new Map(),
  checkinsOf: new Map(),
  digests: new Map(),
  holding: new Map(),
});

/** Reads a step wants; `ask` fetches only those the scan does not hold yet. */
export interface Wanted {
  ticketPages?: PagePart[];
  checkinPages?: number[];
  /** `[index, digest]` of the tickets table. */
  changed?: [string, string][];
  byId?: number[];
  checkinsOf?: number[];
}

/** A page's or a slice's key in `PageReads`. */
export const partKey = (resource: Resource, { page, slice }: PagePart) =>
  slice === undefined ? `${resource}:${page}` : `${resource}:${page}/${slice}`;
export const changedKey = (index: string, digest: string) => `${index}|${digest}`;

const unique = <T>(items: T[]) => [...new Set(items)];

/** The database's own connection, opened if Dexie has not opened it yet. */
async function backend(db: CheckinDatabase): Promise<IDBDatabase> {
  if (!db.isOpen()) await db.open();
  return db.backendDB();
}

/**
 * Requests made together in one read-only IndexedDB transaction, their results once all have
 * come. Straight on IndexedDB, not through Dexie: a scan's reads are a handful of gets, and
 * Dexie's promise zones and request wrappers cost the phone's worker more than the reads do.
 */
function readTogether(idb: IDBDatabase, requests: (tx: IDBTransaction) => IDBRequest[][]) {
  return new Promise<unknown[][]>((resolve, reject) => {
    const tx = idb.transaction(['pages', 'pageSlices', 'tickets', 'checkins'], 'readonly');
    const made = requests(tx);
    tx.oncomplete = () => resolve(made.map((group) => group.map((request) => request.result)));
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('The read was aborted', 'AbortError'));
  });
}

/** Fetches what `reads` lacks of `want` in one read-only transaction, then opens the pages read. */
export async function ask(
  db: CheckinDatabase,
  listSlug: string,
  box: SealBox,
  reads: ScanReads,
  want: Wanted,
): Promise<void> {
  const ticketParts = [
    ...new Map((want.ticketPages ?? []).map((part) => [partKey('tickets', part), part])).entries(),
  ].filter(([key]) => !reads.pages.has(key));
  const checkinPages = unique(want.checkinPages ?? []).filter(
    (page) => !reads.pages.has(partKey('checkins', { page })),
  );
  const changed = (want.changed ?? []).filter(([i, d]) => !reads.changed.has(changedKey(i, d)));
  const byId = unique(want.byId ?? []).filter((id) => !reads.byId.has(id));
  const checkinsOf = unique(want.checkinsOf ?? [])
    .filter((id) => !reads.checkinsOf.has(id))
    .sort((a, b) => a - b);
  if (ticketParts.length + checkinPages.length + changed.length + byId.length + checkinsOf.length === 0)
    return;
  const [ticketRows, checkinRows, changedRows, byIdRows, storedCheckins] = (await readTogether(
    await backend(db),
    (tx) => {
      const pages = tx.objectStore('pages');
      const slices = tx.objectStore('pageSlices');
      const tickets = tx.objectStore('tickets');
      const byTicket = tx.objectStore('checkins').index('[listSlug+ticketId]');
      return [
        ticketParts.map(([, { page, slice }]) =>
          slice === undefined
            ? pages.get([listSlug, 'tickets', page])
            : slices.get([listSlug, 'tickets', page, slice]),
        ),
        checkinPages.map((page) => pages.get([listSlug, 'checkins', page])),
        changed.map(([index, digest]) => tickets.index(index).getAll([listSlug, digest])),
        byId.map((id) => tickets.get([listSlug, id])),
        // One read a ticket, in id order: the rows come as one read of them all gives them.
        checkinsOf.map((id) => byTicket.getAll([listSlug, id])),
      ];
    },
  )) as [
    (StoredPageRow | SealedSliceRow | undefined)[],
    (StoredPageRow | undefined)[],
    StoredTicketRow[][],
    (StoredTicketRow | undefined)[],
    CheckinRow[][],
  ];
  // Opened after the transaction: opening waits on crypto, and a transaction cannot.
  const keep = (key: string, row: StoredPageRow | SealedSliceRow | undefined) => {
    reads.pages.set(
      key,
      !row ? Promise.resolve(none) : 'slice' in row ? openSlice(box, row) : openPageLazily(box, row),
    );
  };
  for (const [i, [key]] of ticketParts.entries()) keep(key, ticketRows[i]);
  for (const [i, page] of checkinPages.entries()) keep(partKey('checkins', { page }), checkinRows[i]);
  changed.forEach(([index, digest], i) => {
    reads.changed.set(changedKey(index, digest), changedRows[i]!);
  });
  byId.forEach((id, i) => {
    reads.byId.set(id, byIdRows[i]);
  });
  checkinsOf.forEach((id, i) => {
    reads.checkinsOf.set(id, storedCheckins[i]!);
  });
}

const none: OpenedPage<unknown> = { all: () => [], holding: () => [] };

/** The opened `parts` (each asked for before); each becomes the most recently used. */
const openedOn = (reads: ScanReads, resource: Resource, parts: PagePart[]) =>
  Promise.all(
    parts.map((part) => {
      const key = partKey(resource, part);
      const opened = reads.pages.get(key);
      if (!opened) return none;
      reads.pages.delete(key);
      reads.pages.set(key, opened);
      return opened;
    }),
  );

/** The opened items of `pages` (each asked for before), all of them, in page order. */
export const itemsOn = async <T>(reads: ScanReads, resource: Resource, pages: number[]) =>
  (
    await openedOn(
      reads,
      resource,
      pages.map((page) => ({ page })),
    )
  ).flatMap((opened) => opened.all()) as T[];

/**
 * The items of `parts` that may have one of `keys` (page-codes.ts) as a code, in their order:
 * every one that has, perhaps more (the caller checks the code itself). A framed page or slice
 * parses only those.
 */
export const itemsHolding = async <T>(
  reads: ScanReads,
  resource: Resource,
  parts: PagePart[],
  keys: number[],
) => (await openedOn(reads, resource, parts)).flatMap((opened) => opened.holding(keys)) as T[];

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
