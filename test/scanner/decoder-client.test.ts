// @vitest-environment node
import zxing from '@zxing/library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RgbaFrame } from '../../src/scanner/decoder-worker';
import { luminance } from '../../src/scanner/frame-pixels';
import { WARM_UP_TEXT } from '../../src/scanner/warm-up-code';

// Its CommonJS build (Node's): named imports are not found there.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/** A worker that keeps what it is sent and answers nothing. */
class HeldWorker extends EventTarget {
  static made: HeldWorker[] = [];
  sent: RgbaFrame[] = [];
  constructor() {
    super();
    HeldWorker.made.push(this);
  }
  postMessage(frame: RgbaFrame) {
    this.sent.push(frame);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  HeldWorker.made = [];
});

describe('the decoder client', () => {
  it('warms the decoder with a code that reads through the path a camera frame takes', async () => {
    vi.stubGlobal('Worker', HeldWorker);
    const { warmDecoder } = await import('../../src/scanner/decoder-client');
    warmDecoder();
    const [first] = HeldWorker.made[0]!.sent;
    expect(first).toBeDefined();
    const { pixels, width, height } = first!;
    expect(pixels.length).toBe(width * height * 4);
    const source = new RGBLuminanceSource(luminance(pixels, width, height), width, height);
    const text = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
    expect(text).toBe(WARM_UP_TEXT);
  });
});
