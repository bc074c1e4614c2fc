// The first download's pages in the local copy, and their codes. Guarantees: a downloaded page,
// its codes and the progress that records it are written in one transaction (a resumed download
// never skips or loses a page; the transaction is made straight on IndexedDB: first-page-write.ts),
// and a page stored again replaces what it was (its old slices or whole row are deleted in that
// transaction); pages of tickets and answers, and ticket pages'
// codes, are sealed before that transaction and opened after each read (seal/sealed-rows.ts),
// so no transaction waits on crypto. A page of tickets is stored as slices of a hundred, each
// sealed on its own (seal/sealed-slices.ts), and its codes say which item each code is on, so a
// scan's keyed read opens one slice; a page of answers is one seal (a slice of answers wrote
// faster but read back at half the speed: docs/benchmarks.md, the fifteenth sitting). A ticket page stored whole
// (before slices) is read as it is. Check-in pages are plain: reading them never waits for the
// passcode.
import { type CheckinDatabase, pageRange, sliceRange } from './database';
import { type FirstPageRows, writeFirstPage } from './first-page-write';
import type { RemoteTicket } from '../api/schemas';
import { type PageCodesRow, pageCodes, slicedCodes, ticketKeys } from './page-codes';
import type { PageRow, Resource, SealedSliceRow, StoredPageRow } from './rows';
import type { SealBox } from './seal/seal-box';
import { openPage, sealCodes, sealPage, sealsPages } from './seal/sealed-rows';
import { openSlice, sealSlices } from './seal/sealed-slices';

/** The open box when `resource`'s pages are sealed; none is waited for otherwise. */
const boxFor = (db: CheckinDatabase, resource: Resource): Promise<SealBox | null> =>
  sealsPages(resource) ? db.seal.box() : Promise.resolve(null);

/** Whether a resource's pages are stored as slices: tickets, which a scan reads by key. */
const slicesPages = (resource: Resource) => resource === 'tickets';

/** Stores one first-download page, its codes (page-codes.ts) and its progress, together. */
export async function storeFirstPage(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: PageRow['items'],
  totalPages: number,
): Promise<void> {
  await writeFirstPage(db, await firstPageRows(db, listSlug, resource, page, items, totalPages));
}

/** A first-download page's rows as stored: hashed and sealed, ready for its transaction. */
export async function firstPageRows(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: PageRow['items'],
  totalPages: number,
): Promise<FirstPageRows> {
  const box = await boxFor(db, resource);
  // Hashed and sealed before the transaction: it must not hold IndexedDB's turn while it
  // computes, and a WebCrypto answer comes in a later task, after the transaction has committed.
  // A ticket's keys are computed once, for the page's codes and its slices' frames.
  const keys = slicesPages(resource) ? ticketKeys(items as RemoteTicket[]) : undefined;
  const codes: PageCodesRow = keys
    ? { listSlug, resource, page, ...slicedCodes(keys) }
    : { listSlug, resource, page, codes: pageCodes(resource, items) };
  const [whole, slices, codesRow] = await Promise.all([
    keys ? null : sealPage(box, { listSlug, resource, page, items }),
    keys ? sealSlices(box!, listSlug, resource, page, items as RemoteTicket[], keys) : [],
    sealCodes(box, codes),
  ]);
  return { listSlug, resource, page, totalPages, whole, slices, codes: codesRow };
}

/**
 * Pages read per IndexedDB request: one range read (getAll) each, and a scan that comes in while
 * its answer is taken in waits for it. One page: when a queue's guests come further apart than
 * the load's quiet turn, the scans that meet the load took x0.77-0.84 of their time with two a
 * read (low-tier p95, two A/Bs: docs/benchmarks.md, the thirty-ninth sitting); when codes come
 * one after another the load waits, and it made no difference (x0.99).
 */
const PAGES_PER_READ = 1;

