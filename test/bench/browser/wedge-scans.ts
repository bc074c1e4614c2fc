// Wedge scans one after another on the scan screen, each timed to its verdict on screen (the
// frame after it is in the DOM), then dismissed. A hardware scanner types the code and Enter;
// the same handler takes a camera's read. Each scan's span stays in the page (`__scanSpans`), with
// the moment its verdict was in the DOM.
import type { Page } from '@playwright/test';

/**
 * `from`: 'first-key' times the whole typing (a scanner's burst: decode to verdict), 'enter'
 * only what follows the Enter key (the app's part). A verdict that neither shows nor goes
 * within a minute fails the run with what the screen says, rather than waiting for ever.
 * `paceMs`: this host's milliseconds between a verdict gone and the next code (a queue's pace:
 * the next guest stepping up), none by default (codes one after another, as fast as a scanner).
 */
export function wedgeScansToVerdict(
  page: Page,
  codes: string[],
  from: 'first-key' | 'enter',
  paceMs = 0,
): Promise<number[]> {
  // A page too busy to run even its own timeout still ends the run.
  const limit = 60_000 * (codes.length + 5);
  let watchdog: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    watchdog = setTimeout(
      () =>
        reject(
          new Error(`${codes.length} wedge scans: the page did not answer within ${limit / 60_000} min`),
        ),
      limit,
    );
  });
  const scans = page.evaluate(
    async ({ codes, from, paceMs }) => {
      const appear = (present: boolean, scan: number) =>
        new Promise<void>((resolve, reject) => {
          const test = () => (document.querySelector('[data-testid="verdict"]') !== null) === present;
          if (test()) return resolve();
          const observer = new MutationObserver(() => {
            if (test()) {
              observer.disconnect();
              clearTimeout(late);
              resolve();
            }
          });
          // The status line and the scan screen's state, not the verdict's words (a guest's name).
          const late = setTimeout(() => {
            observer.disconnect();
            const status = document.querySelector('[data-testid="door-status"]')?.textContent ?? 'none';
            const deciding = document.querySelector('[data-testid="deciding"]') !== null;
            reject(
              new Error(
                `scan ${scan + 1} of ${codes.length}: no verdict ${present ? 'shown' : 'dismissed'} within 60 s (status line "${status}"; ${deciding ? '"Checking…" shown' : 'no "Checking…"'})`,
              ),
            );
          }, 60_000);
          observer.observe(document.body, { childList: true, subtree: true });
        });
      const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
      const key = (key: string) =>
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      const out: number[] = [];
      // Each scan's start and end on the page's clock, for the simulated phone (phone-trace.ts).
      const held = window as unknown as { __scanSpans?: [number, number, number][] };
      held.__scanSpans ??= [];
      const spans = held.__scanSpans;
      for (const [scan, code] of codes.entries()) {
        let start = performance.now();
        for (const char of code) key(char);
        if (from === 'enter') start = performance.now();
        key('Enter');
        await appear(true, scan);
        // The verdict is in the DOM: the page waits for its frame from now (phone-sim.ts).
        const shown = performance.now();
        await new Promise((resolve) => requestAnimationFrame(resolve));
        out.push(performance.now() - start);
        spans.push([start, start + out.at(-1)!, shown]);
        // Staff's tap, then the next code's keys, each an input of its own as on a phone: a task
        // of its own, never inside the frame that drew the verdict or the tap's task, nor before
        // the frame that draws the scan screen again (a tap and the next guest's code are at
        // least a moment apart at a door; typed at once, the tap's frame fell in the next scan).
        await nextTask();
        (document.querySelector('.verdict .button--solid') as HTMLButtonElement).click();
        await appear(false, scan);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await nextTask();
        if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
      }
      return out;
    },
    { codes, from, paceMs },
  );
  return Promise.race([scans, stuck]).finally(() => clearTimeout(watchdog));
}
