// The camera's frames as the decoder's worker reads them: RGBA from the page's canvas turned to
// luminance. A code drawn in colour (and in dark mode, light on dark) must read as it did when
// the page's canvas source did the same sum.
import zxing from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { attemptAt, luminance } from '../../src/scanner/frame-pixels';
import { cleanCode, seeded, ticketSecrets } from '../fixtures/qr-frames';

// Its CommonJS build (Node's): named imports are not found there.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/** A luminance frame as a canvas gives it: RGBA, tinted (dark modules navy, light ones cream). */
function tinted(gray: Uint8ClampedArray, invert = false): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(gray.length * 4);
  gray.forEach((g, i) => {
    const v = invert ? 255 - g : g;
    rgba.set([v * 0.95, v * 0.9, Math.min(255, v * 0.8 + 40), 255], i * 4);
  });
  return rgba;
}

function read(gray: Uint8ClampedArray, width: number, height: number, inverted: boolean): string | null {
  const source = new RGBLuminanceSource(gray, width, height);
  try {
    return new QRCodeReader()
      .decode(new BinaryBitmap(new HybridBinarizer(inverted ? source.invert() : source)))
      .getText();
  } catch {
    return null;
  }
}

describe('frame pixels', () => {
  it('weighs red, green and blue as the canvas source did, and reads a transparent pixel as white', () => {
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 10, 10, 0]);
    expect([...luminance(rgba, 4, 1)]).toEqual([
      (306 * 255 + 0x200) >> 10,
      (601 * 255 + 0x200) >> 10,
      (117 * 255 + 0x200) >> 10,
      255,
    ]);
  });

  it('gives a frame shorter than its size as far as it goes, and no more', () => {
    expect([...luminance(new Uint8ClampedArray([0, 0, 0, 255]), 2, 1)]).toEqual([0, 0]);
  });

  it('writes into a kept buffer, leaving none of an earlier frame behind a shorter one', () => {
    const kept = new Uint8ClampedArray(4).fill(9);
    const gray = luminance(new Uint8ClampedArray([255, 255, 255, 255]), 3, 1, {}, kept);
    expect(gray.buffer).toBe(kept.buffer);
    expect([...gray]).toEqual([255, 0, 0]);
    expect(luminance(new Uint8ClampedArray(16), 2, 2, {}, new Uint8ClampedArray(3)).length).toBe(4);
  });

  it('reads ticket codes drawn in colour, and in dark mode through the inverted copy', () => {
    for (const secret of ticketSecrets(10, seeded(7))) {
      const { pixels, width, height } = cleanCode(secret, 4);
      expect(read(luminance(tinted(pixels), width, height), width, height, false)).toBe(secret);
      const dark = luminance(tinted(pixels, true), width, height);
      expect(read(dark, width, height, false)).toBeNull();
      expect(read(dark, width, height, true)).toBe(secret);
    }
  });

  it('tries a half-size copy with its inverse first, then the whole frame', () => {
    expect([0, 1, 2, 3].map(attemptAt)).toEqual([
      { scale: 0.5, alsoInverted: true },
      { scale: 1, alsoInverted: false },
      { scale: 0.5, alsoInverted: true },
      { scale: 1, alsoInverted: false },
    ]);
  });
});
