// A first-download page's transaction, made straight on IndexedDB (fake-indexeddb): the page (or
// its slices), its codes and its progress together or not at all, the commit counted before the
// caller resumes, a page stored again replacing what it was, and a database that is not open
// written through Dexie with the same rows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { writeFirstPage } from '../../src/db/first-page-write';
import { readSyncState, saveList } from '../../src/db/local-copy';
import type { SealedSliceRow } from '../../src/db/rows';
import { readPages, storeFirstPage } from '../../src/db/stored-pages';
import { freshDb, LIST } from '../sync/support';
import { listRow, remoteTicket } from './copy-rows';

afterEach(() => {
  vi.restoreAllMocks();
});

const ticketsOf = (page: number, size: number) =>
  Array.from({ length: size }, (_, i) => remoteTicket((page - 1) * 1000 + i + 1));

async function opened() {
  const db = freshDb('first-page');
  await saveList(db, listRow(LIST, { pages: { tickets: 2, checkins: 0, answers: 1 } }));
  return db;
}

const slicesOf = (db: CheckinDatabase) => db.pageSlices.toCollection().primaryKeys();
const donePages = async (db: CheckinDatabase) =>
  (await readSyncState(db, LIST, 'tickets')).firstDownload?.done ?? [];
async function ticketIds(db: CheckinDatabase) {
  const ids: number[] = [];
  await readPages<{ id: number }>(db, LIST, 'tickets', (items) => {
    ids.push(...items.map((t) => t.id));
  });
  return ids;
}

describe('a first-download page written straight on IndexedDB', () => {
  it('stores the page, its codes and its progress in one transaction, counted before the caller resumes', async () => {
    const db = await opened();
    const viaDexie = vi.spyOn(db, 'transaction');
    const transactions = vi.spyOn(db.backendDB(), 'transaction');
    const before = db.commits.of(['pageSlices']);
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 250), 2);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(viaDexie).not.toHaveBeenCalled();
    expect(db.commits.of(['pageSlices'])).toBe(before + 1);
    expect(db.commits.of(['syncState'])).toBeGreaterThan(0);
    expect(await slicesOf(db)).toEqual([0, 1, 2].map((slice) => [LIST, 'tickets', 1, slice]));
    expect(await db.pageCodes.count()).toBe(1);
    expect(await donePages(db)).toEqual([1]);
    await storeFirstPage(
      db,
      LIST,
      'answers',
      1,
      [{ id: 1, ticketId: 1, questionId: 1, response: 'L', updatedAt: 1 }],
      1,
    );
    expect(await db.pages.count()).toBe(1);
    expect((await readSyncState(db, LIST, 'answers')).firstDownload?.done).toEqual([1]);
    expect(await donePages(db)).toEqual([1]);
  });

  it('replaces a page stored again: its slices beyond the new ones go, its progress counts it once', async () => {
    const db = await opened();
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 250), 2);
    await storeFirstPage(db, LIST, 'tickets', 2, ticketsOf(2, 100), 2);
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 120), 2);
    expect(await slicesOf(db)).toEqual([
      [LIST, 'tickets', 1, 0],
      [LIST, 'tickets', 1, 1],
      [LIST, 'tickets', 2, 0],
    ]);
    expect(await donePages(db)).toEqual([1, 2]);
    expect(await ticketIds(db)).toEqual([...ticketsOf(1, 120), ...ticketsOf(2, 100)].map((t) => t.id));
  });

  it('writes nothing when one row is refused: the page stored before stays whole, its progress as it was', async () => {
    const db = await opened();
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 250), 2);
    const [slices, codes] = [await db.pageSlices.toArray(), (await db.pageCodes.toArray())[0]!];
    // The third slice's key is no key: IndexedDB refuses its put as it is asked for.
    const refused = slices.map((row, i) =>
      i === 2 ? ({ ...row, slice: Number.NaN } as SealedSliceRow) : row,
    );
    const write = writeFirstPage(db, {
      listSlug: LIST,
      resource: 'tickets',
      page: 1,
      totalPages: 2,
      whole: null,
      slices: refused,
      codes,
    });
    await expect(write).rejects.toMatchObject({ name: 'DataError' });
    expect(await slicesOf(db)).toEqual([0, 1, 2].map((slice) => [LIST, 'tickets', 1, slice]));
    expect(await db.pageCodes.count()).toBe(1);
    expect(await donePages(db)).toEqual([1]);
    expect(await ticketIds(db)).toEqual(ticketsOf(1, 250).map((t) => t.id));
  });

  it('writes through Dexie, the same rows, to a database that is not open', async () => {
    const db = freshDb('first-page-closed');
    expect(db.isOpen()).toBe(false);
    const viaDexie = vi.spyOn(db, 'transaction');
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 150), 1);
    expect(viaDexie).toHaveBeenCalledTimes(1);
    expect(await slicesOf(db)).toEqual([0, 1].map((slice) => [LIST, 'tickets', 1, slice]));
    expect(await donePages(db)).toEqual([1]);
    expect(await ticketIds(db)).toEqual(ticketsOf(1, 150).map((t) => t.id));
  });
});
