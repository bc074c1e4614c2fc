// The search screen's one list: the person typed before any order, orders found only through a
// holder after every ticket, an order whose reference or buyer was typed whole among the first.
// And what a ticket result says of its order.
import { describe, expect, it } from 'vitest';
import type { OrderMatch, Strength } from '../../src/domain/search-rank';
import { arrangeResults, ticketOrder } from '../../src/domain/search-results';

const found = (name: string, match: Strength) => ({ name, match });
const order = (name: string, match: OrderMatch) => ({ name, match });
const arranged = (
  tickets: { name: string; match: Strength }[],
  orders: { name: string; match: OrderMatch }[],
) => arrangeResults(tickets, orders).map((item) => `${item.kind} ${item.hit.name}`);

describe('tickets and orders in one list', () => {
  it('lists the Niamh Itos before the orders that hold a ticket of one', () => {
    const tickets = [found('Niamh Ito', 'exact'), found('Niamh Ito', 'exact'), found('Niamh Itoh', 'prefix')];
    const orders = [
      order('Victor Fernandez', { by: 'holder', strength: 'exact', holders: ['Niamh Ito'] }),
      order('Zoe Yilmaz', { by: 'holder', strength: 'exact', holders: ['Niamh Ito'] }),
    ];
    expect(arranged(tickets, orders)).toEqual([
      'ticket Niamh Ito',
      'ticket Niamh Ito',
      'ticket Niamh Itoh',
      'order Victor Fernandez',
      'order Zoe Yilmaz',
    ]);
  });

  it('puts an order after the tickets that match as strongly, and before weaker ones', () => {
    const tickets = [
      found('Zoe Yilmaz', 'exact'),
      found('Zoe Yilmazer', 'prefix'),
      found('Niamh Ito (bought by Zoe Yilmaz)', 'order'),
    ];
    const orders = [order('Zoe Yilmaz', { by: 'buyer', strength: 'exact' })];
    expect(arranged(tickets, orders)).toEqual([
      'ticket Zoe Yilmaz',
      'order Zoe Yilmaz',
      'ticket Zoe Yilmazer',
      'ticket Niamh Ito (bought by Zoe Yilmaz)',
    ]);
  });

  it('lists first an order whose reference was typed whole', () => {
    const tickets = [found('Zoe Yilmaz', 'prefix'), found('Niamh Ito', 'prefix')];
    const orders = [order('Zoe Yilmaz', { by: 'reference', strength: 'exact' })];
    expect(arranged(tickets, orders)).toEqual(['order Zoe Yilmaz', 'ticket Zoe Yilmaz', 'ticket Niamh Ito']);
  });
});

describe('a ticket result’s order', () => {
  const base = {
    firstName: 'Niamh',
    lastName: 'Ito',
    email: 'niamh@example.com',
    companyName: null,
    reference: 'UZUS-2',
    registrationReference: 'UZUS',
  };

  it('names the buyer when someone else bought the ticket', () => {
    expect(ticketOrder({ ...base, buyerName: 'Zoe Yilmaz', buyerEmail: 'zoe@example.com' })).toEqual({
      reference: 'UZUS',
      buyer: 'Zoe Yilmaz',
    });
  });

  it('names no buyer when the holder bought it, by name or by email', () => {
    expect(ticketOrder({ ...base, buyerName: 'niamh ito', buyerEmail: null })).toEqual({
      reference: 'UZUS',
      buyer: null,
    });
    expect(ticketOrder({ ...base, buyerName: 'N. Ito', buyerEmail: 'NIAMH@example.com' })).toEqual({
      reference: 'UZUS',
      buyer: null,
    });
  });

  it('reads the order from the ticket’s reference when the service sends no order reference', () => {
    expect(ticketOrder({ ...base, registrationReference: null, buyerName: null, buyerEmail: null })).toEqual({
      reference: 'UZUS',
      buyer: null,
    });
  });
});
