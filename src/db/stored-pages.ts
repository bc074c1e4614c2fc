// The first download's pages in the local copy, and their codes. Guarantees: a downloaded page,
// its codes and the progress that records it are written in one transaction (a resumed download
// never skips or loses a page); pages of tickets and answers, and ticket pages' codes, are sealed
// before that transaction and opened after each read (seal/sealed-rows.ts), so no transaction
// waits on crypto, and a page costs one seal and one open whatever its size, never one a ticket
// (a ticket page is framed inside its seal, seal/page-frame.ts: its load still parses it whole).
// Check-in pages are plain: reading them never waits for the passcode.
import { type CheckinDatabase, pageRange } from './database';
import { readSyncState } from './local-copy';
import type { RemoteTicket } from '../api/schemas';
import { pageCodes, ticketKeys } from './page-codes';
import type { PageRow, Resource } from './rows';
import type { SealBox } from './seal/seal-box';
import { openPage, sealCodes, sealPage, sealsPages } from './seal/sealed-rows';

/** The open box when `resource`'s pages are sealed; none is waited for otherwise. */
const boxFor = (db: CheckinDatabase, resource: Resource): Promise<SealBox | null> =>
  sealsPages(resource) ? db.seal.box() : Promise.resolve(null);

/** Stores one first-download page, its codes (page-codes.ts) and its progress, together. */
export async function storeFirstPage(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: PageRow['items'],
  totalPages: number,
): Promise<void> {
  const box = await boxFor(db, resource);
  // Hashed and sealed before the transaction: it must not hold IndexedDB's turn while it
  // computes, and a WebCrypto answer comes in a later task, after the transaction has committed.
  // A ticket's keys are computed once, for the page's codes and its frame (seal/page-frame.ts).
  const keys = resource === 'tickets' ? ticketKeys(items as RemoteTicket[]) : undefined;
  const codes = { listSlug, resource, page, codes: pageCodes(resource, items, keys) };
  const [row, codesRow] = await Promise.all([
    sealPage(box, { listSlug, resource, page, items }, keys),
    sealCodes(box, codes),
  ]);
  await db.transaction('rw', db.pages, db.pageCodes, db.syncState, async () => {
    const state = await readSyncState(db, listSlug, resource);
    const done = new Set(state.firstDownload?.done ?? []);
    done.add(page);
    await db.pages.put(row);
    await db.pageCodes.put(codesRow);
    await db.syncState.put({
      ...state,
      firstDownload: { serverStart: null, ...state.firstDownload, totalPages, done: [...done] },
    });
  });
}

/**
 * Pages read per IndexedDB request: one range read (getAll) each, a slice a scan can come
 * between. (One a read measured no better for scans during the load, and made the load longer.)
 */
const PAGES_PER_READ = 2;

/**
 * Calls `onPage` for each stored page of a resource, in page order, opened. Pages are read a few
 * at a time, each batch in one range read, and `onPage` may take its turn (it is awaited);
 * `beforeRead` is awaited before each read is asked for (a scan in flight holds it there).
 */
export async function readPages<T>(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  onPage: (items: T[], page: number) => void | Promise<void>,
  beforeRead: () => Promise<void> = async () => {},
): Promise<void> {
  const box = await boxFor(db, resource);
  const keys = await db.pages
    .where('[listSlug+resource+page]')
    .between(...pageRange(listSlug, resource))
    .primaryKeys();
  for (let at = 0; at < keys.length; at += PAGES_PER_READ) {
    const batch = keys.slice(at, at + PAGES_PER_READ);
    await beforeRead();
    const rows = await db.pages
      .where('[listSlug+resource+page]')
      .between(batch[0]!, batch.at(-1)!, true, true)
      .toArray();
    // Opened together: the box's work for the second runs while the first's JSON is read.
    const opened = await Promise.all(rows.map((row) => openPage<T>(box, row)));
    for (const [i, row] of rows.entries()) await onPage(opened[i]!, row.page);
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
