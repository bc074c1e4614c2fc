// Text as UTF-8 after a header's room (src/db/seal/utf8-after.ts): exactly TextEncoder's bytes,
// whether they fit where they are first encoded or are encoded apart.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8After } from '../../../src/db/seal/utf8-after';

const encoder = new TextEncoder();

describe('text as UTF-8 after room for a header', () => {
  it("gives TextEncoder's bytes after `at` zeros, for text that fits and text that does not", () => {
    const texts = [
      '',
      'plain ASCII, as a page of JSON mostly is',
      `${'a'.repeat(1000)} García`,
      '山田花子 株式会社 東京 🎟️'.repeat(200),
      'a lone surrogate \ud800 in it',
    ];
    for (const text of texts)
      for (const at of [0, 12, 4008]) {
        const bytes = utf8After(text, at);
        const expected = encoder.encode(text);
        expect(bytes.byteLength).toBe(at + expected.byteLength);
        expect(bytes.subarray(at)).toEqual(expected);
        expect(bytes.subarray(0, at).every((b) => b === 0)).toBe(true);
      }
  });

  it('gives the same bytes for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(64), (text, at) => {
        expect(utf8After(text, at).subarray(at)).toEqual(encoder.encode(text));
      }),
      { numRuns: 300 },
    );
  });
});
