// The outbox in storage (fake-indexeddb): a check-in and its row are written together, an undo
// cancels on the device alone only what never left it, "undo these N" is one transaction, and
// a dismissed problem takes its check-in with it.
import { describe, expect, it } from 'vitest';
import { fail } from '../../src/domain/result';
import { localKey } from '../../src/db/checkin-row';
import {
  dropParked,
  markSending,
  park,
  readOutbox,
  recordCheckin,
  recordCheckins,
  recordUndos,
  requeueUnanswered,
} from '../../src/db/outbox';
import { freshDb, LIST } from '../sync/support';
import { listRow } from './copy-rows';

/** A door's database with the list joined: check-ins are written only for a list it holds. */
async function listed(db: ReturnType<typeof freshDb>) {
  await db.lists.put(listRow(LIST));
  return db;
}

const AT = Date.parse('2026-05-01T18:00:00Z');
let serial = 0;
const admission = (ticketId: number) => ({
  listSlug: LIST,
  ticketId,
  deviceName: 'Door 1',
  now: AT,
  clientId: `client-${++serial}`,
});
/** One undo: "undo these N" of one. */
const recordUndo = async (db: ReturnType<typeof freshDb>, listSlug: string, checkinKey: string) =>
  (
    await recordUndos(db, listSlug, [{ checkinKey, clientId: `undo-${++serial}` }], {
      now: AT + 1000,
      deviceName: 'Door 1',
    })
  )[0];

describe('the outbox', () => {
  it('holds a check-in made offline as pending, with one queued row to send', async () => {
    const db = await listed(freshDb());
    const checkin = await recordCheckin(db, admission(7));
    expect(checkin).toMatchObject({ key: localKey(checkin.clientId!), status: 'pending', uuid: null });
    expect(await db.checkins.get([LIST, checkin.key])).toEqual(checkin);
    expect(await readOutbox(db, LIST)).toMatchObject([
      { kind: 'checkin', ticketId: 7, checkinKey: checkin.key, state: 'queued', attempts: 0 },
    ]);
  });

  it('an undo of a check-in that never left the device leaves nothing to send', async () => {
    const db = await listed(freshDb());
    const checkin = await recordCheckin(db, admission(7));
    expect(await recordUndo(db, LIST, checkin.key)).toBe('cancelled');
    expect(await readOutbox(db, LIST)).toEqual([]);
    expect(await db.checkins.count()).toBe(0);
  });

  it('an undo of a check-in whose request went unanswered waits for it, never cancelling it here', async () => {
    const db = await listed(freshDb());
    const checkin = await recordCheckin(db, admission(7));
    const [row] = await readOutbox(db, LIST);
    await markSending(db, LIST, [row!], AT);
    expect(await recordUndo(db, LIST, checkin.key)).toBe('waiting');
    // After recovery found nothing, the row goes out again; it may still land late.
    await requeueUnanswered(db, LIST, [row!]);
    const second = await recordCheckin(db, admission(8));
    const [, , again] = await readOutbox(db, LIST);
    expect(again?.checkinKey).toBe(second.key);
    expect(await recordUndo(db, LIST, second.key)).toBe('cancelled');
    expect((await readOutbox(db, LIST)).map((r) => [r.kind, r.checkinKey])).toEqual([
      ['checkin', checkin.key],
      ['undo', checkin.key],
    ]);
  });

  it('"undo these N" takes back a whole order in one go, by the rules of a single undo', async () => {
    const db = await listed(freshDb());
    const [sent, queued, parked] = await recordCheckins(db, [admission(1), admission(2), admission(3)]);
    const rows = await readOutbox(db, LIST);
    await markSending(db, LIST, [rows[0]!], AT);
    await park(db, rows[2]!, fail('rejected', { status: 400 }));
    const outcomes = await recordUndos(
      db,
      LIST,
      [sent!, queued!, parked!, { ...sent!, key: 'nobody' }].map((c, i) => ({
        checkinKey: c.key,
        clientId: `order-undo-${i}`,
      })),
      { now: AT + 1000, deviceName: 'Door 1' },
    );
    expect(outcomes).toEqual(['waiting', 'cancelled', 'cancelled', 'not-found']);
    expect((await readOutbox(db, LIST)).map((r) => [r.kind, r.checkinKey])).toEqual([
      ['checkin', sent!.key],
      ['undo', sent!.key],
    ]);
    expect(await db.checkins.get([LIST, sent!.key])).toMatchObject({ endedBy: 'undo', deletedAt: AT + 1000 });
  });

  it('dismissing a refused check-in removes it and its row; anything not parked stays', async () => {
    const db = await listed(freshDb());
    const [kept, refused] = await recordCheckins(db, [admission(1), admission(2)]);
    const rows = await readOutbox(db, LIST);
    await park(db, rows[1]!, fail('rejected', { status: 400 }));
    expect(await dropParked(db, rows[0]!.id)).toBeNull();
    expect(await dropParked(db, rows[1]!.id)).toMatchObject({ checkinKey: refused!.key });
    expect((await readOutbox(db, LIST)).map((r) => r.checkinKey)).toEqual([kept!.key]);
    expect(await db.checkins.get([LIST, refused!.key])).toBeUndefined();
  });
});
