// The camera figure of the door and phone benches: from the first video frame the page gets to
// the verdict's first painted frame, marked in the page as they happen.
import type { Page } from '@playwright/test';

/** The marks the page keeps in `window.__bench` as they happen. */
export interface PageCameraMarks {
  firstFrame: number;
  /** The first code read (src/scanner/camera.ts marks it); 0 if none was marked. */
  read: number;
  /** The verdict in the DOM (the page then waits for its frame: phone-sim.ts). */
  shown: number;
  verdict: number;
}

export interface CameraMarks extends PageCameraMarks {
  /** Each frame the page handed the decoder's worker (./watchDecoderFrames). */
  frames: DecoderFrame[];
}

/** "first frame to read 120 ms, read to verdict 40 ms". */
export const describeCameraMarks = (m: PageCameraMarks) =>
  `first frame to read ${Math.round(m.read - m.firstFrame)} ms, read to verdict ${Math.round(m.verdict - m.read)} ms`;

/**
 * "frames tried up to the read: 2 (320x240 +3 ms, 640x480 +45 ms)": the frames handed to the
 * decoder up to the read, each with its time after the first video frame (the figure counts
 * every frame tried before one reads).
 */
export function describeFramesTried(m: CameraMarks): string {
  const tried = m.frames.filter((f) => !m.read || f.at <= m.read);
  const each = tried.map(
    (f) => `${f.width}x${f.height} ${f.at >= m.firstFrame ? '+' : ''}${Math.round(f.at - m.firstFrame)} ms`,
  );
  return `frames tried up to the read: ${tried.length} (${each.join(', ')})`;
}

/** One frame the page handed the decoder's worker: when (page time), and its size. */
export interface DecoderFrame {
  at: number;
  width: number;
  height: number;
}

/**
 * Add with `page.addInitScript(watchDecoderFrames)`: notes in `window.__decoderFrames` every frame
 * the page hands the decoder's worker (one decode attempt each). A frame is a message with the
 * camera's own frame and a scale, or (without WebCodecs) RGBA pixels and a size; the decoder's
 * warm-up code (87 px square) is not a camera frame.
 */
export function watchDecoderFrames() {
  const frames: DecoderFrame[] = [];
  (window as unknown as { __decoderFrames: DecoderFrame[] }).__decoderFrames = frames;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const frame = message as {
      pixels?: unknown;
      width?: number;
      height?: number;
      video?: { displayWidth: number; displayHeight: number };
      scale?: number;
    };
    const scale = frame?.scale ?? 1;
    const width = frame?.video ? Math.round(frame.video.displayWidth * scale) : (frame?.width ?? 0);
    const height = frame?.video ? Math.round(frame.video.displayHeight * scale) : (frame?.height ?? 0);
    if (frame && typeof frame === 'object' && (frame.pixels || frame.video) && width > 100)
      frames.push({ at: performance.now(), width, height });
    return (post as (...args: unknown[]) => void).call(this, message, ...rest);
  };
}

export const readDecoderFrames = (page: Page): Promise<DecoderFrame[]> =>
  page.evaluate(() => (window as unknown as { __decoderFrames?: DecoderFrame[] }).__decoderFrames ?? []);

/** Watches the camera's marks and the decoder's frames, before the scan screen opens. */
export async function watchCamera(page: Page): Promise<void> {
  await page.addInitScript(watchDecoderFrames);
  await page.addInitScript(watchCameraMarks);
}

function watchCameraMarks() {
  const marks: PageCameraMarks = { firstFrame: 0, read: 0, shown: 0, verdict: 0 };
  (window as unknown as { __bench: typeof marks }).__bench = marks;
  new MutationObserver(() => {
    const el = document.querySelector('video') as HTMLVideoElement | null;
    if (el && !el.dataset.watched) {
      el.dataset.watched = '1';
      el.requestVideoFrameCallback((now) => {
        marks.firstFrame ||= now;
      });
    }
    if (!marks.verdict && document.querySelector('[data-testid="verdict"]')) {
      marks.shown ||= performance.now();
      marks.read ||= performance.getEntriesByName('door:camera-read')[0]?.startTime ?? 0;
      requestAnimationFrame(() => {
        marks.verdict ||= performance.now();
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

export const readCameraMarks = async (page: Page): Promise<CameraMarks> => ({
  ...(await page.evaluate(() => (window as unknown as { __bench: PageCameraMarks }).__bench)),
  frames: await readDecoderFrames(page),
});

export const cameraMarked = (page: Page, timeout: number) =>
  page.waitForFunction(() => (window as unknown as { __bench: PageCameraMarks }).__bench.verdict > 0, null, {
    timeout,
    polling: 100,
  });
