// A sliced ticket page's codes (src/db/page-codes.ts): every key of every ticket, sorted by key and
// then by the item it came from, each beside its item, the way a keyed read searches them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsUnder, slicedCodes } from '../../src/db/page-codes';

/** The order written out plainly: each (key, item) pair, sorted by key, then item. */
function plainly(keys: Uint32Array, ordered: Uint8Array) {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ordered.length; i++) {
    pairs.push([keys[3 * i]!, i], [keys[3 * i + 1]!, i]);
    if (ordered[i]) pairs.push([keys[3 * i + 2]!, i]);
  }
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// Keys from a small set as well as the whole 32 bits: a page's keys collide now and then.
const key = fc.oneof(fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(0, 1, 7, 0xffff_ffff));
const page = fc.array(fc.tuple(key, key, key, fc.boolean()), { maxLength: 1200 }).map((tickets) => ({
  keys: Uint32Array.from(tickets.flatMap((t) => t.slice(0, 3) as number[])),
  ordered: Uint8Array.from(tickets.map(([, , , o]) => (o ? 1 : 0))),
}));

describe("a sliced page's codes", () => {
  it('are every key with its item, sorted by key and then item', () => {
    fc.assert(
      fc.property(page, ({ keys, ordered }) => {
        const { codes, items } = slicedCodes({ keys, ordered });
        const pairs = plainly(keys, ordered);
        expect([...new Uint32Array(codes)]).toEqual(pairs.map(([k]) => k));
        expect([...new Uint16Array(items)]).toEqual(pairs.map(([, i]) => i));
      }),
      { numRuns: 300 },
    );
  });

  it("give every item a key names, a page's last item and the largest key among them", () => {
    const keys = new Uint32Array(3 * 1000);
    const ordered = new Uint8Array(1000);
    keys[3 * 999] = 0xffff_ffff;
    keys[3 * 5 + 1] = 0xffff_ffff;
    ordered[999] = 1;
    const { codes, items } = slicedCodes({ keys, ordered });
    const view = { page: 1, keys: new Uint32Array(codes), items: new Uint16Array(items) };
    expect(itemsUnder(view, 0xffff_ffff)).toEqual([5, 999]);
    const all = Array.from({ length: 1000 }, (_, i) => i);
    // Key 0: every slug but the last item's, every reference but item 5's, the last item's order.
    expect(itemsUnder(view, 0)).toEqual(
      [...all.filter((i) => i !== 999), ...all.filter((i) => i !== 5), 999].sort((a, b) => a - b),
    );
  });
});
