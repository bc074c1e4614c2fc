// Wakes a paused camera when something moves in front of it: the picture is shrunk to a few
// hundred pixels twice a second and compared with the last one. A code is never decoded
// here; the decoder, the costly part, stays stopped until the camera wakes.

/** Mean brightness change per pixel (0-255) above which the picture is taken to have moved. */
export const MOTION_THRESHOLD = 12;
const WIDTH = 32;
const HEIGHT = 24;

/** Brightness of each pixel of an RGBA picture. */
export function lumaOf(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++)
    out[i] = (rgba[i * 4]! * 77 + rgba[i * 4 + 1]! * 150 + rgba[i * 4 + 2]! * 29) >> 8;
  return out;
}

/** The mean absolute brightness change between two pictures of the same size. */
export function frameChange(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Calls `onMotion` once when the video's picture changes; returns a function that stops watching. */
export function watchForMotion(video: HTMLVideoElement, onMotion: () => void, everyMs = 500): () => void {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let last: Uint8Array | null = null;
  const timer = setInterval(() => {
    if (!context || video.readyState < 2) return;
    context.drawImage(video, 0, 0, WIDTH, HEIGHT);
    const luma = lumaOf(context.getImageData(0, 0, WIDTH, HEIGHT).data);
    if (last && frameChange(last, luma) > MOTION_THRESHOLD) {
      clearInterval(timer);
      onMotion();
    }
    last = luma;
  }, everyMs);
  return () => clearInterval(timer);
}
