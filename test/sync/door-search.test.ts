// Searching the open list by a person's name, as staff do at the door: the people whose whole
// name was typed come first, each saying which order they belong to and who bought it, and an
// order holding one of them says so and comes after them. The real mock service in process,
// fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import { makeBasics, makeCheckinList, makeRegistration, makeTicket } from '../mock-api/factories';
import { doorDevice, fetchOver, LIST, serviceHolding } from './support';

/** A list like the demo's: four Niamh Itos in four orders, two bought by others, after 60 Niamh Itohs. */
async function niamhList() {
  const service = await serviceHolding((ctx) => {
    const { event, release } = makeBasics(ctx);
    const order = (reference: string, buyer: string, guests: string[] = []) => {
      const [first, last] = buyer.split(' ');
      const reg = makeRegistration(ctx, event, {
        reference,
        name: buyer,
        first_name: first!,
        last_name: last!,
        email: `${buyer.toLowerCase().replace(' ', '.')}.${reference.toLowerCase()}@example.com`,
      });
      makeTicket(ctx, reg, release);
      for (const guest of guests) {
        const [gFirst, gLast] = guest.split(' ');
        makeTicket(ctx, reg, release, { first_name: gFirst!, last_name: gLast!, email: null });
      }
    };
    // Weaker matches first, so a search that took the first it found would show only them.
    for (let i = 0; i < 60; i++) order(`H${i.toString(36).toUpperCase().padStart(3, '0')}`, 'Niamh Itoh');
    order('ZOE1', 'Zoe Yilmaz', ['Niamh Ito']);
    order('VIC1', 'Victor Fernandez', ['Ana Lee', 'Niamh Ito']);
    order('NIA1', 'Niamh Ito');
    order('NIA2', 'Niamh Ito');
    makeCheckinList(ctx, event);
    return {};
  });
  const device = await doorDevice({ fetch: fetchOver(service.service) });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return device.engine;
}

describe('searching for a person', () => {
  it('lists every ticket of the whole name typed first, each with its order and its buyer', async () => {
    const engine = await niamhList();
    const { tickets } = await engine.find('Niamh Ito');
    expect(tickets).toHaveLength(50);
    expect(tickets.slice(0, 5).map((r) => [r.ticket.firstName, r.ticket.lastName, r.match, r.order])).toEqual(
      [
        ['Niamh', 'Ito', 'exact', { reference: 'NIA1', buyer: null }],
        ['Niamh', 'Ito', 'exact', { reference: 'NIA2', buyer: null }],
        ['Niamh', 'Ito', 'exact', { reference: 'VIC1', buyer: 'Victor Fernandez' }],
        ['Niamh', 'Ito', 'exact', { reference: 'ZOE1', buyer: 'Zoe Yilmaz' }],
        ['Niamh', 'Itoh', 'prefix', expect.objectContaining({ buyer: null })],
      ],
    );
  });

  it('finds the orders holding a ticket of that person, and says so', async () => {
    const engine = await niamhList();
    const { orders } = await engine.find('Niamh Ito');
    expect(orders.map((o) => [o.reference, o.buyerName, o.match])).toEqual([
      ['VIC1', 'Victor Fernandez', { by: 'holder', strength: 'exact', holders: ['Niamh Ito'] }],
      ['ZOE1', 'Zoe Yilmaz', { by: 'holder', strength: 'exact', holders: ['Niamh Ito'] }],
    ]);
  });

  it('puts the buyer’s own ticket and order before the tickets they bought for others', async () => {
    const engine = await niamhList();
    const { tickets, orders } = await engine.find('zoe yilmaz');
    expect(tickets.map((r) => [r.ticket.firstName, r.match])).toEqual([
      ['Zoe', 'exact'],
      ['Niamh', 'order'],
    ]);
    expect(orders.map((o) => [o.reference, o.match])).toEqual([['ZOE1', { by: 'buyer', strength: 'exact' }]]);
  });

  it('finds an order by its reference typed whole', async () => {
    const engine = await niamhList();
    const { orders } = await engine.find('vic1');
    expect(orders.map((o) => [o.reference, o.tickets, o.match])).toEqual([
      ['VIC1', 3, { by: 'reference', strength: 'exact' }],
    ]);
  });
});
