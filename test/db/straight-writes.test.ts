// Rows added straight on IndexedDB (fake-indexeddb): all of them or none, the commit counted
// before the caller resumes, and a database that is not open written through Dexie.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordCheckin, readOutbox } from '../../src/db/outbox';
import { addStraight } from '../../src/db/straight-writes';
import { freshDb, LIST } from '../sync/support';
import { listRow } from './copy-rows';

afterEach(() => {
  vi.restoreAllMocks();
});

const checkinRow = (key: string, ticketId: number) => ({
  listSlug: LIST,
  key,
  uuid: null,
  id: null,
  ticketId,
  createdAt: 1,
  updatedAt: 1,
  deletedAt: null,
  deviceName: 'Door 1',
  clientId: key,
  status: 'pending',
});

async function opened() {
  const db = freshDb('straight');
  await db.open();
  return db;
}

describe('rows added straight on IndexedDB', () => {
  it('adds every row in one transaction, counted as committed before the caller resumes', async () => {
    const db = await opened();
    const viaDexie = vi.spyOn(db, 'transaction');
    const transactions = vi.spyOn(db.backendDB(), 'transaction');
    const before = db.commits.of(['checkins']);
    await addStraight(db, [
      ['checkins', checkinRow('a', 1)],
      ['outbox', { id: 'a', listSlug: LIST, kind: 'checkin', ticketId: 1 }],
    ]);
    expect(db.commits.of(['checkins'])).toBe(before + 1);
    expect(db.commits.of(['checkins', 'outbox'])).toBe(before + 2);
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(viaDexie).not.toHaveBeenCalled();
    expect(await db.checkins.count()).toBe(1);
    // The outbox's key is generated as Dexie's add would have it.
    expect((await db.outbox.toArray()).map((row) => row.seq)).toEqual([1]);
    db.close();
  });

  it('adds none when the store refuses one (a key taken), and rejects with its error', async () => {
    const db = await opened();
    await db.checkins.add(checkinRow('taken', 1) as never);
    const before = db.commits.of(['outbox']);
    await expect(
      addStraight(db, [
        ['outbox', { id: 'b', listSlug: LIST, kind: 'checkin', ticketId: 2 }],
        ['checkins', checkinRow('taken', 2)],
      ]),
    ).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(await db.outbox.count()).toBe(0);
    expect(db.commits.of(['outbox'])).toBe(before);
    db.close();
  });

  it('adds none when a row throws as it is asked for, after others were asked for', async () => {
    const db = await opened();
    await expect(
      addStraight(db, [
        ['checkins', checkinRow('c', 3)],
        ['outbox', { id: 'c', listSlug: LIST, kind: 'checkin', ticketId: 3, cannot: () => 0 }],
      ]),
    ).rejects.toMatchObject({ name: 'DataCloneError' });
    expect(await db.checkins.count()).toBe(0);
    db.close();
  });

  it('writes a database not yet open through Dexie, and never opens one closed', async () => {
    const db = freshDb('straight');
    await db.lists.put(listRow(LIST));
    db.close({ disableAutoOpen: false });
    const first = await recordCheckin(db, {
      listSlug: LIST,
      ticketId: 4,
      deviceName: 'Door 1',
      now: 1,
      clientId: 'd',
    });
    expect(await readOutbox(db, LIST)).toMatchObject([{ checkinKey: first.key }]);
    db.close();
    // Dexie's own transaction, which refuses a database closed on purpose.
    const viaDexie = vi.spyOn(db, 'transaction');
    await expect(addStraight(db, [['checkins', checkinRow('e', 5)]])).rejects.toMatchObject({
      name: 'DatabaseClosedError',
    });
    expect(viaDexie).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
  });
});
