// How many read-write transactions have committed on each table of a database: a reader of
// several tables notes the count before its reads and compares it after, and knows whether a
// write landed in between (src/sync/open-list/open-list-state.ts publishes the door's status only from
// reads no write has overtaken). Guarantees: a write counts once it has committed, in its
// transaction's `complete` event, before any code awaiting that write resumes (this listener is
// added before Dexie sets its own handler); an aborted write never counts; every write goes
// through here, whoever makes it, since the count sits in the database's own middleware stack,
// and a write made straight on IndexedDB (straight-writes.ts) counts itself through `committed`
// in its own `complete` event.
import type Dexie from 'dexie';

export interface CommitCount {
  /** Read-write transactions committed so far over any of these tables (one counts once a table). */
  of(tables: readonly string[]): number;
  /** A read-write transaction over `tables` made straight on IndexedDB has committed. */
  committed(tables: readonly string[]): void;
}

/** Counts the database's commits; call it before the database opens (middleware is fixed then). */
export function countCommits(db: Dexie): CommitCount {
  const counts = new Map<string, number>();
  const committed = (tables: readonly string[]) => {
    for (const table of new Set(tables)) counts.set(table, (counts.get(table) ?? 0) + 1);
  };
  db.use({
    stack: 'dbcore',
    name: 'CommitCount',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const transaction = down.transaction(stores, mode, options);
        if (mode === 'readwrite')
          (transaction as unknown as EventTarget).addEventListener('complete', () => committed(stores));
        return transaction;
      },
    }),
  });
  return {
    of: (tables) => tables.reduce((sum, table) => sum + (counts.get(table) ?? 0), 0),
    committed,
  };
}
