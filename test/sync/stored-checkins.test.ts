// What a ticket's stored check-ins tell the open list's index that it does not hold (another tab
// of the app over the same database stored them), and the index taking them: an admission it
// lacks, an exit or undo of a check-in it holds standing, an own check-in removed whole.
import { describe, expect, it } from 'vitest';
import type { CheckinRow } from '../../src/db/rows';
import { createListIndex } from '../../src/sync/index/list-index';
import { endsHeld, goneOwn, storedNews } from '../../src/sync/index/stored-checkins';

const LIST = 'chk_ptestlist0000000000000';
const T0 = 1_000_000;

/** A check-in this device made (under its local key), not yet sent unless `uuid` is given. */
const own = (clientId: string, patch: Partial<CheckinRow> = {}): CheckinRow => ({
  listSlug: LIST,
  key: `local:${clientId}`,
  uuid: null,
  id: null,
  ticketId: 7,
  createdAt: T0,
  updatedAt: T0,
  deletedAt: null,
  deviceName: 'Door 1',
  clientId,
  status: 'pending',
  ...patch,
});

/** Another door's check-in as the service gives it. */
const service = (uuid: string, patch: Partial<CheckinRow> = {}): CheckinRow => ({
  listSlug: LIST,
  key: uuid,
  uuid,
  id: 1,
  ticketId: 7,
  createdAt: T0,
  updatedAt: T0,
  deletedAt: null,
  deviceName: null,
  clientId: null,
  status: 'synced',
  ...patch,
});

const exited = (row: CheckinRow, at: number): CheckinRow => ({
  ...row,
  deletedAt: at,
  updatedAt: at,
  endedBy: 'exit',
});

describe('what the stored check-ins tell the index', () => {
  it('nothing when they hold what the index holds', () => {
    const rows = [own('a'), exited(service('u1'), T0 + 5)];
    expect(storedNews(rows, rows)).toBeNull();
    // A check-in of the first download lives only in its page: its absence says nothing.
    expect(storedNews([], [service('u2')])).toBeNull();
    // A row without the uuid the held one has is an older version of it, ended or not.
    expect(storedNews([exited(own('a'), T0 + 5)], [own('a', { uuid: 'u1', status: 'synced' })])).toBeNull();
  });

  it('an admission the index lacks', () => {
    expect(storedNews([own('a')], [])).toEqual({ gone: [] });
  });

  it('an exit of a check-in the index holds standing, under its key or as the same check-in', () => {
    expect(endsHeld([exited(own('a'), T0 + 60_000)], [own('a')])).toBe(true);
    expect(endsHeld([exited(service('u1'), T0 + 60_000)], [service('u1')])).toBe(true);
    // The index holds the service's record of this device's check-in under its uuid; the database
    // holds the device's own row, ended here.
    const sent = own('b', { uuid: 'u2', status: 'synced' });
    expect(endsHeld([exited(sent, T0 + 60_000)], [service('u2')])).toBe(true);
    expect(storedNews([exited(sent, T0 + 60_000)], [service('u2')])).toEqual({ gone: [] });
    // An ending the index already holds is no news.
    expect(endsHeld([exited(own('a'), T0 + 60_000)], [exited(own('a'), T0 + 60_000)])).toBe(false);
  });

  it('an own check-in removed whole (an undo before it was sent)', () => {
    expect(goneOwn([], [own('a'), exited(own('b'), T0), service('u1')])).toEqual(['local:a']);
    expect(storedNews([], [own('a')])).toEqual({ gone: ['local:a'] });
    // Kept under its local key once answered: the service's uuid does not hide it.
    expect(goneOwn([own('a', { uuid: 'u1', status: 'synced' })], [own('a')])).toEqual([]);
  });
});

describe('the index takes an ending stored after the check-in it holds', () => {
  it('by its stamps, on one clock', () => {
    const index = createListIndex();
    index.putCheckins([own('a')]);
    index.putCheckins([exited(own('a'), T0 + 60_000)]);
    expect(index.checkinsOf(7).map((c) => c.deletedAt)).toEqual([T0 + 60_000]);
    expect(index.counts().inside).toBe(0);
  });

  it('recorded here, whatever the service stamped the check-in with (its clock ahead)', () => {
    const index = createListIndex();
    // Synced: the service stamped it five minutes ahead of this device's clock.
    const held = service('u1', { updatedAt: T0 + 300_000 });
    index.putCheckins([held]);
    index.putCheckins([exited(held, T0 + 60_000)]);
    expect(index.checkinsOf(7)).toMatchObject([{ deletedAt: T0 + 60_000, endedBy: 'exit' }]);
    expect(index.counts().inside).toBe(0);
    // And the check-in never stands again under that key: a pull's older copy leaves it ended.
    index.putCheckins([held]);
    expect(index.checkinsOf(7)).toMatchObject([{ deletedAt: T0 + 60_000 }]);
  });
});
