// The transaction that stores one first-download page, made straight on IndexedDB. Guarantees:
// - the page's progress (its sync state's `done`), the page (whole, or its slices), and its codes
//   go in one read-write transaction: all of them or none, and the promise settles once it has
//   committed or aborted, rejecting with IndexedDB's own error (storage.ts reads its name);
// - a page stored again replaces what it was: its whole row and every slice it had are deleted
//   in that transaction before its new rows are put;
// - the commit is counted (commit-count.ts) in the transaction's `complete` event, as a write
//   through Dexie is; a database Dexie has not opened, or has closed, gets the same writes in one
//   Dexie transaction, which opens it or refuses as it does for every other write.
// Every request is asked for at once. Through Dexie (its promise zones, one request awaited
// after another) the same writes cost up to a sixth more of the CPU time a page of tickets takes
// to seal and store, and up to a quarter more for a page of answers
// (test/bench/first-page-store.bench.ts).
import { type CheckinDatabase, sliceRange } from './database';
import { emptySyncState, readSyncState } from './local-copy';
import type { StoredPageCodesRow } from './page-codes';
import type { Resource, SealedSliceRow, StoredPageRow, SyncStateRow } from './rows';

export interface FirstPageRows {
  listSlug: string;
  resource: Resource;
  page: number;
  totalPages: number;
  /** The page as one row, or null when it is stored as `slices`. */
  whole: StoredPageRow | null;
  slices: readonly SealedSliceRow[];
  codes: StoredPageCodesRow;
}

const TABLES = ['pages', 'pageSlices', 'pageCodes', 'syncState'];

/** The sync state with `page` recorded as downloaded. */
function withPageDone(state: SyncStateRow, page: number, totalPages: number): SyncStateRow {
  const done = new Set(state.firstDownload?.done ?? []);
  done.add(page);
  return {
    ...state,
    firstDownload: { serverStart: null, ...state.firstDownload, totalPages, done: [...done] },
  };
}

/** The same writes in one Dexie transaction, each request awaited in turn: for a database not open. */
export async function writeFirstPageThroughDexie(db: CheckinDatabase, rows: FirstPageRows): Promise<void> {
  const { listSlug, resource, page, totalPages, whole, slices, codes } = rows;
  await db.transaction('rw', TABLES, async () => {
    const state = await readSyncState(db, listSlug, resource);
    if (whole) await db.pages.put(whole);
    else {
      await db.pages.delete([listSlug, resource, page]);
      await db.pageSlices
        .where('[listSlug+resource+page+slice]')
        .between(...sliceRange(listSlug, resource, page))
        .delete();
      await db.pageSlices.bulkPut([...slices]);
    }
    await db.pageCodes.put(codes);
    await db.syncState.put(withPageDone(state, page, totalPages));
  });
}

export async function writeFirstPage(db: CheckinDatabase, rows: FirstPageRows): Promise<void> {
  if (!db.isOpen()) return writeFirstPageThroughDexie(db, rows);
  const { listSlug, resource, page, totalPages, whole, slices, codes } = rows;
  const idb = db.backendDB();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction(TABLES, 'readwrite');
    tx.oncomplete = () => {
      db.commits.committed(TABLES);
      resolve();
    };
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
    try {
      const states = tx.objectStore('syncState');
      const read = states.get([listSlug, resource]);
      read.onsuccess = () => {
        const state = (read.result as SyncStateRow | undefined) ?? emptySyncState(listSlug, resource);
        try {
          states.put(withPageDone(state, page, totalPages));
        } catch (error) {
          tx.onabort = () => reject(error);
          tx.abort();
        }
      };
      const pages = tx.objectStore('pages');
      if (whole) pages.put(whole);
      else {
        pages.delete([listSlug, resource, page]);
        const store = tx.objectStore('pageSlices');
        const [lower, upper] = sliceRange(listSlug, resource, page);
        store.delete(IDBKeyRange.bound(lower, upper));
        for (const slice of slices) store.put(slice);
      }
      tx.objectStore('pageCodes').put(codes);
    } catch (error) {
      // Rows asked for before this one must not commit without it.
      tx.onabort = () => reject(error);
      tx.abort();
    }
  });
}
