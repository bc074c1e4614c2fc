import zxing from '@zxing/library';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { luminance } from '../../src/scanner/frame-pixels';
import { BINARIZERS, readCode } from '../../src/scanner/read-code';
import { WARM_UP_TEXT, warmUpFrame } from '../../src/scanner/warm-up-code';

// Its CommonJS build (Node's): named imports are not found there.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

const read = ({ pixels, width, height }: ReturnType<typeof warmUpFrame>) =>
  new QRCodeReader()
    .decode(
      new BinaryBitmap(
        new HybridBinarizer(new RGBLuminanceSource(luminance(pixels, width, height), width, height)),
      ),
    )
    .getText();

describe('the decoder’s warm-up code', () => {
  it('reads as its text through the luminance and binarizer a camera frame goes through', () => {
    const frame = warmUpFrame();
    expect(Math.min(frame.width, frame.height)).toBeGreaterThanOrEqual(40);
    expect(read(frame)).toBe(WARM_UP_TEXT);
  });

  it('reads through each binarizer a camera frame may go through', () => {
    const { pixels, width, height } = warmUpFrame();
    const gray = luminance(pixels, width, height);
    for (const binarizer of BINARIZERS)
      expect(readCode(gray, width, height, false, [binarizer])).toBe(WARM_UP_TEXT);
  });

  it('is the code qrcode draws for its text', () => {
    const { modules } = QRCode.create(WARM_UP_TEXT, { errorCorrectionLevel: 'L' });
    const { pixels, width } = warmUpFrame(1);
    for (let v = 0; v < modules.size; v++)
      for (let u = 0; u < modules.size; u++)
        expect(pixels[((v + 4) * width + u + 4) * 4] === 0, `module ${u},${v}`).toBe(
          Boolean(modules.get(v, u)),
        );
  });
});
