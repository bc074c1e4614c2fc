// The door's passcode in the benches: a door keeps its list sealed (docs/security.md), so a
// join first asks for the passcode and a restart opens the list only once it is typed. The
// benches answer at once, so their figures are the app's time (the stretching of the passcode
// and the opening of the sealed list included), not a person's typing. A tree from before
// sealing asks for neither, and the same bench runs on it unchanged.
import type { Page } from '@playwright/test';

export const BENCH_PASSCODE = 'bench door passcode';

/**
 * After "Join list": answers the passcode choice when the door asks for it. Returns when the
 * join went on: the choice's submission, or the click when no choice was asked.
 */
export async function choosePasscodeIfAsked(page: Page, clickedAt: number): Promise<number> {
  const asked = await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="passcode-choice"]')
        ? 'choice'
        : document.querySelector('[data-testid="progress"], [data-testid="door-status"]')
          ? 'joining'
          : null,
    null,
    { timeout: 60_000, polling: 20 },
  );
  if ((await asked.jsonValue()) !== 'choice') return clickedAt;
  const choice = page.getByTestId('passcode-choice');
  await choice.getByLabel('Passcode', { exact: true }).fill(BENCH_PASSCODE);
  await choice.getByLabel('Type it again', { exact: true }).fill(BENCH_PASSCODE);
  const submittedAt = Date.now();
  await choice.getByLabel('Type it again', { exact: true }).press('Enter');
  return submittedAt;
}

/**
 * In the page, from its first script (an init script's body): the unlock screen is answered
 * the moment it shows, by the page itself (no round trip to the bench), and the moments are
 * kept in `window.__unlock` (ms since navigation; 0 when no unlock screen showed).
 */
export function answerUnlockInPage(passcode: string): void {
  const marks = { shown: 0, submitted: 0 };
  (window as unknown as { __unlock: typeof marks }).__unlock = marks;
  new MutationObserver(() => {
    if (marks.submitted) return;
    const field = document.querySelector<HTMLInputElement>('[data-testid="unlock"] input');
    if (!field?.form) return;
    marks.shown = performance.now();
    field.value = passcode;
    marks.submitted = performance.now();
    field.form.requestSubmit();
  }).observe(document, { childList: true, subtree: true });
}
