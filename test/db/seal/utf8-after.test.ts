// Text as UTF-8 after a header's room (src/db/seal/utf8-after.ts): exactly TextEncoder's bytes,
// whether they fit where they are first encoded or are encoded apart.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8After, utf8Scratch } from '../../../src/db/seal/utf8-after';

const encoder = new TextEncoder();

/**
 * Where `actual` first differs from `expected` (or its length does), or null when they are the
 * same bytes. `toEqual` walks a byte array value by value: seconds for the 300,000 bytes here.
 */
function byteDifference(actual: Uint8Array, expected: Uint8Array): string | null {
  if (!(actual instanceof Uint8Array)) return `not a Uint8Array: ${Object.prototype.toString.call(actual)}`;
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  if (a.equals(expected)) return null;
  if (actual.byteLength !== expected.byteLength)
    return `${actual.byteLength} bytes where ${expected.byteLength} were expected`;
  const at = a.findIndex((b, i) => b !== expected[i]);
  return `byte ${at} is ${a[at]} where ${expected[at]} was expected`;
}

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
        expect(byteDifference(bytes.subarray(at), expected)).toBeNull();
        expect(bytes.subarray(0, at).every((b) => b === 0)).toBe(true);
      }
  });

  it('gives the same bytes for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(64), (text, at) => {
        expect(byteDifference(utf8After(text, at).subarray(at), encoder.encode(text))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same bytes in the scratch buffer, zeros before them, whatever it held before', () => {
    const texts = [
      'x'.repeat(70_000),
      'short',
      '',
      '山田花子 🎟️'.repeat(300),
      'a lone surrogate \ud800',
      'y'.repeat(300_000),
    ];
    for (const text of texts)
      for (const at of [0, 12, 4008]) {
        const bytes = utf8Scratch(text, at);
        expect(bytes.byteLength).toBe(at + encoder.encode(text).byteLength);
        expect(byteDifference(bytes.subarray(at), encoder.encode(text))).toBeNull();
        expect(bytes.subarray(0, at).every((b) => b === 0)).toBe(true);
      }
  });

  it("reuses one buffer for text of a frame's size, and lets a larger text have its own", () => {
    const first = utf8Scratch('a'.repeat(40_000), 0);
    const second = utf8Scratch('b'.repeat(30_000), 0);
    expect(second.buffer).toBe(first.buffer);
    expect(first[0]).toBe(0x62);
    const large = utf8Scratch('c'.repeat(400_000), 0);
    expect(large.buffer).not.toBe(first.buffer);
    expect(utf8Scratch('d', 0).buffer).toBe(first.buffer);
  });
});
