// The page's long tasks (over 50 ms: the Long Tasks API's own threshold) from the scan screen's
// first frame on, in the phone bench: a main-thread task that long holds a scanner's keys and a
// tap. The scan screen is the one the cold-start figure marks (its status line,
// `[data-testid="door-status"]`); its first frame is the animation frame after it is in the DOM.
import type { Page } from '@playwright/test';

interface Watched {
  /** performance.now() of the scan screen's first frame; 0 until then. */
  firstFrame: number;
  /** [startTime, duration] of every long task since the page began. */
  tasks: [number, number][];
}

/** Add with `page.addInitScript(watchLongTasks)` before the page's first script. */
export function watchLongTasks() {
  const watched: Watched = { firstFrame: 0, tasks: [] };
  (window as unknown as { __longTasks: Watched }).__longTasks = watched;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watched.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask' });
  let seen = false;
  new MutationObserver((_, observer) => {
    if (seen || !document.querySelector('[data-testid="door-status"]')) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => {
      watched.firstFrame = performance.now();
      // For a trace of the run (long-task-trace.ts): where the count starts.
      performance.mark('scan-screen-first-frame');
    });
  }).observe(document, { childList: true, subtree: true });
}

export interface LongTasks {
  /** ms since navigation; 0 if the scan screen never showed. */
  firstFrame: number;
  /** Durations of the tasks that began at or after the first frame, longest first. */
  durations: number[];
  /** Where each of those began, ms after the first frame (same order). */
  startsAfterFrame: number[];
}

/** The long tasks so far that began at or after the scan screen's first frame. */
export async function longTasksSinceScanScreen(page: Page): Promise<LongTasks> {
  const watched = await page.evaluate(() => (window as unknown as { __longTasks: Watched }).__longTasks);
  const after = watched.firstFrame
    ? watched.tasks.filter(([start]) => start >= watched.firstFrame).sort((a, b) => b[1] - a[1])
    : [];
  return {
    firstFrame: watched.firstFrame,
    durations: after.map(([, duration]) => duration),
    startsAfterFrame: after.map(([start]) => start - watched.firstFrame),
  };
}

/** "3 over 50 ms: 84 ms at +1203 ms, 61 ms at +40 ms, …" */
export function describeLongTasks(tasks: LongTasks, shown = 8): string {
  if (!tasks.firstFrame) return 'the scan screen never showed';
  if (tasks.durations.length === 0)
    return `none over 50 ms (scan screen's first frame at ${Math.round(tasks.firstFrame)} ms)`;
  const listed = tasks.durations
    .slice(0, shown)
    .map((d, i) => `${Math.round(d)} ms at +${Math.round(tasks.startsAfterFrame[i]!)} ms`);
  return `${tasks.durations.length} over 50 ms (scan screen's first frame at ${Math.round(tasks.firstFrame)} ms): ${listed.join(', ')}${tasks.durations.length > shown ? ', …' : ''}`;
}
