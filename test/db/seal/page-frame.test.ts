// A sealed page of tickets is framed (src/db/seal/page-frame.ts) so a keyed read parses only the
// tickets it wants: the frame must give back exactly the page's items, find every ticket a key
// names, and pages sealed before frames must still open, whole and by key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RemoteTicket } from '../../../src/api/schemas';
import { orderReferenceOf } from '../../../src/domain/order';
import { orderKey, referenceKey, slugKey } from '../../../src/db/page-codes';
import { frameTickets, openedPlain } from '../../../src/db/seal/page-frame';
import { openPage, openPageLazily, sealPage } from '../../../src/db/seal/sealed-rows';
import { SealBroken, sealBoxOf } from '../../../src/db/seal/seal-box';
import type { SealedPageRow } from '../../../src/db/rows';
import { remoteTicket } from '../copy-rows';
import { serialized } from './stored-bytes';

const LIST = 'chk_pframe000000000000000';
const box = await sealBoxOf(crypto.getRandomValues(new Uint8Array(32)));
const place = (page: number) => `pages|${LIST}|tickets|${page}`;

/** Every key a ticket is found by, as the page's codes index it. */
const keysOf = (t: RemoteTicket) => {
  const order = orderReferenceOf(t);
  return [slugKey(t.slug), referenceKey(t.reference), ...(order === null ? [] : [orderKey(order)])];
};

const page = Array.from({ length: 100 }, (_, i) =>
  remoteTicket(i + 1, i === 7 ? { firstName: 'Zoë 🎟️', companyName: '東京 "quoted" \\ café' } : {}),
);

const ticketArb = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  slug: fc.string({ unit: 'grapheme', minLength: 1 }),
  reference: fc.string({ unit: 'grapheme', minLength: 1 }),
  registrationReference: fc.option(fc.string({ unit: 'grapheme' })),
  firstName: fc.option(fc.string({ unit: 'binary' })),
  lastName: fc.option(fc.string({ unit: 'grapheme-composite' })),
  paid: fc.option(fc.boolean()),
  updatedAt: fc.integer({ min: 0 }),
});

describe('a framed page of tickets', () => {
  it("holds the page's JSON as its body, and gives back every item whole", () => {
    const frame = frameTickets(page);
    expect(frame[0]).toBe(0);
    expect(new TextDecoder().decode(frame)).toContain(JSON.stringify(page));
    expect(openedPlain(frame).all()).toEqual(page);
  });

  it('is the same frame whether its JSON fits where it is first encoded or is encoded apart', () => {
    const ascii = Array.from({ length: 100 }, (_, i) => remoteTicket(i + 1));
    // A few characters of two bytes fit the frame's room; a page of them does not.
    const few = ascii.map((t, i) => (i === 3 ? { ...t, lastName: 'García' } : t));
    const many = ascii.map((t) => ({
      ...t,
      firstName: '山田花子'.repeat(10),
      companyName: '株式会社 東京 🎟️',
    }));
    for (const items of [ascii, few, many]) {
      const frame = frameTickets(items);
      const body = new TextEncoder().encode(JSON.stringify(items));
      expect(frame.byteLength).toBe(4 * (2 + 5 * items.length) + body.byteLength);
      expect(frame.subarray(frame.byteLength - body.byteLength)).toEqual(body);
      expect(openedPlain(frame).all()).toEqual(items);
      expect(openedPlain<RemoteTicket>(frame).holding([slugKey(items[3]!.slug)])).toEqual([items[3]]);
    }
  });

  it('finds each ticket by its slug, its reference and its order, parsing only those', () => {
    const opened = openedPlain<RemoteTicket>(frameTickets(page));
    for (const t of page) {
      expect(opened.holding([slugKey(t.slug)])).toContainEqual(t);
      expect(opened.holding([referenceKey(t.reference.toLowerCase())])).toContainEqual(t);
      const mates = page.filter((m) => orderReferenceOf(m) === orderReferenceOf(t));
      expect(opened.holding([orderKey(orderReferenceOf(t)!)])).toEqual(expect.arrayContaining(mates));
    }
    expect(opened.holding([slugKey('ti_pNOWHERE')])).toEqual([]);
    // An item parsed alone is the object the whole page then gives (the index takes it once).
    const [eighth] = opened.holding([slugKey(page[7]!.slug)]);
    expect(opened.all()[7]).toBe(eighth);
  });

  it('frames any tickets: what it gives back equals them, and a key finds every ticket it names', () => {
    fc.assert(
      fc.property(fc.array(ticketArb, { maxLength: 30 }), (tickets) => {
        const items = tickets as unknown as RemoteTicket[];
        const opened = openedPlain<RemoteTicket>(frameTickets(items));
        items.forEach((t, i) => {
          for (const key of keysOf(t)) {
            const found = opened.holding([key]);
            expect(found).toContainEqual(t);
            // Never another ticket than one whose key it is (or one whose key collides).
            for (const other of found) expect(keysOf(other)).toContain(key);
          }
          expect(opened.holding(keysOf(t)).filter((o) => o === opened.all()[i])).toHaveLength(1);
        });
        expect(opened.all()).toEqual(JSON.parse(JSON.stringify(items)));
      }),
      { numRuns: 200 },
    );
  });

  it('frames tickets one by one when their JSON nests objects in arrays', () => {
    const odd = [
      { ...page[0]!, extra: [{ id: 1 }, { id: 2 }] },
      page[1]!,
      { ...page[2]!, firstName: ',{"id":3}' },
    ] as RemoteTicket[];
    const opened = openedPlain<RemoteTicket>(frameTickets(odd));
    expect(opened.holding([slugKey(page[1]!.slug)])).toEqual([page[1]]);
    expect(opened.holding([slugKey(page[2]!.slug)])).toEqual([odd[2]]);
    expect(openedPlain(frameTickets(odd)).all()).toEqual(odd);
  });

  it('is sealed whole, bound to its page: no name in the stored bytes, moved it does not open', async () => {
    const row = (await sealPage(box, {
      listSlug: LIST,
      resource: 'tickets',
      page: 3,
      items: page,
    })) as SealedPageRow;
    expect(serialized(row.sealed)).not.toContain('Guest8');
    expect(await openPage(box, row)).toEqual(page);
    expect((await openPageLazily<RemoteTicket>(box, row)).holding([slugKey(page[4]!.slug)])).toContainEqual(
      page[4],
    );
    await expect(openPageLazily(box, { ...row, page: 4 })).rejects.toBeInstanceOf(SealBroken);
  });
});

describe('a page sealed before frames (its items as one JSON value)', () => {
  it('opens whole, and by key gives every item for the reader to check', async () => {
    const row: SealedPageRow = {
      listSlug: LIST,
      resource: 'tickets',
      page: 2,
      sealed: await box.seal(page, place(2)),
    };
    expect(await openPage(box, row)).toEqual(page);
    const opened = await openPageLazily<RemoteTicket>(box, row);
    expect(opened.all()).toEqual(page);
    expect(opened.holding([slugKey(page[4]!.slug)])).toEqual(page);
  });
});
