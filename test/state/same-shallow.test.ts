import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/vanilla/shallow';
import { sameShallow } from '../../src/state/same-shallow';

const value = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(null, undefined, Number.NaN, 0, -0, 'a', 'b', true),
);
const selection = fc.oneof(
  value,
  fc.dictionary(fc.constantFrom('a', 'b', 'c'), value, { maxKeys: 3 }),
  fc.array(value, { maxLength: 3 }),
);

describe('sameShallow', () => {
  it('answers as zustand’s shallow for values, plain objects and arrays', () => {
    fc.assert(
      fc.property(selection, selection, (a, b) => {
        expect(sameShallow(a, b)).toBe(shallow(a, b));
        expect(sameShallow(a, structuredClone(a))).toBe(shallow(a, structuredClone(a)));
      }),
      { seed: 20261207, numRuns: 2000 },
    );
  });

  it('tells selections apart by a value, a missing key or a length', () => {
    expect(sameShallow({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(sameShallow({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toBe(false);
    expect(sameShallow({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(sameShallow({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameShallow([1, 2], [1, 2, 3])).toBe(false);
    expect(sameShallow({ a: { n: 1 } }, { a: { n: 1 } })).toBe(false);
    expect(sameShallow(new Map([['a', 1]]), new Map([['a', 1]]))).toBe(true);
    expect(sameShallow(new Set([1]), new Set([2]))).toBe(false);
  });
});
