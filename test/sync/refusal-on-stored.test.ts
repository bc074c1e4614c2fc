// A refusal that stands on a ticket's check-ins, checked against the database: judged again once
// when the database holds news, answered as judged when it holds none or cannot be read.
import { describe, expect, it } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import type { CheckinRow } from '../../src/db/rows';
import type { DoorCheckin, Verdict } from '../../src/domain/verdict';
import { createListIndex } from '../../src/sync/index/list-index';
import { judgedOnStored } from '../../src/sync/scan/refusal-on-stored';

const LIST = 'chk_ptestlist0000000000000';
const T0 = 1_000_000;
const TICKET = { id: 7, slug: 'ti_p7', reference: 'R7-1', firstName: null, lastName: null } as const;

const own = (patch: Partial<CheckinRow> = {}): CheckinRow => ({
  listSlug: LIST,
  key: 'local:a',
  uuid: null,
  id: null,
  ticketId: 7,
  createdAt: T0,
  updatedAt: T0,
  deletedAt: null,
  deviceName: 'Door 1',
  clientId: 'a',
  status: 'pending',
  ...patch,
});

/** A database whose ticket's stored check-ins are `rows`, or whose read fails with `error`. */
function storedAs(rows: CheckinRow[] | { error: Error }): CheckinDatabase & { reads: number } {
  const db = {
    reads: 0,
    checkins: {
      where: () => ({
        equals: () => ({
          toArray: async () => {
            db.reads++;
            if ('error' in rows) throw rows.error;
            return rows;
          },
        }),
      }),
    },
  };
  return db as unknown as CheckinDatabase & { reads: number };
}

/** In while a check-in stands, as the entry's rules say it in short. */
const judge = (checkins: readonly DoorCheckin[]): Verdict =>
  checkins.some((c) => c.deletedAt === null)
    ? { kind: 'already-checked-in', ticket: TICKET as never, previous: checkins[0]!, count: 1 }
    : { kind: 'admitted', ticket: TICKET as never };

describe('a refusal on check-ins, against the database', () => {
  it('is judged again once on an exit stored by another tab', async () => {
    const index = createListIndex();
    index.putCheckins([own()]);
    const db = storedAs([own({ deletedAt: T0 + 60_000, updatedAt: T0 + 60_000, endedBy: 'exit' })]);
    const verdict = await judgedOnStored(db, { index, list: { slug: LIST } }, { id: 7 }, judge);
    expect(verdict.kind).toBe('admitted');
    expect(db.reads).toBe(1);
  });

  it('stands, the index untouched, when the database holds nothing new or cannot be read', async () => {
    for (const db of [
      storedAs([own()]),
      storedAs({ error: Object.assign(new Error('gone'), { name: 'DatabaseClosedError' }) }),
    ]) {
      const index = createListIndex();
      index.putCheckins([own()]);
      const verdict = await judgedOnStored(db, { index, list: { slug: LIST } }, { id: 7 }, judge);
      expect(verdict.kind).toBe('already-checked-in');
      expect(index.checkinsOf(7)).toEqual([own()]);
      expect(db.reads).toBe(1);
    }
  });

  it('is never read for an admission, nor without a ticket', async () => {
    const db = storedAs([own()]);
    const index = createListIndex();
    expect((await judgedOnStored(db, { index, list: { slug: LIST } }, { id: 7 }, judge)).kind).toBe(
      'admitted',
    );
    const noTicket = (): Verdict => ({ kind: 'not-on-list', text: 'x' });
    expect((await judgedOnStored(db, { index, list: { slug: LIST } }, null, noTicket)).kind).toBe(
      'not-on-list',
    );
    expect(db.reads).toBe(0);
  });
});
