// Wedge scans one after another on the scan screen, each timed to its verdict on screen (the
// frame after it is in the DOM), then dismissed. A hardware scanner types the code and Enter;
// the same handler takes a camera's read.
import type { Page } from '@playwright/test';

/**
 * `from`: 'first-key' times the whole typing (a scanner's burst: decode to verdict), 'enter'
 * only what follows the Enter key (the app's part).
 */
export function wedgeScansToVerdict(
  page: Page,
  codes: string[],
  from: 'first-key' | 'enter',
): Promise<number[]> {
  return page.evaluate(
    async ({ codes, from }) => {
      const appear = (present: boolean) =>
        new Promise<void>((resolve) => {
          const test = () => (document.querySelector('[data-testid="verdict"]') !== null) === present;
          if (test()) return resolve();
          const observer = new MutationObserver(() => {
            if (test()) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      const key = (key: string) =>
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      const out: number[] = [];
      for (const code of codes) {
        let start = performance.now();
        for (const char of code) key(char);
        if (from === 'enter') start = performance.now();
        key('Enter');
        await appear(true);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        out.push(performance.now() - start);
        (document.querySelector('.verdict .button--solid') as HTMLButtonElement).click();
        await appear(false);
      }
      return out;
    },
    { codes, from },
  );
}
