// The open list's running counts: whatever order tickets and check-ins arrive in, and however
// a ticket's state changes, `tickets` is the list's tickets and `checkedIn` never exceeds it.
import { describe, expect, it } from 'vitest';
import type { RemoteTicket } from '../../src/api/schemas';
import type { CheckinRow } from '../../src/db/rows';
import { createStringPool } from '../../src/sync/index/compact-ticket';
import { createListIndex } from '../../src/sync/index/list-index';

const LIST = 'chk_ptestlist0000000000000';

const ticket = (id: number, state: string, updatedAt = 1): RemoteTicket => ({
  id,
  slug: `ti_p${id}`.padEnd(26, 'x'),
  reference: `R${id}-1`,
  registrationReference: `R${id}`,
  buyerName: null,
  buyerEmail: null,
  firstName: 'Guest',
  lastName: String(id),
  email: null,
  companyName: null,
  phoneNumber: null,
  jobTitle: null,
  releaseTitle: 'General',
  state,
  paid: true,
  updatedAt,
});

const checkin = (key: string, ticketId: number, deletedAt: number | null = null): CheckinRow => ({
  listSlug: LIST,
  key,
  uuid: key,
  id: null,
  ticketId,
  createdAt: 1,
  updatedAt: deletedAt ?? 1,
  deletedAt,
  deviceName: null,
  clientId: null,
  status: 'synced',
});

