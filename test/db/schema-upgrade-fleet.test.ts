// A door updated in the field to the version that made it one of the fleet: its database,
// written by the schema of version 4, opens with today's code (version 7) with every row as it
// was, unsent check-ins included, and the two new tables empty. A list joined by its slug is
// not a door of the fleet: it reads as one the organiser cannot revoke.
import { describe, expect, it } from 'vitest';
import { CheckinDatabase } from '../../src/db/database';
import type { OutboxRow } from '../../src/db/rows';
import { summary } from '../../src/sync/open-list/open-list-state';
import { listRow, remoteTicket, T0 } from './copy-rows';
import { OldSchema } from './old-schemas';

const LIST = 'chk_pupgradefleet000000000';

const queued = (n: number, ticketId: number): OutboxRow => ({
  id: `out-${n}`,
  listSlug: LIST,
  kind: 'checkin',
  ticketId,
  checkinKey: `local:client-${n}`,
  uuid: null,
  scannedAt: T0 + n,
  deviceName: 'Door 1',
  state: 'queued',
  attemptFloor: null,
  attempts: 0,
  parkedReason: null,
});

describe("a version 4 database opened by today's code", () => {
  it('keeps every row, unsent check-ins included, and adds the fleet’s tables empty', async () => {
    const name = `upgrade-fleet-${Math.random()}`;
    const old = new OldSchema(name, 4);
    await old.table('lists').put(listRow(LIST));
    await old.table('tickets').put({ ...remoteTicket(7), listSlug: LIST });
    await old.table('outbox').bulkAdd([queued(1, 7), queued(2, 8)]);
    const before = Object.fromEntries(
      await Promise.all(old.tables.map(async (t) => [t.name, await t.toArray()] as const)),
    );
    old.close();

    const db = new CheckinDatabase(name);
    await db.open();
    expect(db.verno).toBe(7);
    for (const [table, rows] of Object.entries(before))
      expect(await db.table(table).toArray(), table).toEqual(rows);
    expect(await db.tallies.count()).toBe(0);
    expect(await db.farewells.count()).toBe(0);
    const list = await db.lists.get(LIST);
    expect(list?.door).toBeUndefined();
    expect(summary(list!).door).toBeNull();
    db.close();
  });
});
