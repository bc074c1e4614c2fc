// The camera's read of a frame (src/scanner/read-code.ts): the cheap global binarizer first, the
// hybrid one where it reads nothing. A code the global one cannot split from its background (in a
// shadow) must still read; none that the hybrid one read before may be lost.
import GlobalHistogramBinarizer from '@zxing/library/esm/core/common/GlobalHistogramBinarizer';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import { describe, expect, it } from 'vitest';
import { BINARIZERS, readCode } from '../../src/scanner/read-code';
import {
  cleanCode,
  dimmed,
  type Frame,
  inverted,
  photographedCode,
  seeded,
  shadowed,
  ticketSecrets,
} from '../fixtures/qr-frames';

const read = (f: Frame, alsoInverted = false, binarizers = BINARIZERS) =>
  readCode(f.pixels, f.width, f.height, alsoInverted, binarizers);

describe('reading a camera frame', () => {
  it('tries the global binarizer first and the hybrid one after it', () => {
    expect(BINARIZERS).toEqual([GlobalHistogramBinarizer, HybridBinarizer]);
  });

  it('reads an evenly lit code with the global binarizer alone', () => {
    const code = cleanCode('ti_PD2XlPKvlHQPRVMggO5l5zF', 5);
    expect(read(code, false, [GlobalHistogramBinarizer])).toBe('ti_PD2XlPKvlHQPRVMggO5l5zF');
    expect(read(code)).toBe('ti_PD2XlPKvlHQPRVMggO5l5zF');
  });

  it('reads a code in a shadow, which the global binarizer alone cannot, through the hybrid one', () => {
    const secrets = ticketSecrets(20, seeded(4));
    const frames = secrets.map((secret, i) => shadowed(cleanCode(secret, 4 + (i % 6), i)));
    // One threshold for the whole frame: the dark side's light modules are darker than the lit
    // side's dark ones (it reads about one in forty).
    const missed = secrets.filter(
      (secret, i) => read(frames[i]!, false, [GlobalHistogramBinarizer]) !== secret,
    );
    expect(missed.length).toBeGreaterThanOrEqual(18);
    expect(frames.map((f) => read(f))).toEqual(secrets);
  });

  it('reads a code light on dark from its inverted copy, when asked to', () => {
    const code = inverted(photographedCode('ti_GbE6n2gCXlJItcCW8nNfzyL', seeded(3)));
    expect(read(code)).toBeNull();
    expect(read(code, true)).toBe('ti_GbE6n2gCXlJItcCW8nNfzyL');
  });

  it('reads a frame with no code as null', () => {
    expect(
      read({ pixels: new Uint8ClampedArray(320 * 240).fill(200), width: 320, height: 240 }, true),
    ).toBeNull();
  });

  // Measured on 300 of each (test/bench/qr-decoder.bench.ts prints the same on more): hybrid alone
  // read 287 photographed and 92 dim codes, global then hybrid 300 and 300.
  it('loses none of the photographed or dim codes the hybrid binarizer read, and reads more', () => {
    const random = seeded(7);
    for (const make of [
      (s: string) => photographedCode(s, random),
      (s: string) => dimmed(photographedCode(s, random)),
    ]) {
      const secrets = ticketSecrets(40, seeded(11));
      const frames = secrets.map(make);
      const before = frames.filter((f, i) => read(f, false, [HybridBinarizer]) === secrets[i]);
      const after = frames.filter((f, i) => read(f) === secrets[i]);
      expect(before.filter((f) => !after.includes(f))).toEqual([]);
      expect(after.length).toBeGreaterThanOrEqual(before.length);
    }
  });
});
