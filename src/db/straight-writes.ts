// Rows added straight on IndexedDB, for the writes a verdict waits for (a scan's admission) and
// those that follow every scan (its audit row). Guarantees:
// - the rows go in one read-write transaction, all asked for at once, and the promise settles
//   once it has committed or aborted: all the rows or none (an add refused, or one that throws
//   as it is asked for, aborts the whole transaction), and a refusal rejects with IndexedDB's
//   own error, whose name storage.ts reads (`QuotaExceededError`, `ConstraintError`, ...);
// - the commit is counted (commit-count.ts) in the transaction's `complete` event, before the
//   caller resumes, as a write through Dexie is;
// - a database Dexie has not opened, or has closed, gets the same rows in one Dexie
//   transaction, which opens it or refuses as it does for every other write: a closed copy is
//   never opened here;
// - `whileListed`: the rows go only while that list's row stands, read in the same transaction
//   (list-gone.ts); otherwise nothing is written and the promise rejects with ListGoneError;
// - `guard`: rows read in the same transaction before any add (another tab's engine writes to
//   the same database, and IndexedDB runs two read-write transactions on one table one after
//   the other): when `refuse` names an error for them, nothing is written and the promise
//   rejects with it.
// Dexie's transaction (its promise zones, its request wrappers, one add awaited after another)
// cost the phone's worker more than the two adds themselves, once a scan.
import type { IndexableType } from 'dexie';
import type { CheckinDatabase } from './database';
import { ListGoneError, mustBeListed } from './list-gone';

/** One row to add: its table, and the row as it is stored. */
export type Addition = readonly [table: string, row: object];

/** Rows a write reads in its own transaction first, and whether they stop it. */
export interface WriteGuard {
  table: string;
  /** The index's name as Dexie gives it (`[listSlug+ticketId]`), and the key read there. */
  index: string;
  key: IndexableType;
  /** The error to abort with (nothing is written), or null to write. */
  refuse: (rows: unknown[]) => Error | null;
}

export async function addStraight(
  db: CheckinDatabase,
  additions: readonly Addition[],
  { whileListed, guard }: { whileListed?: string; guard?: WriteGuard } = {},
): Promise<void> {
  const written = [...new Set(additions.map(([table]) => table))];
  const tables = [
    ...new Set([
      ...written,
      ...(whileListed === undefined ? [] : ['lists']),
      ...(guard === undefined ? [] : [guard.table]),
    ]),
  ];
  if (!db.isOpen()) {
    await db.transaction('rw', tables, async () => {
      if (whileListed !== undefined) await mustBeListed(db, whileListed);
      if (guard !== undefined) {
        const refused = guard.refuse(
          await db.table(guard.table).where(guard.index).equals(guard.key).toArray(),
        );
        if (refused) throw refused;
      }
      for (const [table, row] of additions) await db.table(table).add(row);
    });
    return;
  }
  const idb = db.backendDB();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction(tables, 'readwrite');
    if (whileListed !== undefined) {
      // Asked first, so answered before any add is carried out; an abort undoes the adds anyway.
      const listed = tx.objectStore('lists').count(whileListed);
      listed.onsuccess = () => {
        if (listed.result > 0) return;
        tx.onabort = () => reject(new ListGoneError(whileListed));
        tx.abort();
      };
    }
    if (guard !== undefined) {
      const read = tx
        .objectStore(guard.table)
        .index(guard.index)
        .getAll(guard.key as IDBValidKey);
      read.onsuccess = () => {
        const refused = guard.refuse(read.result);
        if (!refused) return;
        tx.onabort = () => reject(refused);
        tx.abort();
      };
    }
    tx.oncomplete = () => {
      db.commits.committed(written);
      resolve();
    };
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was aborted', 'AbortError'));
    try {
      for (const [table, row] of additions) tx.objectStore(table).add(row);
    } catch (error) {
      // Rows asked for before this one must not commit without it.
      tx.onabort = () => reject(error);
      tx.abort();
    }
  });
}
