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

export interface FrameToRead {
  id: number;
  /** RGBA, as the page's canvas gives it (the buffer is transferred, not copied). */
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  alsoInverted: boolean;
}

export interface FrameRead {
  id: number;
  text: string | null;
}

const reader = new QRCodeReader();

function read({ pixels, width, height, alsoInverted }: FrameToRead): string | null {
  const source = new RGBLuminanceSource(luminance(pixels, width, height), width, height);
  for (const copy of alsoInverted ? [source, source.invert()] : [source]) {
    try {
      return reader.decode(new BinaryBitmap(new HybridBinarizer(copy))).getText();
    } catch {
      // Not readable this way: the next, or the next frame.
    }
  }
  return null;
}

self.onmessage = (event: MessageEvent<FrameToRead>) => {
  let text: string | null = null;
  try {
    text = read(event.data);
  } catch {
    // A malformed frame (the page's canvas gave less than asked): nothing read.
  }
  const answer: FrameRead = { id: event.data.id, text };
  self.postMessage(answer);
};
