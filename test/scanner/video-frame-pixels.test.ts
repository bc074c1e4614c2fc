// The camera's own frames as the decoder's worker reads them: the Y plane of a YUV frame, in
// video's limited range, must read as the canvas's RGBA did, halved and mirrored too.
import zxing from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { planeToLuma, readableFormat } from '../../src/scanner/video-frame-pixels';
import { cleanCode, seeded, ticketSecrets } from '../fixtures/qr-frames';

// Its CommonJS build (Node's): named imports are not found there.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

function read({ pixels, width, height }: { pixels: Uint8ClampedArray; width: number; height: number }) {
  try {
    return new QRCodeReader()
      .decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height))))
      .getText();
  } catch {
    return null;
  }
}

/** A luminance frame as a camera's Y plane: limited range, rows `pad` bytes wider than the picture. */
function yPlane(
  gray: Uint8ClampedArray,
  width: number,
  height: number,
  { pad = 0, low = 16, high = 235 } = {},
) {
  const stride = width + pad;
  const plane = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      plane[y * stride + x] = Math.round(low + ((high - low) * gray[y * width + x]!) / 255);
  return { plane, stride };
}

const mirrored = ({
  pixels,
  width,
  height,
}: {
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}) => {
  const out = new Uint8ClampedArray(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[y * width + x] = pixels[y * width + width - 1 - x]!;
  return out;
};

describe('video frame pixels', () => {
  it('reads YUV and 8-bit RGB frames, and leaves others to the canvas', () => {
    for (const format of ['I420', 'NV12', 'RGBA', 'BGRX']) expect(readableFormat(format)).toBe(true);
    for (const format of [null, 'I420P10', 'RGBAF16']) expect(readableFormat(format)).toBe(false);
  });

  it('stretches limited range to full, halves by averaging each 2 x 2 block, and skips row padding', () => {
    const plane = new Uint8Array([16, 235, 99, 0, 0, 16, 235, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const full = planeToLuma(plane, 3, 2, 4, { limitedRange: true, half: false, flip: false });
    expect([...full.pixels]).toEqual([0, 255, 97, 0, 0, 255]);
    const half = planeToLuma(plane, 2, 2, 4, { limitedRange: false, half: true, flip: false });
    expect([...half.pixels]).toEqual([Math.round((16 + 235 + 0 + 16) / 4)]);
    const flipped = planeToLuma(plane, 3, 1, 4, { limitedRange: false, half: false, flip: true });
    expect([...flipped.pixels]).toEqual([99, 235, 16]);
  });

  it('turns a mirrored frame back when halving it too', () => {
    const plane = new Uint8Array([0, 0, 100, 100, 0, 0, 100, 100]);
    const half = planeToLuma(plane, 4, 2, 4, { limitedRange: false, half: true, flip: true });
    expect([...half.pixels]).toEqual([100, 0]);
  });

  it('writes into a kept buffer where it is large enough, and into a new one where not', () => {
    const plane = new Uint8Array([16, 235, 99, 0, 0, 16, 235, 0]);
    const kept = new Uint8ClampedArray(8).fill(7);
    const half = planeToLuma(plane, 4, 2, 4, { limitedRange: false, half: true, flip: false }, kept);
    expect(half.pixels.buffer).toBe(kept.buffer);
    expect([...half.pixels]).toEqual([Math.round((16 + 235 + 0 + 16) / 4), Math.round((99 + 235) / 4)]);
    const small = new Uint8ClampedArray(4);
    const whole = planeToLuma(plane, 4, 2, 4, { limitedRange: false, half: false, flip: false }, small);
    expect(whole.pixels.buffer).not.toBe(small.buffer);
    expect([...whole.pixels]).toEqual([...plane]);
  });

  it('reads ticket codes from a Y plane, whole and halved, faint and mirrored', () => {
    for (const secret of ticketSecrets(10, seeded(11))) {
      const code = cleanCode(secret, 6, 1);
      const { plane, stride } = yPlane(code.pixels, code.width, code.height, { pad: 8 });
      const whole = { limitedRange: true, half: false, flip: false };
      expect(read(planeToLuma(plane, code.width, code.height, stride, whole))).toBe(secret);
      expect(read(planeToLuma(plane, code.width, code.height, stride, { ...whole, half: true }))).toBe(
        secret,
      );
      // A faint code (a dim screen, glare): read once its range is stretched as a canvas's is.
      const faint = yPlane(code.pixels, code.width, code.height, { low: 100, high: 156 });
      expect(read(planeToLuma(faint.plane, code.width, code.height, code.width, whole))).toBe(secret);
      const back = yPlane(mirrored(code), code.width, code.height);
      expect(
        read(planeToLuma(back.plane, code.width, code.height, code.width, { ...whole, flip: true })),
      ).toBe(secret);
    }
  });
});
