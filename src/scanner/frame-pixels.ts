// One camera frame's pixels as the QR decoder reads them: luminance, one byte a pixel, by the
// formula @zxing/browser's canvas source uses (so a frame reads as it did on the page), and
// the camera's decode attempts in turn. No DOM and no decoder here: the page grabs the frames,
// the decoder's worker (decoder-worker.ts) reads them.

/** Which copy of a frame an attempt reads. */
export interface FrameAttempt {
  /** 0.5: a half-size copy (a code held close reads better there, and costs a quarter). */
  scale: number;
  /** Whether the inverted copy is tried too (a code light on dark, from a phone in dark mode). */
  alsoInverted: boolean;
}

/**
 * Even attempts read a half-size copy of the frame, normal and inverted; odd ones the whole
 * frame, for a code held far off. The first attempt is the cheap one.
 */
export const attemptAt = (n: number): FrameAttempt =>
  n % 2 === 0 ? { scale: 0.5, alsoInverted: true } : { scale: 1, alsoInverted: false };

/**
 * A buffer of exactly `length` bytes: a view of `into` where it is large enough (the worker's
 * buffers, kept from frame to frame), else a new one.
 */
export function bufferOf(length: number, into?: Uint8ClampedArray): Uint8ClampedArray {
  if (!into || into.length < length) return new Uint8ClampedArray(length);
  return into.length === length ? into : into.subarray(0, length);
}

/**
 * RGBA pixels to luminance (0.299 R + 0.587 G + 0.114 B, rounded); a transparent pixel is white.
 * `bgr`: the pixels are BGRA (as some cameras' frames are); `opaque`: the fourth byte is not
 * alpha (RGBX, BGRX) and is not read. `into`: a buffer to write it in where it is large enough.
 */
export function luminance(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  { bgr = false, opaque = false } = {},
  into?: Uint8ClampedArray,
): Uint8ClampedArray {
  const gray = bufferOf(width * height, into);
  const r = bgr ? 2 : 0;
  const b = bgr ? 0 : 2;
  let j = 0;
  for (let i = 0; j < gray.length && i + 3 < rgba.length; i += 4, j++)
    gray[j] =
      rgba[i + 3] === 0 && !opaque
        ? 0xff
        : (306 * rgba[i + r]! + 601 * rgba[i + 1]! + 117 * rgba[i + b]! + 0x200) >> 10;
  // Fewer pixels than the size says (a malformed frame): the rest black, as a new buffer is.
  gray.fill(0, j);
  return gray;
}
