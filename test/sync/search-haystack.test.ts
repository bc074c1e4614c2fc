import { describe, expect, it } from 'vitest';
import { searchQuery, ticketStrength } from '../../src/domain/search-rank';
import type { SearchableTicket } from '../../src/domain/search-text';
import { createSearchHaystack } from '../../src/sync/index/search-haystack';

type Ticket = SearchableTicket & { id: number };

// A fixed-seed generator: the same list on every run.
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const FIRST = ['Maria', 'Mary-Jo', 'Zoë', 'José', 'Niamh', 'Ana María', 'Ōta', 'Émile', 'Jo', 'Marek'];
const LAST = ["O'Brien", 'Ito', 'García Márquez', 'Müller', 'Lee', 'van der Berg', 'Smith', 'Ma', 'Nguyễn'];
const COMPANIES = ['Acme Corp.', 'Mañana (Events)', 'ZZ Top Ltd', null, 'Bäckerei Ma', null];

function ticketsOf(count: number, seed: number): Ticket[] {
  const { next, pick } = generator(seed);
  return Array.from({ length: count }, (_, i) => {
    const first = next() < 0.05 ? null : pick(FIRST);
    const last = pick(LAST);
    const order = `R${(i >> 1).toString(36).toUpperCase()}`;
    const buyer = next() < 0.5 ? `${first ?? ''} ${last}`.trim() : `${pick(FIRST)} ${pick(LAST)}`;
    return {
      id: i + 1,
      firstName: first,
      lastName: last,
      email: next() < 0.1 ? null : `${(first ?? 'x').toLowerCase()}.${i}@mail-${i % 7}.example`,
      companyName: pick(COMPANIES),
      reference: `${order}-${1 + (i % 2)}`,
      // Mostly the ticket's reference starts with its order's; not always (another shape of code).
      registrationReference: next() < 0.2 ? `ORD${i >> 1}` : next() < 0.8 ? order : null,
      buyerName: buyer,
      buyerEmail: `buyer.${i >> 1}@example.com`,
    };
  });
}

/** Queries made of the list's own words, their beginnings, and a few that match nothing. */
function queriesOf(tickets: Ticket[], seed: number): string[] {
  const { next, pick } = generator(seed);
  const words = tickets.flatMap((t) =>
    [t.firstName, t.lastName, t.email, t.companyName, t.reference, t.registrationReference, t.buyerName]
      .filter((v): v is string => Boolean(v))
      .flatMap((v) => v.split(/\s+/)),
  );
  const start = (word: string) => word.slice(0, 1 + Math.floor(next() * word.length));
  const out = [
    'ma',
    'jo',
    'zo',
    "o'b",
    'mary-j',
    'obrien',
    'ma qx',
    'niamh ito',
    'ac co',
    'rA-',
    'x.1',
    'ord1',
    'ord',
  ];
  for (let i = 0; i < 200; i++) {
    const n = 1 + Math.floor(next() * 3);
    out.push(Array.from({ length: n }, () => start(pick(words))).join(' '));
  }
  return out;
}

describe("the search index's candidates", () => {
  const tickets = ticketsOf(1500, 20261202);
  const haystack = createSearchHaystack();
  for (const ticket of tickets) haystack.add(ticket);

  it('hold every ticket the ranking says matches, for hundreds of queries of the list’s own words', () => {
    let matched = 0;
    for (const text of queriesOf(tickets, 7)) {
      const query = searchQuery(text);
      if (!query) continue;
      const found = new Set(haystack.candidates(query.words));
      const missing = tickets.filter((t) => ticketStrength(query, t) !== null && !found.has(t.id));
      matched += tickets.filter((t) => found.has(t.id)).length;
      expect(
        missing.map((t) => t.id),
        `query "${text}"`,
      ).toEqual([]);
    }
    expect(matched).toBeGreaterThan(500);
  });

  it('find a ticket by a word after a hyphen, an apostrophe or a space, and by a name with its accents typed or not', () => {
    const found = (text: string) => new Set(haystack.candidates(searchQuery(text)!.words));
    const maryJo = tickets.find((t) => t.firstName === 'Mary-Jo')!;
    expect(found('jo').has(maryJo.id)).toBe(true);
    const zoe = tickets.find((t) => t.firstName === 'Zoë')!;
    expect(found('zoe').has(zoe.id)).toBe(true);
    expect(found('ZOË').has(zoe.id)).toBe(true);
    const obrien = tickets.find((t) => t.lastName === "O'Brien")!;
    expect(found('brien').has(obrien.id)).toBe(true);
  });

  it('look at no one for a word no ticket has, whatever the other words', () => {
    expect(haystack.candidates(searchQuery('ma qx')!.words)).toEqual([]);
    expect(haystack.candidates(searchQuery('qqq')!.words)).toEqual([]);
  });

  it('find a ticket put again by its newest words, and each id once', () => {
    const index = createSearchHaystack();
    index.add({ ...tickets[0]!, id: 1, firstName: 'Old', lastName: 'Name', buyerName: null });
    index.add({ ...tickets[0]!, id: 1, firstName: 'Newer', lastName: 'Name', buyerName: null });
    expect(index.candidates(['newer'])).toEqual([1]);
    expect(index.candidates(['name'])).toEqual([1]);
  });
});
