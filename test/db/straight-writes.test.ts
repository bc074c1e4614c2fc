// Rows added straight on IndexedDB (fake-indexeddb): all of them or none, the commit counted
// before the caller resumes, and a database that is not open written through Dexie.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordCheckin, readOutbox } from '../../src/db/outbox';
import { addStraight } from '../../src/db/straight-writes';
import { stored } from '../../src/db/storage';
import { fail } from '../../src/domain/result';
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

  it('reads a guard’s rows in the same transaction and writes nothing when they refuse, open or not', async () => {
    for (const open of [true, false]) {
      const db = open ? await opened() : freshDb(`straight-guard-${open}`);
      await db.lists.put(listRow(LIST));
      if (!open) db.close({ disableAutoOpen: false });
      const input = { listSlug: LIST, ticketId: 7, deviceName: 'Door 1', now: 1 };
      const seen: number[] = [];
      // Nothing stored yet for the ticket: written.
      await recordCheckin(db, { ...input, clientId: 'first' }, (rows) => {
        seen.push(rows.length);
        return rows.length > 0;
      });
      // Now one stored: refused, nothing written, and the storage layer says why.
      if (!open) db.close({ disableAutoOpen: false });
      await expect(
        recordCheckin(db, { ...input, clientId: 'second' }, (rows) => {
          seen.push(rows.length);
          return rows.length > 0;
        }),
      ).rejects.toMatchObject({ name: 'CheckinsChangedError', ticketIds: [7] });
      expect(seen).toEqual([0, 1]);
      expect((await readOutbox(db, LIST)).map((r) => r.id)).toEqual(['first']);
      expect(await db.checkins.count()).toBe(1);
      expect(await stored(() => recordCheckin(db, { ...input, clientId: 'third' }, () => true))).toEqual(
        fail('checkins-changed'),
      );
      db.close();
    }
  });
});
