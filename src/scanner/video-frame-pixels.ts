// A camera frame's luminance straight from the camera's own picture (a WebCodecs VideoFrame),
// without a canvas: a camera gives YUV, whose Y plane is the luminance the decoder reads, so
// the page neither draws the frame nor reads it back as RGBA, and the worker converts nothing.
// Guarantees: the luminance has the range a canvas's would (video's limited range, 16-235, is
// stretched to 0-255, so a faint code keeps the contrast the binarizer needs); a mirrored frame
// is turned back (a mirrored QR code does not read); the half-size copy averages each 2 x 2
// block, as a canvas's smoothing would. No DOM and no decoder here.

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

/** A luminance plane (`stride` bytes a row) as the decoder reads it: full range, maybe halved. */
export function planeToLuma(
  plane: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  stride: number,
  { limitedRange, half, flip }: PlaneOptions,
): { pixels: Uint8ClampedArray; width: number; height: number } {
  const range = limitedRange ? limitedToFull : identity;
  const w = half ? width >> 1 : width;
  const h = half ? height >> 1 : height;
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (half) {
      const top = 2 * y * stride;
      const bottom = top + stride;
      for (let x = 0; x < w; x++) {
        const i = 2 * x;
        const sum = plane[top + i]! + plane[top + i + 1]! + plane[bottom + i]! + plane[bottom + i + 1]!;
        out[row + (flip ? w - 1 - x : x)] = range[(sum + 2) >> 2]!;
      }
    } else {
      const from = y * stride;
      for (let x = 0; x < w; x++) out[row + (flip ? w - 1 - x : x)] = range[plane[from + x]!]!;
    }
  }
  return { pixels: out, width: w, height: h };
}

/** The frame's luminance, read in the worker; null where its pixels cannot be had. */
export async function videoFrameLuma(
  frame: VideoFrame,
  half: boolean,
  rgbaToLuma: (
    rgba: Uint8ClampedArray,
    width: number,
    height: number,
    order: { bgr: boolean; opaque: boolean },
  ) => Uint8ClampedArray,
): Promise<{ pixels: Uint8ClampedArray; width: number; height: number } | null> {
  try {
    const format = frame.format;
    const rect = frame.visibleRect;
    if (!rect || !readableFormat(format)) return null;
    const { width, height } = rect;
    const bytes = new Uint8Array(frame.allocationSize());
    // The default layout packs the planes in order, each row as wide as the visible picture.
    await frame.copyTo(bytes);
    const flip = (frame as VideoFrame & { flip?: boolean }).flip === true;
    if (YUV.has(format!)) {
      const limitedRange = frame.colorSpace?.fullRange !== true;
      return planeToLuma(bytes, width, height, width, { limitedRange, half, flip });
    }
    const rgba = new Uint8ClampedArray(bytes.buffer, 0, width * height * 4);
    const luma = rgbaToLuma(rgba, width, height, {
      bgr: format!.startsWith('BGR'),
      opaque: format!.endsWith('X'),
    });
    return planeToLuma(luma, width, height, width, { limitedRange: false, half, flip });
  } catch {
    return null;
  } finally {
    frame.close();
  }
}
