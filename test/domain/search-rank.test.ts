// Search's ranking: the person typed comes first. Exact whole-field matches, then fields that
// start with what was typed, then every word starting a word, then tickets found only through
// their order; at the same strength by name, then reference. Orders say why they were found.
import { describe, expect, it } from 'vitest';
import {
  holderMatch,
  orderOwnMatch,
  rankTickets,
  type SearchableTicket,
  searchQuery,
  ticketStrength,
} from '../../src/domain/search-rank';

let next = 0;
/** A ticket of its own order unless `order` says whose it is. */
function ticket(name: string, more: Partial<SearchableTicket> = {}): SearchableTicket {
  const [firstName = null, ...rest] = name.split(' ');
  const order = `O${++next}`;
  return {
    firstName,
    lastName: rest.join(' ') || null,
    email: `${name.toLowerCase().replaceAll(' ', '.')}${next}@example.com`,
    companyName: null,
    reference: `${order}-1`,
    registrationReference: order,
    buyerName: name,
    buyerEmail: null,
    ...more,
  };
}

const query = (text: string) => searchQuery(text)!;
const names = (hits: { ticket: SearchableTicket }[]) =>
  hits.map(({ ticket: t }) => [t.firstName, t.lastName].filter(Boolean).join(' '));

describe('how a ticket matches', () => {
  it('is exact on the whole name either way round, the whole email or the reference', () => {
    const niamh = ticket('Niamh Ito', { email: 'niamh@example.com', reference: 'AZ99-1' });
    for (const typed of ['Niamh Ito', 'niamh  ito', 'ITO NIAMH', 'niamh@example.com', 'az99-1'])
      expect(ticketStrength(query(typed), niamh), typed).toBe('exact');
  });

  it('is a prefix when a field starts with what was typed, a word match when each word starts a word', () => {
    const niamh = ticket('Niamh Ito', { companyName: 'Granite Bank', email: 'ni@example.com' });
    expect(ticketStrength(query('niamh i'), niamh)).toBe('prefix');
    expect(ticketStrength(query('ito'), niamh)).toBe('prefix');
    expect(ticketStrength(query('granite'), niamh)).toBe('prefix');
    expect(ticketStrength(query('bank'), niamh)).toBe('word');
    expect(ticketStrength(query('nia bank'), niamh)).toBe('word');
  });

  it('matches through its order last, and not at all when a word starts nothing of it', () => {
    const guest = ticket('Niamh Ito', {
      buyerName: 'Zoë Yilmaz',
      buyerEmail: 'zoe@example.com',
      registrationReference: 'UZUS',
      reference: 'UZUS-2',
    });
    expect(ticketStrength(query('zoe'), guest)).toBe('order');
    expect(ticketStrength(query('niamh yilmaz'), guest)).toBe('order');
    expect(ticketStrength(query('niamh smith'), guest)).toBeNull();
  });

  it('ignores case and accents', () => {
    expect(ticketStrength(query('zoe alvarez'), ticket('Zoë Álvarez'))).toBe('exact');
  });
});

describe('the order of ticket results', () => {
  it('lists the exact name first, then prefixes, then word matches, then tickets found through their order', () => {
    const candidates = [
      ticket('Ana Lee', { buyerName: 'Niamh Ito' }),
      ticket('Niamh Itoh'),
      ticket('Ito Niamhson'),
      ticket('Niamh Ito', { buyerName: 'Zoe Yilmaz' }),
      ticket('Niamh Ito'),
    ];
    expect(rankTickets(query('Niamh Ito'), candidates, 50).map((h) => [names([h])[0], h.match])).toEqual([
      ['Niamh Ito', 'exact'],
      ['Niamh Ito', 'exact'],
      ['Niamh Itoh', 'prefix'],
      ['Ito Niamhson', 'word'],
      ['Ana Lee', 'order'],
    ]);
  });

  it('orders equals by name, then by reference, whatever order they came in', () => {
    const candidates = [
      ticket('Niamh Kelly', { reference: 'B-1' }),
      ticket('Niamh Byrne'),
      ticket('Niamh Kelly', { reference: 'A-1' }),
    ];
    const ranked = rankTickets(query('niamh'), candidates, 50);
    expect(ranked.map((h) => h.ticket.reference)).toEqual([candidates[1]!.reference, 'A-1', 'B-1']);
    expect(rankTickets(query('niamh'), [...candidates].reverse(), 50)).toEqual(ranked);
  });

  it('keeps an exact match that comes after more than a screenful of weaker ones', () => {
    const weaker = Array.from({ length: 200 }, (_, i) => ticket(`Niamh Itoh${i}`));
    const ranked = rankTickets(query('niamh ito'), [...weaker, ticket('Niamh Ito')], 50);
    expect(ranked).toHaveLength(50);
    expect(names(ranked.slice(0, 2))).toEqual(['Niamh Ito', 'Niamh Itoh0']);
  });

  it('leaves out candidates that do not match', () => {
    expect(rankTickets(query('niamh ito'), [ticket('Niamh Byrne'), ticket('Ana Ito')], 50)).toEqual([]);
  });
});

describe('why an order was found', () => {
  const order = { reference: 'UZUS', buyerName: 'Zoe Yilmaz', buyerEmail: 'zoe@example.com' };

  it('by its reference, or by its buyer, as strongly as they match', () => {
    expect(orderOwnMatch(query('uzus'), order)).toEqual({ by: 'reference', strength: 'exact' });
    expect(orderOwnMatch(query('uz'), order)).toEqual({ by: 'reference', strength: 'prefix' });
    expect(orderOwnMatch(query('zoe yilmaz'), order)).toEqual({ by: 'buyer', strength: 'exact' });
    expect(orderOwnMatch(query('zoe@example.com'), order)).toEqual({ by: 'buyer', strength: 'exact' });
    expect(orderOwnMatch(query('yilmaz'), order)).toEqual({ by: 'buyer', strength: 'word' });
    expect(orderOwnMatch(query('niamh ito'), order)).toBeNull();
  });

  it('else through the holders that matched, best first, each name once', () => {
    expect(
      holderMatch([
        { name: 'Niamh Itoh', match: 'prefix' },
        { name: 'Niamh Ito', match: 'exact' },
        { name: 'Niamh Ito', match: 'exact' },
      ]),
    ).toEqual({ by: 'holder', strength: 'exact', holders: ['Niamh Ito', 'Niamh Itoh'] });
    expect(holderMatch([])).toBeNull();
  });
});
