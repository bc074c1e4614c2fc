// A QR code the decoder's worker reads once as it loads, while the camera opens: the first read
// of a frame otherwise pays for compiling the whole reading path (ZXing's binarizer, finder,
// grid sampler, Reed-Solomon and text decoding are compiled lazily, on first use, and run
// unoptimised), and on a phone that first read is the first guest's. The page hands this code
// to the worker as its first frame (decoder-client.ts), RGBA as a canvas gives it, so the very
// path a camera frame takes is compiled: a few milliseconds of the worker's time while the
// camera opens, before the picture shows. No decoder here: the worker reads what this draws.

/** The text of the built-in code ("venue-checkin", version 1, level L). */
export const WARM_UP_TEXT = 'venue-checkin';

/** Its modules, row by row, dark as 1 (drawn once with `qrcode`, checked by a test). */
const MODULES = [
  '111111101011101111111',
  '100000100011001000001',
  '101110101101001011101',
  '101110101100101011101',
  '101110101001001011101',
  '100000100111101000001',
  '111111101010101111111',
  '000000000001100000000',
  '111100101111110011101',
  '010100001010101111101',
  '000000100111001100011',
  '000111011010100101011',
  '101001110001001100010',
  '000000001001111010110',
  '111111100011000110100',
  '100000100011110001110',
  '101110100101100110110',
  '101110101010110001010',
  '101110101001111101100',
  '100000101000111100001',
  '111111101000111110100',
];

/** The quiet zone the standard asks for, in modules. */
const QUIET = 4;

/**
 * The code as an RGBA frame (opaque black on white), `scale` px a module: 3 by default, which
 * makes a frame of 87 x 87, above the 40 px below which ZXing's hybrid binarizer (the one a
 * camera frame goes through) hands over to its global one.
 */
export function warmUpFrame(scale = 3): { pixels: Uint8ClampedArray; width: number; height: number } {
  const side = (MODULES.length + 2 * QUIET) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(0xff);
  for (const [v, row] of MODULES.entries())
    for (let u = 0; u < row.length; u++) {
      if (row[u] !== '1') continue;
      for (let y = (v + QUIET) * scale; y < (v + QUIET + 1) * scale; y++)
        for (let x = (u + QUIET) * scale; x < (u + QUIET + 1) * scale; x++)
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  return { pixels, width: side, height: side };
}