describe('the list index counts', () => {
  it('counts the list tickets, "in" among them only, and everyone inside', () => {
    const index = createListIndex();
    // Check-ins may land before their tickets (another door, a first download half done).
    index.putCheckins([checkin('a', 1), checkin('b', 2), checkin('c', 3)]);
    expect(index.counts()).toEqual({ tickets: 0, checkedIn: 0, inside: 3 });
    index.putTickets([
      ticket(1, 'complete'),
      ticket(2, 'incomplete'),
      ticket(3, 'void'),
      ticket(4, 'complete'),
    ]);
    expect(index.counts()).toEqual({ tickets: 3, checkedIn: 2, inside: 3 });
  });

  it('follows a ticket voided after its check-in, and one restored, in either order of events', () => {
    const index = createListIndex();
    index.putTickets([ticket(1, 'complete'), ticket(2, 'complete')]);
    index.putCheckins([checkin('a', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    index.putTickets([ticket(1, 'void', 2)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 1 });
    // An older copy of the ticket (a late page) changes nothing.
    index.putTickets([ticket(1, 'complete', 1)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 1 });
    // Its check-in ended (the guest left), then the cancellation was taken back.
    index.putCheckins([checkin('a', 1, 3)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 0 });
    index.putTickets([ticket(1, 'complete', 4)]);
    index.putCheckins([checkin('b', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    index.removeCheckins(['b']);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 0, inside: 0 });
  });
});

describe('the list index counts a refused check-in', () => {
  const refused = (key: string, ticketId: number): CheckinRow => ({
    ...checkin(key, ticketId),
    uuid: null,
    clientId: key,
    status: 'parked',
  });

  it('as nobody inside, and as a double admission only beside a check-in the service holds', () => {
    const index = createListIndex();
    index.putTickets([ticket(1, 'complete'), ticket(2, 'complete')]);
    index.putCheckins([checkin('a', 1), refused('r', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    expect(index.doubleAdmissions()).toEqual([1]);
    // The check-in it was refused beside is undone elsewhere: nothing of the ticket is held.
    index.putCheckins([checkin('a', 1, 5)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 0, inside: 0 });
    expect(index.doubleAdmissions()).toEqual([]);
    // A refusal alone never counts, nor two of them; a new check-in counts once.
    index.putCheckins([refused('s', 2), refused('t', 2)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 0, inside: 0 });
    expect(index.doubleAdmissions()).toEqual([]);
    index.putCheckins([checkin('b', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    expect(index.doubleAdmissions()).toEqual([1]);
  });
});

describe('the list index keeps tickets', () => {
  const full = (id: number, order: string, n: number, patch: Partial<RemoteTicket> = {}): RemoteTicket => ({
    ...ticket(id, 'complete'),
    reference: `${order}-${n}`,
    registrationReference: order,
    buyerName: 'Zoë Buyer',
    buyerEmail: 'zoe@example.com',
    firstName: n === 1 ? 'Zoë' : 'Guest',
    lastName: n === 1 ? 'Buyer' : String(id),
    email: n === 1 ? 'zoe@example.com' : null,
    companyName: 'Acme',
    phoneNumber: '+353 1',
    releaseTitle: 'VIP',
    paid: n !== 3,
    ...patch,
  });

  it('answers every field of a ticket as stored, and nothing it was stored with besides', () => {
    const index = createListIndex();
    // As IndexedDB hands them over: each its own copy, a stored row with its list's slug.
    const given = [full(1, 'ABCD', 1), full(2, 'ABCD', 2), full(3, 'ABCD', 3, { state: 'void' })];
    index.putTickets(structuredClone(given).map((t) => ({ ...t, listSlug: LIST })));
    for (const t of given) {
      expect(index.ticketById(t.id)).toStrictEqual(t);
      expect(index.ticketBySlug(t.slug)).toStrictEqual(t);
      expect(index.ticketByReference(t.reference.toLowerCase())).toStrictEqual(t);
    }
    expect(index.ticketsOfOrder('abcd')).toStrictEqual(given);
    expect(
      index
        .search('acme')
        .map((h) => h.ticket.id)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('keeps each order whole as its tickets come, move to another order and go', () => {
    const index = createListIndex();
    index.putTickets([full(1, 'ABCD', 1), full(2, 'WXYZ', 1)]);
    expect(index.ticketsOfOrder('ABCD').map((t) => t.id)).toEqual([1]);
    index.putTickets([full(3, 'ABCD', 2), full(4, 'ABCD', 3)]);
    expect(index.ticketsOfOrder('ABCD').map((t) => t.id)).toEqual([1, 3, 4]);
    // A newer version in the same order stays once; one moved to another order leaves this one.
    index.putTickets([full(3, 'ABCD', 2, { updatedAt: 2, firstName: 'Renamed' })]);
    index.putTickets([full(4, 'WXYZ', 2, { updatedAt: 2 })]);
    expect(index.ticketsOfOrder('ABCD').map((t) => [t.id, t.firstName])).toEqual([
      [1, 'Zoë'],
      [3, 'Renamed'],
    ]);
    expect(index.ticketsOfOrder('WXYZ').map((t) => t.id)).toEqual([2, 4]);
    index.putTickets([full(1, 'WXYZ', 3, { updatedAt: 2 }), full(3, 'WXYZ', 4, { updatedAt: 3 })]);
    expect(index.ticketsOfOrder('ABCD')).toEqual([]);
    expect(index.ticketsOfOrder('WXYZ').map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });
});

describe('the string pool', () => {
  it('shares what it has seen and never keeps more than its limit', () => {
    const pool = createStringPool(2);
    expect([pool.share('a'), pool.share('b'), pool.share('c'), pool.share('a'), pool.share(null)]).toEqual([
      'a',
      'b',
      'c',
      'a',
      null,
    ]);
    expect(pool.size()).toBe(2);
  });
});

describe('the list index keeps check-ins', () => {
  it("answers a ticket's check-ins in the order they came, a replaced one in its place", () => {
    const index = createListIndex();
    index.putCheckins([checkin('a', 1)]);
    expect(index.checkinsOf(1).map((c) => c.key)).toEqual(['a']);
    index.putCheckins([checkin('b', 1), checkin('c', 1), checkin('z', 2)]);
    // "b" ended: its newer version stays where "b" was.
    index.putCheckins([checkin('b', 1, 5)]);
    expect(index.checkinsOf(1).map((c) => [c.key, c.deletedAt])).toEqual([
      ['a', null],
      ['b', 5],
      ['c', null],
    ]);
    // A local row replaced by the service's copy under its uuid.
    index.putCheckins([checkin('a2', 1)], ['a']);
    expect(index.checkinsOf(1).map((c) => c.key)).toEqual(['b', 'c', 'a2']);
    expect(index.checkinByKey('a')).toBeUndefined();
    expect(index.checkinByKey('c')).toMatchObject({ key: 'c', ticketId: 1 });
    index.removeCheckins(['b', 'c']);
    expect(index.checkinsOf(1).map((c) => c.key)).toEqual(['a2']);
    index.removeCheckins(['a2']);
    expect(index.checkinsOf(1)).toEqual([]);
    expect(index.everything().checkins.map((c) => c.key)).toEqual(['z']);
    expect(index.counts()).toEqual({ tickets: 0, checkedIn: 0, inside: 1 });
  });

  it('keeps every field of a check-in as given', () => {
    const index = createListIndex();
    const own: CheckinRow = {
      ...checkin('local:1', 7),
      deviceName: 'Door 2',
      clientId: '1',
      status: 'pending',
      endedBy: 'exit',
    };
    index.putCheckins([structuredClone(own), checkin('u', 7)]);
    expect(index.checkinsOf(7)).toStrictEqual([own, checkin('u', 7)]);
  });

  describe("holds this device's own check-in once, beside the service's record of it", () => {
    /** This device's check-in of ticket 7, sent under client id `c-1` (answered: `uuid`). */
    const own = (over: Partial<CheckinRow> = {}): CheckinRow => ({
      ...checkin('local:c-1', 7),
      uuid: null,
      createdAt: 100,
      updatedAt: 100,
      deviceName: 'Door 1',
      clientId: 'c-1',
      status: 'pending',
      ...over,
    });
    /** The service's record of a check-in of ticket 7 (a page's, or a pull's). */
    const record = (uuid: string, over: Partial<CheckinRow> = {}) => ({
      ...checkin(uuid, 7),
      id: 41,
      createdAt: 150,
      updatedAt: 150,
      ...over,
    });
    const active = (index: ReturnType<typeof createListIndex>) =>
      index.checkinsOf(7).filter((c) => c.deletedAt === null);

    for (const [name, mine, theirs] of [
      ['sent and answered (same uuid)', own({ uuid: 'c-1', status: 'synced' }), record('c-1')],
      ['its answer not stored yet (the uuid it sent)', own(), record('c-1')],
      ['answered under a uuid the service chose', own({ uuid: 'srv-9', status: 'synced' }), record('srv-9')],
    ] as const)
      it(`${name}, whichever comes first, under its own key with its scan time`, () => {
        for (const order of [
          [mine, theirs],
          [theirs, mine],
        ]) {
          const index = createListIndex();
          for (const row of order) index.putCheckins([row]);
          // And again, as a reload or the next pull brings them.
          index.putCheckins([...order]);
          expect(active(index)).toEqual([
            expect.objectContaining({
              key: 'local:c-1',
              clientId: 'c-1',
              createdAt: 100,
              deviceName: 'Door 1',
            }),
          ]);
          expect(index.checkinByKey(theirs.key)).toBeUndefined();
          expect(index.doubleAdmissions()).toEqual([]);
          expect(index.counts().inside).toBe(1);
        }
      });

    it('takes a newer deletion from the service (another door let the guest out), keeping its own marks', () => {
      const index = createListIndex();
      index.putCheckins([own()]);
      index.putCheckins([record('c-1', { deletedAt: 300, updatedAt: 300 })]);
      expect(index.checkinsOf(7)).toEqual([
        expect.objectContaining({ key: 'local:c-1', uuid: 'c-1', deletedAt: 300, createdAt: 100 }),
      ]);
      expect(index.counts().inside).toBe(0);
    });

    it('keeps an undo or exit recorded here and not yet sent over the service record still active', () => {
      for (const order of ['own first', 'record first'] as const) {
        const index = createListIndex();
        const ended = own({ deletedAt: 120, updatedAt: 120, endedBy: 'exit' });
        const newer = record('c-1', { updatedAt: 200 });
        index.putCheckins(order === 'own first' ? [ended, newer] : [newer, ended]);
        expect(index.checkinsOf(7)).toEqual([
          expect.objectContaining({ key: 'local:c-1', deletedAt: 120, endedBy: 'exit' }),
        ]);
      }
    });

    it("counts another door's check-in of the ticket as a second admission", () => {
      const index = createListIndex();
      index.putCheckins([record('c-1'), record('other-door', { id: 42 }), own({ uuid: 'c-1' })]);
      expect(active(index).map((c) => c.key)).toEqual(['other-door', 'local:c-1']);
      expect(index.doubleAdmissions()).toEqual([7]);
    });
  });
});
