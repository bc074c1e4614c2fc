// A pull over an exit recorded here and not yet sent: the service's record of the check-in is
// still active, and stamped by the service's clock, which may run minutes ahead of this
// device's. The stored row stays ended (and so does the index that loads it after a restart):
// an active record never makes an ending stand undone.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CheckinDatabase } from '../../src/db/database';
import { upsertCheckins } from '../../src/db/local-copy';
import { readOutbox, recordExits } from '../../src/db/outbox';
import { listRow, remoteCheckin, T0 } from './copy-rows';

const LIST = 'chk_pulloverending000000000';
/** How far the service's clock runs ahead of this device's. */
const AHEAD_MS = 5 * 60_000;

describe('a pull over an ending recorded here', () => {
  it('keeps the check-in ended though the active record is stamped later', async () => {
    const db = new CheckinDatabase('door-pull-over-ending');
    await db.lists.put(listRow(LIST));
    const admitted = remoteCheckin(1, 7, { createdAt: T0 + AHEAD_MS, updatedAt: T0 + AHEAD_MS });
    const [stored] = await upsertCheckins(db, LIST, [admitted]);
    // The guest leaves a minute later by this device's clock: still before the service's stamp.
    let ids = 0;
    const [ended] = await recordExits(db, LIST, [stored!], {
      now: T0 + 60_000,
      deviceName: 'North door',
      newId: () => `exit-${++ids}`,
    });
    expect(ended?.deletedAt).toBe(T0 + 60_000);
    // The next pull's margin asks again for the seconds before its cursor: the record comes back.
    const [after] = await upsertCheckins(db, LIST, [admitted]);
    expect(after?.deletedAt).toBe(T0 + 60_000);
    const row = await db.checkins.get([LIST, stored!.key]);
    expect(row?.deletedAt).toBe(T0 + 60_000);
    expect(row?.endedBy).toBe('exit');
    expect((await readOutbox(db, LIST)).map((r) => r.kind)).toEqual(['undo']);
    // The service's own record of the ending, once the exit is sent, is taken as it comes.
    const deleted = { ...admitted, deletedAt: T0 + AHEAD_MS + 90_000, updatedAt: T0 + AHEAD_MS + 90_000 };
    const [settled] = await upsertCheckins(db, LIST, [deleted]);
    expect(settled?.deletedAt).toBe(T0 + AHEAD_MS + 90_000);
    db.close();
  });
});
