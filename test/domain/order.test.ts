import { describe, expect, it } from 'vitest';
import { admittable, judgeOrder, orderReferenceOf } from '../../src/domain/order';
import type { DoorCheckin, DoorTicket } from '../../src/domain/verdict';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');

function ticket(n: number, over: Partial<DoorTicket> = {}): DoorTicket & { registrationReference: string } {
  return {
    id: n,
    slug: `ti_p${n}xxxxxxxxxxxxxxxxxxxxx`,
    reference: `H9B6-${n}`,
    registrationReference: 'H9B6',
    firstName: `Guest${n}`,
    lastName: null,
    email: null,
    companyName: null,
    releaseTitle: 'General',
    state: 'complete',
    paid: true,
    ...over,
  };
}

const checkin = (ticketId: number, over: Partial<DoorCheckin> = {}): DoorCheckin => ({
  uuid: `u${ticketId}`,
  ticketId,
  createdAt: NOW - 600_000,
  deletedAt: null,
  deviceName: 'North door',
  mine: false,
  ...over,
});

describe('an order at the door', () => {
  it('judges each ticket as a scan would, in ticket order', () => {
    const order = judgeOrder({
      reference: 'H9B6',
      list: { expiresAt: null },
      now: NOW,
      tickets: [
        { ticket: ticket(10), checkins: [] },
        { ticket: ticket(2), checkins: [checkin(2)] },
        { ticket: ticket(3, { state: 'void' }), checkins: [] },
        { ticket: ticket(4), checkins: [checkin(4, { mine: true, createdAt: NOW - 5_000 })] },
        { ticket: ticket(5), checkins: [checkin(5, { deletedAt: NOW - 1000 })] },
      ],
    });
    expect(order.tickets.map((t) => [t.ticket.reference, t.state])).toEqual([
      ['H9B6-2', 'inside'],
      ['H9B6-3', 'void'],
      ['H9B6-4', 'admitted'],
      ['H9B6-5', 'not-in'],
      ['H9B6-10', 'not-in'],
    ]);
    expect(order.tickets[0]!.since).toMatchObject({ deviceName: 'North door' });
    expect(admittable(order).map((t) => t.ticket.id)).toEqual([5, 10]);
  });

  it('lets nobody in from an unpaid order or an expired list', () => {
    const unpaid = judgeOrder({
      reference: 'H9B6',
      list: { expiresAt: null },
      now: NOW,
      tickets: [1, 2].map((n) => ({ ticket: ticket(n, { paid: false }), checkins: [] })),
    });
    expect(unpaid.tickets.map((t) => t.state)).toEqual(['unpaid', 'unpaid']);
    const closed = judgeOrder({
      reference: 'H9B6',
      list: { expiresAt: NOW - 1 },
      now: NOW,
      tickets: [{ ticket: ticket(1), checkins: [] }],
    });
    expect(admittable(closed)).toEqual([]);
    expect(closed.tickets[0]!.state).toBe('closed');
  });

  it('knows a ticket’s order by its registration reference, or else by its own reference', () => {
    expect(orderReferenceOf({ reference: 'H9B6-2', registrationReference: 'h9b6' })).toBe('H9B6');
    expect(orderReferenceOf({ reference: 'H9B6-12' })).toBe('H9B6');
    expect(orderReferenceOf({ reference: 'LOOSE' })).toBeNull();
  });
});
