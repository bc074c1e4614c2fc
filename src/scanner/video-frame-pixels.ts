// A camera frame's luminance straight from the camera's own picture (a WebCodecs VideoFrame),
// without a canvas: a camera gives YUV, whose Y plane is the luminance the decoder reads, so
// the page neither draws the frame nor reads it back as RGBA, and the worker converts nothing.
// Guarantees: the luminance has the range a canvas's would (video's limited range, 16-235, is
// stretched to 0-255, so a faint code keeps the contrast the binarizer needs); a mirrored frame
// is turned back (a mirrored QR code does not read); the half-size copy averages each 2 x 2
// block, as a canvas's smoothing would. No DOM and no decoder here.

import { bufferOf } from './frame-pixels';

/** Formats whose first plane is 8-bit luminance, one byte a pixel. */
const YUV = new Set(['I420', 'I420A', 'I422', 'I444', 'NV12']);
/** 8-bit RGB formats, four bytes a pixel. */
const RGB = new Set(['RGBA', 'RGBX', 'BGRA', 'BGRX']);

/** Whether the worker can read a frame of this format (otherwise the page draws it on a canvas). */
export const readableFormat = (format: string | null): boolean =>
  format !== null && (YUV.has(format) || RGB.has(format));

export interface PlaneOptions {
  /** Video's limited range (Y from 16 to 235): stretched to 0-255. */
  limitedRange: boolean;
  /** A half-size copy, each 2 x 2 block averaged. */
  half: boolean;
  /** The frame is mirrored left to right: turned back. */
  flip: boolean;
}

const limitedToFull = Uint8ClampedArray.from({ length: 256 }, (_, y) => Math.round(((y - 16) * 255) / 219));
const identity = Uint8ClampedArray.from({ length: 256 }, (_, y) => y);

/**
 * A luminance plane (`stride` bytes a row) as the decoder reads it: full range, maybe halved.
 * `into`: a buffer to write it in (kept by the caller from frame to frame) where it is large
 * enough. The loops do the least a pixel: on the first camera frame they run before the JIT has
 * optimised them, where each operation a pixel counts.
 */
export function planeToLuma(
  plane: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
  { limitedRange, half, flip }: PlaneOptions,
  into?: Uint8ClampedArray,
): { pixels: Uint8ClampedArray; width: number; height: number } {
  const range = limitedRange ? limitedToFull : identity;
  const w = half ? width >> 1 : width;
  const h = half ? height >> 1 : height;
  const out = bufferOf(w * h, into);
  // Each row written from its end backwards where the frame is mirrored.
  const step = flip ? -1 : 1;
  for (let y = 0; y < h; y++) {
    let o = flip ? y * w + w - 1 : y * w;
    if (half) {
      let top = 2 * y * stride;
      let bottom = top + stride;
      const end = top + 2 * w;
      for (; top < end; top += 2, bottom += 2, o += step)
        out[o] = range[(plane[top]! + plane[top + 1]! + plane[bottom]! + plane[bottom + 1]! + 2) >> 2]!;
    } else {
      let from = y * stride;
      const end = from + w;
      for (; from < end; from++, o += step) out[o] = range[plane[from]!]!;
    }
  }
  return { pixels: out, width: w, height: h };
}

/**
 * Buffers kept from one frame to the next (the worker reads one frame at a time): the frame's
 * copy and its luminance, so a frame allocates nothing once the first of its size has.
 */
export interface FrameBuffers {
  bytes?: Uint8Array;
  luma?: Uint8ClampedArray;
  rgbaLuma?: Uint8ClampedArray;
}

/**
 * The frame's luminance, read in the worker; null where its pixels cannot be had. Its pixels are
 * in `buffers` (when given): good until the next frame is read into them.
 */
export async function videoFrameLuma(
  frame: VideoFrame,
  half: boolean,
  rgbaToLuma: (
    rgba: Uint8ClampedArray,
    width: number,
    height: number,
    order: { bgr: boolean; opaque: boolean },
    into?: Uint8ClampedArray,
  ) => Uint8ClampedArray,
  buffers: FrameBuffers = {},
): Promise<{ pixels: Uint8ClampedArray; width: number; height: number } | null> {
  try {
    const format = frame.format;
    const rect = frame.visibleRect;
    if (!rect || !readableFormat(format)) return null;
    const { width, height } = rect;
    const size = frame.allocationSize();
    if (!buffers.bytes || buffers.bytes.length < size) buffers.bytes = new Uint8Array(size);
    const bytes = buffers.bytes;
    // The default layout packs the planes in order, each row as wide as the visible picture.
    await frame.copyTo(bytes);
    const flip = (frame as VideoFrame & { flip?: boolean }).flip === true;
    const keep = (luma: { pixels: Uint8ClampedArray; width: number; height: number }) => {
      if (luma.pixels.buffer.byteLength > (buffers.luma?.buffer.byteLength ?? 0)) buffers.luma = luma.pixels;
      return luma;
    };
    if (YUV.has(format!)) {
      const limitedRange = frame.colorSpace?.fullRange !== true;
      return keep(planeToLuma(bytes, width, height, width, { limitedRange, half, flip }, buffers.luma));
    }
    const rgba = new Uint8ClampedArray(bytes.buffer, 0, width * height * 4);
    const order = { bgr: format!.startsWith('BGR'), opaque: format!.endsWith('X') };
    const luma = rgbaToLuma(rgba, width, height, order, buffers.rgbaLuma);
    if (luma.buffer.byteLength > (buffers.rgbaLuma?.buffer.byteLength ?? 0)) buffers.rgbaLuma = luma;
    return keep(planeToLuma(luma, width, height, width, { limitedRange: false, half, flip }, buffers.luma));
  } catch {
    return null;
  } finally {
    frame.close();
  }
}