/** The stored pages of a resource in page order, and which of them are stored as slices. */
async function storedPages(db: CheckinDatabase, listSlug: string, resource: Resource) {
  const range = pageRange(listSlug, resource);
  const [whole, slices] = await Promise.all([
    db.pages
      .where('[listSlug+resource+page]')
      .between(...range)
      .primaryKeys(),
    slicesPages(resource)
      ? db.pageSlices
          .where('[listSlug+resource+page+slice]')
          .between(...range)
          .primaryKeys()
      : [],
  ]);
  const sliced = new Set(slices.map((key) => key[2]));
  const pages = [...new Set([...whole.map((key) => key[2]), ...sliced])].sort((a, b) => a - b);
  return { pages, sliced };
}

/**
 * The opened items of `pages`' rows, whole and sliced, by page (slices in their order). Slices
 * are opened one after another, `turn` awaited before each but the first: a load's work in
 * flight is one slice's opening and its hundred tickets parsed, so a scan that comes in meanwhile
 * waits for that at most, not for a read's twenty slices coming open at once.
 */
async function openedPages<T>(
  box: SealBox | null,
  whole: StoredPageRow[],
  slices: SealedSliceRow[],
  turn: () => Promise<void>,
): Promise<Map<number, T[]>> {
  const pages = await Promise.all(whole.map((row) => openPage<T>(box, row)));
  const items = new Map<number, T[]>();
  for (const [i, row] of whole.entries()) items.set(row.page, pages[i]!);
  for (const [i, row] of slices.entries()) {
    if (i > 0) await turn();
    const opened = (await openSlice<T>(box!, row)).all();
    const kept = items.get(row.page);
    if (kept) kept.push(...opened);
    else items.set(row.page, [...opened]);
  }
  return items;
}

/**
 * Calls `onPage` for each stored page of a resource, in page order, opened. Pages are read
 * PAGES_PER_READ at a time, each batch in one range read (one of whole pages, one of slices),
 * and `onPage` may take its turn (it is awaited); `beforeRead` is awaited before each read is
 * asked for (a scan in flight holds it there), and between two slices' items parsed.
 */
export async function readPages<T>(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  onPage: (items: T[], page: number) => void | Promise<void>,
  beforeRead: () => Promise<void> = async () => {},
): Promise<void> {
  const box = await boxFor(db, resource);
  const { pages, sliced } = await storedPages(db, listSlug, resource);
  for (let at = 0; at < pages.length; at += PAGES_PER_READ) {
    const batch = pages.slice(at, at + PAGES_PER_READ);
    const [first, last] = [batch[0]!, batch.at(-1)!];
    await beforeRead();
    const [whole, slices] = await Promise.all([
      batch.some((page) => !sliced.has(page))
        ? db.pages
            .where('[listSlug+resource+page]')
            .between([listSlug, resource, first], [listSlug, resource, last], true, true)
            .toArray()
        : [],
      batch.some((page) => sliced.has(page))
        ? db.pageSlices
            .where('[listSlug+resource+page+slice]')
            .between(sliceRange(listSlug, resource, first)[0], sliceRange(listSlug, resource, last)[1])
            .toArray()
        : [],
    ]);
    // Whole pages (kept before slices) open together; slices one at a time, a turn between.
    const opened = await openedPages<T>(box, whole, slices, beforeRead);
    for (const page of batch) {
      const items = opened.get(page);
      if (items) await onPage(items, page);
    }
  }
}

/** The pages of a resource whose codes are not stored (pages kept before schema version 4). */
export async function pagesWithoutCodes(db: CheckinDatabase, listSlug: string, resource: Resource) {
  const [pages, coded] = await Promise.all([
    db.pages
      .where('[listSlug+resource+page]')
      .between(...pageRange(listSlug, resource))
      .primaryKeys(),
    db.pageCodes
      .where('[listSlug+resource+page]')
      .between(...pageRange(listSlug, resource))
      .primaryKeys(),
  ]);
  const have = new Set(coded.map((key) => key[2]));
  return new Set(pages.map((key) => key[2]).filter((page) => !have.has(page)));
}

/** Stores the codes of a page already stored (one kept before schema version 4). */
export async function storePageCodes(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: readonly unknown[],
) {
  const row = { listSlug, resource, page, codes: pageCodes(resource, items) };
  await db.pageCodes.put(await sealCodes(await boxFor(db, resource), row));
}
