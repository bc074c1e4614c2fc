// Loading a list into memory after a restart shares IndexedDB with the first scans: a scan in
// flight holds the load (its `between`), and a held load must not have asked IndexedDB for
// anything meanwhile, or the scan's keyed reads queue behind that read (IndexedDB answers a
// connection's requests in turn).
import { describe, expect, it, vi } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { patchSyncState, saveList, upsertTickets } from '../../src/db/local-copy';
import { storeFirstPage } from '../../src/db/stored-pages';
import { createListIndex } from '../../src/sync/index/list-index';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import { listRow, remoteCheckin, remoteTicket } from '../db/copy-rows';
import { freshDb, LIST } from './support';

const PAGES = 3;
const PAGE = 5;

async function storedCopy(db: CheckinDatabase) {
  await saveList(db, listRow(LIST, { pages: { tickets: PAGES, checkins: 1, answers: 0 } }));
  for (let page = 1; page <= PAGES; page++)
    await storeFirstPage(
      db,
      LIST,
      'tickets',
      page,
      Array.from({ length: PAGE }, (_, i) => remoteTicket((page - 1) * PAGE + i + 1)),
      PAGES,
    );
  await storeFirstPage(db, LIST, 'checkins', 1, [remoteCheckin(1, 1), remoteCheckin(2, 7)], 1);
  await upsertTickets(db, LIST, [remoteTicket(100)]);
  await patchSyncState(db, LIST, 'tickets', { cursor: 1, firstDownload: null });
}

/** Every request the load makes of the copy's tables, and each `between`, in order. */
function watch(db: CheckinDatabase) {
  const events: string[] = [];
  for (const table of [db.pages, db.pageCodes, db.tickets, db.checkins]) {
    const where = table.where.bind(table);
    vi.spyOn(table, 'where').mockImplementation(((index: never) => {
      events.push(`read ${table.name}`);
      return where(index);
    }) as typeof table.where);
  }
  return events;
}

const spin = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the list load', () => {
  it('asks IndexedDB for nothing while a scan holds it, from its very start', async () => {
    const db = freshDb();
    await storedCopy(db);
    const events = watch(db);
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const index = createListIndex();
    const load = fillListIndex(db, LIST, index, () => {
      events.push('between');
      return held;
    });
    await spin();
    expect(events).toEqual(['between']);
    letGo();
    await load;
    expect(index.counts().tickets).toBe(PAGES * PAGE + 1);
    expect(index.checkinsOf(7)).toHaveLength(1);
  });

  it('held at any step, asks for nothing more until let go, and loads the whole copy after', async () => {
    const db = freshDb();
    await storedCopy(db);
    // How many steps a whole load takes, counted on a load never held.
    const steps = watch(db);
    await fillListIndex(db, LIST, createListIndex(), async () => void steps.push('between'));
    const betweens = steps.filter((e) => e === 'between').length;
    // One before each page's slices, and one before each read.
    expect(betweens).toBeGreaterThan(PAGES + 1);
    vi.restoreAllMocks();

    for (let at = 1; at <= betweens; at++) {
      const events = watch(db);
      let calls = 0;
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      const index = createListIndex();
      const load = fillListIndex(db, LIST, index, async () => {
        events.push('between');
        if (++calls === at) await held;
      });
      await spin();
      expect(events.at(-1), `held at step ${at}`).toBe('between');
      letGo();
      await load;
      expect(index.counts().tickets).toBe(PAGES * PAGE + 1);
      vi.restoreAllMocks();
    }
  });
});
