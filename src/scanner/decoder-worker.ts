// The camera's QR decoder, in a worker of its own: @zxing/library (the largest dependency, as
// patched: patches/README.md) is loaded, compiled and run here, never on the page's main thread,
// where each decode attempt (tens of milliseconds on a phone) would hold back the verdict being
// drawn, and the first verdict after a restart would wait for the library to compile.
// Guarantees: one frame in, one answer out (the text read, or null), in the order asked; a
// frame that cannot be read in any way answers null, never an error.
// Each class from its own module: the package's index brings every format's reader and writer
// (452 KB); a QR code's reader alone is a fraction of that to fetch and compile.
// The reading itself (which binarizer first) is read-code.ts's.
import { luminance } from './frame-pixels';
import { binarizeThroughTheRest, readCode } from './read-code';
import { type FrameBuffers, planeToLuma, videoFrameLuma } from './video-frame-pixels';

/** A frame the page drew on a canvas: RGBA (the buffer is transferred, not copied). */
export interface RgbaFrame {
  id: number;
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  alsoInverted: boolean;
  /**
   * The decoder's warm-up code (warm-up-code.ts): read as a frame is, then through every way a
   * camera frame may be read, so none of them is compiled on the first guest's frame.
   */
  warmUp?: true;
}

/** A frame of the camera's own picture, transferred: its luminance is taken here. */
export interface CameraFrame {
  id: number;
  video: VideoFrame;
  /** 0.5: read a half-size copy. */
  scale: number;
  alsoInverted: boolean;
}

export type FrameToRead = RgbaFrame | CameraFrame;

export interface FrameRead {
  id: number;
  text: string | null;
  /** A camera frame whose pixels could not be had: the page draws its frames from now on. */
  unreadableVideo?: true;
}

/** The frames' buffers, kept from one to the next: frames are read one at a time. */
const buffers: FrameBuffers = {};

/**
 * The warm-up beyond the read the page asked for: the code binarized by the binarizers that read
 * did not go through (the global one reads it, so the hybrid one would otherwise be compiled on
 * the first frame that needs it), and the halving of a camera's Y plane run once, so its code is
 * compiled too. Rounds of it at a frame's size, for the JIT to optimise the loops, do not pay:
 * measured in Chromium, 11 ms more of this host's time while the camera opens, for a first frame
 * read in 6.2 ms instead of 6.6.
 */
function warmUp(gray: Uint8ClampedArray, width: number, height: number) {
  binarizeThroughTheRest(gray, width, height);
  // A camera frame's copy is a Uint8Array: the plane given as one.
  const plane = new Uint8Array(gray.buffer, gray.byteOffset, gray.length);
  planeToLuma(plane, width, height, width, { limitedRange: true, half: true, flip: false });
}

async function answer(frame: FrameToRead): Promise<FrameRead> {
  if ('video' in frame) {
    const luma = await videoFrameLuma(frame.video, frame.scale < 1, luminance, buffers);
    if (!luma) return { id: frame.id, text: null, unreadableVideo: true };
    return { id: frame.id, text: readCode(luma.pixels, luma.width, luma.height, frame.alsoInverted) };
  }
  const { pixels, width, height, alsoInverted } = frame;
  // The canvas's frames are new each time (transferred): their luminance goes in a kept buffer.
  const gray = luminance(pixels, width, height, {}, frame.warmUp ? undefined : buffers.rgbaLuma);
  if (!frame.warmUp && gray.buffer.byteLength > (buffers.rgbaLuma?.buffer.byteLength ?? 0))
    buffers.rgbaLuma = gray;
  const text = readCode(gray, width, height, alsoInverted);
  if (frame.warmUp) warmUp(gray, width, height);
  return { id: frame.id, text };
}

// Copying a camera frame's pixels is asynchronous: frames are answered one after another, so
// the answers keep the order they were asked in.
let queue: Promise<unknown> = Promise.resolve();

self.onmessage = (event: MessageEvent<FrameToRead>) => {
  const frame = event.data;
  queue = queue.then(async () => {
    let reply: FrameRead = { id: frame.id, text: null };
    try {
      reply = await answer(frame);
    } catch {
      // A malformed frame (the page's canvas gave less than asked): nothing read.
    }
    self.postMessage(reply);
  });
};
