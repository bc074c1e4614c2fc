// Durable storage for the in-app mock: IndexedDB with a snapshot and a journal of committed
// changes; `append` resolves when the IndexedDB transaction completed, so organiser data
// survives a reload. Raw IndexedDB API on purpose: only src/db may use Dexie.
import type { CommittedChange, StoreState } from './change';
import type { LoadedData, PersistenceAdapter } from './persistence';

const SNAPSHOT = 'snapshot';
const JOURNAL = 'journal';
const COMPACT_AFTER_CHANGES = 500;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(name: string): Promise<IDBDatabase> {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(SNAPSHOT);
    req.result.createObjectStore(JOURNAL, { autoIncrement: true });
  };
  return request(req).then((db) => {
    // Another tab deleting the data ("Forget this device's data") must not wait on this one.
    db.onversionchange = () => db.close();
    return db;
  });
}

export function indexedDbPersistence(name = 'venue-checkin-mock-service'): PersistenceAdapter {
  let db: Promise<IDBDatabase> | null = null;
  let journalLength = 0;
  const database = (): Promise<IDBDatabase> => {
    db ??= openDatabase(name);
    return db;
  };

  const replace = async (state: StoreState): Promise<void> => {
    const tx = (await database()).transaction([SNAPSHOT, JOURNAL], 'readwrite');
    tx.objectStore(SNAPSHOT).put(state, 'state');
    tx.objectStore(JOURNAL).clear();
    await done(tx);
    journalLength = 0;
  };

  return {
    async load(): Promise<LoadedData> {
      const tx = (await database()).transaction([SNAPSHOT, JOURNAL], 'readonly');
      const snapshot = (await request(tx.objectStore(SNAPSHOT).get('state'))) as StoreState | undefined;
      const journal = (await request(tx.objectStore(JOURNAL).getAll())) as CommittedChange[];
      journalLength = journal.length;
      return { snapshot: snapshot ?? null, journal };
    },
    async append(change, state) {
      const tx = (await database()).transaction(JOURNAL, 'readwrite');
      tx.objectStore(JOURNAL).add(change);
      await done(tx);
      journalLength += 1;
      if (journalLength > COMPACT_AFTER_CHANGES) await replace(state());
    },
    replace,
    async close() {
      if (db) (await db).close();
      db = null;
    },
  };
}
