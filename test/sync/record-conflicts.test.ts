// Double admissions as the door records them after each pull and push: written as changes to
// the stored set (not a rewrite of it), yet the stored set is always the index's, each ticket
// keeping the time it was first seen doubled.
import { describe, expect, it } from 'vitest';
import { readConflicts } from '../../src/db/copy-notes';
import type { CheckinRow } from '../../src/db/rows';
import { createListIndex } from '../../src/sync/index/list-index';
import { recordConflicts } from '../../src/sync/status/conflicts';
import { freshDb, LIST } from './support';

const checkin = (key: string, ticketId: number, createdAt: number, own = false): CheckinRow => ({
  listSlug: LIST,
  key,
  uuid: key,
  id: null,
  ticketId,
  createdAt,
  updatedAt: createdAt,
  deletedAt: null,
  deviceName: own ? 'Door 1' : null,
  clientId: own ? `client-${key}` : null,
  status: 'synced',
});

describe('recording double admissions', () => {
  it('adds, updates and drops conflicts as the index changes, keeping when each was first seen', async () => {
    const db = freshDb();
    const index = createListIndex();
    index.putCheckins([
      checkin('a1', 1, 10, true),
      checkin('a2', 1, 20),
      checkin('b1', 2, 30),
      checkin('b2', 2, 40),
    ]);
    await recordConflicts(db, LIST, index, 1_000);
    expect((await readConflicts(db, LIST)).map((c) => [c.ticketId, c.detectedAt])).toEqual([
      [1, 1_000],
      [2, 1_000],
    ]);

    // Ticket 1 admitted a third time, ticket 2's second check-in undone, ticket 3 newly doubled.
    index.putCheckins([
      checkin('a3', 1, 50),
      { ...checkin('b2', 2, 40), deletedAt: 60, updatedAt: 60 },
      checkin('c1', 3, 70),
      checkin('c2', 3, 80),
    ]);
    const recorded = await recordConflicts(db, LIST, index, 2_000);
    const stored = await readConflicts(db, LIST);
    expect(stored).toEqual(recorded.sort((a, b) => a.ticketId - b.ticketId));
    expect(stored.map((c) => [c.ticketId, c.detectedAt, c.checkins.map((x) => x.uuid)])).toEqual([
      [1, 1_000, ['a1', 'a2', 'a3']],
      [3, 2_000, ['c1', 'c2']],
    ]);
    expect(stored[0]!.checkins[0]).toMatchObject({ source: 'this-device', deviceName: 'Door 1' });

    // Nothing doubled any more: the stored set empties.
    index.putCheckins([
      { ...checkin('a2', 1, 20), deletedAt: 90, updatedAt: 90 },
      { ...checkin('a3', 1, 50), deletedAt: 90, updatedAt: 90 },
      { ...checkin('c2', 3, 80), deletedAt: 90, updatedAt: 90 },
    ]);
    expect(await recordConflicts(db, LIST, index, 3_000)).toEqual([]);
    expect(await readConflicts(db, LIST)).toEqual([]);
  });

  it('leaves another list’s conflicts alone', async () => {
    const db = freshDb();
    await db.conflicts.put({ listSlug: 'chk_other', ticketId: 1, detectedAt: 5, checkins: [] });
    await recordConflicts(db, LIST, createListIndex(), 1_000);
    expect(await readConflicts(db, 'chk_other')).toHaveLength(1);
  });
});
