// One camera frame's luminance read as a QR code, as the decoder's worker (decoder-worker.ts)
// reads it: no DOM and no worker here, so the reading itself is tested in Node.
// Guarantees: each copy of the frame (as it is, then inverted where asked) is read through
// ZXing's global histogram binarizer first and through its hybrid binarizer only where that read
// nothing, so a frame the hybrid one reads is still read; nothing read is null, never an error.
//
// Why the global one first: a code held up to the door is evenly lit in nearly every frame, and
// there the global binarizer (one threshold for the frame, from a histogram of four rows) reads
// it for a fraction of the hybrid's work (a threshold for each 8 x 8 block from the 5 x 5 blocks
// around it: two passes over every pixel). On the first frame after the camera opens, before
// the JIT has optimised either, that is about 6 ms of this host's time against 0.3 in Chromium
// (x14 on the low-tier phone). It also reads dim codes, whose blocks the hybrid one takes for
// flat (less contrast than its minimum). A code in a shadow or a glare, which one threshold
// cannot split, is read by the hybrid one (test/scanner/read-code.test.ts; the read rates of
// both on harder frames: test/bench/qr-decoder.bench.ts).
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import type Binarizer from '@zxing/library/esm/core/Binarizer';
import GlobalHistogramBinarizer from '@zxing/library/esm/core/common/GlobalHistogramBinarizer';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import type LuminanceSource from '@zxing/library/esm/core/LuminanceSource';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

type BinarizerClass = new (source: LuminanceSource) => Binarizer;

/** The binarizers each copy goes through, in turn, until one reads: the cheap one first. */
export const BINARIZERS: readonly BinarizerClass[] = [GlobalHistogramBinarizer, HybridBinarizer];

const reader = new QRCodeReader();

/** One copy through one binarizer: the text, or null. */
function readWith(source: LuminanceSource, Binarizer: BinarizerClass): string | null {
  try {
    return reader.decode(new BinaryBitmap(new Binarizer(source))).getText();
  } catch {
    // Not readable this way: the next way, or the next frame.
    return null;
  }
}

/**
 * The text of the QR code in a frame's luminance (one byte a pixel), or null. `alsoInverted`:
 * the inverted copy is tried too (a code light on dark). `binarizers`: the tests' way to read
 * through fewer.
 */
export function readCode(
  gray: Uint8ClampedArray,
  width: number,
  height: number,
  alsoInverted: boolean,
  binarizers: readonly BinarizerClass[] = BINARIZERS,
): string | null {
  const source = new RGBLuminanceSource(gray, width, height);
  for (const copy of alsoInverted ? [source, source.invert()] : [source])
    for (const Binarizer of binarizers) {
      const text = readWith(copy, Binarizer);
      if (text !== null) return text;
    }
  return null;
}

/**
 * The decoder's warm-up beyond its first read: each binarizer after the first (which that read
 * went through) binarizes `gray` once, so its code is compiled before the first camera frame
 * that needs it, not on it. Only the binarizing: the detector and the decoder behind it are the
 * ones the first read ran, and reading the code again through each would spend the worker's
 * time while the camera's first frame may already wait behind it.
 */
export function binarizeThroughTheRest(gray: Uint8ClampedArray, width: number, height: number): void {
  const source = new RGBLuminanceSource(gray, width, height);
  for (const Binarizer of BINARIZERS.slice(1)) new Binarizer(source).getBlackMatrix();
}
