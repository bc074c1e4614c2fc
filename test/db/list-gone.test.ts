// Check-ins, exits and undos are written only while their list's row stands, read in the
// write's own transaction: for a list forgotten in another tab meanwhile, nothing is written
// (no outbox row that could never be sent) and the write answers `no-list`.
import { describe, expect, it } from 'vitest';
import { recordCheckin, recordCheckins, recordExits, recordUndos } from '../../src/db/outbox';
import { stored } from '../../src/db/storage';
import { freshDb } from '../sync/support';
import { listRow } from './copy-rows';

const LIST = 'chk_plistgone000000000000';
const at = { now: Date.parse('2026-06-15T12:00:00Z'), deviceName: 'Door 1' };
const checkinOf = (n: number) => ({ ...at, listSlug: LIST, ticketId: n, clientId: `client-${n}` });

async function stands() {
  const db = freshDb('list-gone');
  await db.lists.put(listRow(LIST));
  return db;
}

const everything = async (db: Awaited<ReturnType<typeof stands>>) => ({
  checkins: await db.checkins.count(),
  outbox: await db.outbox.count(),
});

describe('a write for a list forgotten meanwhile', () => {
  it('admits while the list stands', async () => {
    const db = await stands();
    await db.open();
    await recordCheckin(db, checkinOf(1));
    expect(await everything(db)).toEqual({ checkins: 1, outbox: 1 });
  });

  it('writes nothing and answers no-list, the database open or not yet', async () => {
    for (const open of [true, false]) {
      const db = await stands();
      const admitted = await recordCheckin(db, checkinOf(1));
      await db.lists.delete(LIST);
      if (!open) db.close({ disableAutoOpen: false });
      // The admission straight on IndexedDB (open) or through Dexie (closed, opened by it).
      expect(await stored(() => recordCheckin(db, checkinOf(2)))).toMatchObject({
        ok: false,
        reason: 'no-list',
      });
      expect(await stored(() => recordCheckins(db, [checkinOf(3), checkinOf(4)]))).toMatchObject({
        ok: false,
        reason: 'no-list',
      });
      expect(
        await stored(() => recordExits(db, LIST, [admitted], { ...at, newId: () => 'exit-1' })),
      ).toMatchObject({
        ok: false,
        reason: 'no-list',
      });
      expect(
        await stored(() => recordUndos(db, LIST, [{ checkinKey: admitted.key, clientId: 'undo-1' }], at)),
      ).toMatchObject({ ok: false, reason: 'no-list' });
      // Only the first admission, made while the list stood.
      expect(await everything(db)).toEqual({ checkins: 1, outbox: 1 });
    }
  });
});
