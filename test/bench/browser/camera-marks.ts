// The camera figure of the door and phone benches: from the first video frame the page gets to
// the verdict's first painted frame, marked in the page as they happen.
import type { Page } from '@playwright/test';

export interface CameraMarks {
  firstFrame: number;
  /** The first code read (src/scanner/camera.ts marks it); 0 if none was marked. */
  read: number;
  verdict: number;
}

/** "first frame to read 120 ms, read to verdict 40 ms". */
export const describeCameraMarks = (m: CameraMarks) =>
  `first frame to read ${Math.round(m.read - m.firstFrame)} ms, read to verdict ${Math.round(m.verdict - m.read)} ms`;

/** Add with `page.addInitScript(watchCameraMarks)` before the scan screen opens. */
export function watchCameraMarks() {
  const marks: CameraMarks = { firstFrame: 0, read: 0, verdict: 0 };
  (window as unknown as { __bench: CameraMarks }).__bench = marks;
  new MutationObserver(() => {
    const el = document.querySelector('video') as HTMLVideoElement | null;
    if (el && !el.dataset.watched) {
      el.dataset.watched = '1';
      el.requestVideoFrameCallback((now) => {
        marks.firstFrame ||= now;
      });
    }
    if (!marks.verdict && document.querySelector('[data-testid="verdict"]')) {
      marks.read ||= performance.getEntriesByName('door:camera-read')[0]?.startTime ?? 0;
      requestAnimationFrame(() => {
        marks.verdict ||= performance.now();
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

export const readCameraMarks = (page: Page): Promise<CameraMarks> =>
  page.evaluate(() => (window as unknown as { __bench: CameraMarks }).__bench);

export const cameraMarked = (page: Page, timeout: number) =>
  page.waitForFunction(() => (window as unknown as { __bench: CameraMarks }).__bench.verdict > 0, null, {
    timeout,
    polling: 100,
  });
