// The camera's QR decoder, in a worker of its own: @zxing/library (the largest dependency, as
// patched: patches/README.md) is loaded, compiled and run here, never on the page's main thread,
// where each decode attempt (tens of milliseconds on a phone) would hold back the verdict being
// drawn, and the first verdict after a restart would wait for the library to compile.
// Guarantees: one frame in, one answer out (the text read, or null), in the order asked; a
// frame that cannot be read in any way answers null, never an error.
// Each class from its own module: the package's index brings every format's reader and writer
// (452 KB); a QR code's reader alone is a fraction of that to fetch and compile.
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import { luminance } from './frame-pixels';
import { videoFrameLuma } from './video-frame-pixels';

/** A frame the page drew on a canvas: RGBA (the buffer is transferred, not copied). */
export interface RgbaFrame {
  id: number;
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  alsoInverted: boolean;
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

const reader = new QRCodeReader();

function read(gray: Uint8ClampedArray, width: number, height: number, alsoInverted: boolean): string | null {
  const source = new RGBLuminanceSource(gray, width, height);
  for (const copy of alsoInverted ? [source, source.invert()] : [source]) {
    try {
      return reader.decode(new BinaryBitmap(new HybridBinarizer(copy))).getText();
    } catch {
      // Not readable this way: the next, or the next frame.
    }
  }
  return null;
}

async function answer(frame: FrameToRead): Promise<FrameRead> {
  if ('video' in frame) {
    const luma = await videoFrameLuma(frame.video, frame.scale < 1, luminance);
    if (!luma) return { id: frame.id, text: null, unreadableVideo: true };
    return { id: frame.id, text: read(luma.pixels, luma.width, luma.height, frame.alsoInverted) };
  }
  const { pixels, width, height, alsoInverted } = frame;
  return { id: frame.id, text: read(luminance(pixels, width, height), width, height, alsoInverted) };
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
