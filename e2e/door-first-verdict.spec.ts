import { expect, type Page, test } from './fixtures/sealed';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';

// The first verdict a page shows costs far more than any after it (its code, styles, fonts and
// the locale's number data, first used): the door draws one hidden verdict before its scan
// screen first shows, so that cost falls in a wait and not on the first guest's scan. The scan
// screen must never come before it, however quickly the door's worker answers.

/**
 * Records, in the page, the order in which the hidden rehearsal and the scan screen first come:
 * from the mutations themselves, since the rehearsal is gone again before the observer runs (its
 * removal is what shows it was there, when it came inside a larger tree). And whether it ever
 * outlived the task that drew it: the observer runs at the end of each task that changed the
 * page, and a frame callback before each paint, and neither may find it in the page.
 */
function watchOrder() {
  const watched = { seen: [] as string[], gone: false, lingered: [] as string[], frames: 0 };
  (window as unknown as { __watched: typeof watched }).__watched = watched;
  const { seen, lingered } = watched;
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    const has = (selector: string) => node.matches(selector) || node.querySelector(selector) !== null;
    if (!seen.includes('rehearsal') && has('.verdict-rehearsal')) seen.push('rehearsal');
    if (!seen.includes('scan screen') && has('[data-testid="scan-controls"]')) seen.push('scan screen');
  };
  const stillThere = (when: string) => {
    if (document.querySelector('.verdict-rehearsal') && !lingered.includes(when)) lingered.push(when);
  };
  if (document.documentElement) note(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) note(node);
      for (const node of record.removedNodes)
        if (node instanceof Element && node.matches('.verdict-rehearsal')) {
          note(node);
          watched.gone = true;
        }
    }
    stillThere('after the task that drew it');
  }).observe(document, { childList: true, subtree: true });
  const frame = () => {
    watched.frames++;
    stillThere('in a frame');
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
type Watched = { seen: string[]; gone: boolean; lingered: string[]; frames: number };
const watchedOf = (page: Page) =>
  page.evaluate(() => {
    const w = (window as unknown as { __watched: Watched }).__watched;
    return { ...w, seen: w.seen.slice(), lingered: w.lingered.slice() };
  });
/** Two frames from now: a rehearsal still in the page would have met one. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test.describe('the first verdict of a page', () => {
  test('is rehearsed, hidden, while a new door waits to join, and gone at once', async ({ page }) => {
    await page.addInitScript(watchOrder);
    await page.goto('/');
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();
    await expect.poll(async () => (await watchedOf(page)).gone).toBe(true);
    await twoFrames(page);
    // Drawn once and removed in the task that drew it: never in a frame, and no verdict shows.
    const watched = await watchedOf(page);
    expect(watched.seen).toEqual(['rehearsal']);
    expect(watched.lingered).toEqual([]);
    expect(watched.frames).toBeGreaterThan(0);
    expect(await page.locator('.verdict-rehearsal').count()).toBe(0);
    await expect(page.getByTestId('verdict')).toHaveCount(0);
  });

  test('comes before the scan screen, also when the worker is ready before the door screen renders', async ({
    context,
    baseURL,
  }) => {
    const service = new CheckinService(baseURL!);
    const [ticket] = await service.freshLoneTickets(MAIN_LIST, 1);
    const { page } = await joinedDoor(context, 'Rehearsal door');
    // A fresh page that opens on another door screen: its worker starts and opens the list
    // there. The ticket found by search means the worker has answered the page's start.
    await new DoorPage(page).search(ticket!.reference);
    await expect(page.getByText(ticket!.reference).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('scan-controls')).toHaveCount(0);
    await page.evaluate(watchOrder);
    await page.getByRole('link', { name: 'Back' }).click();
    const door = new DoorPage(page);
    await door.expectScanScreen();
    await twoFrames(page);
    const watched = await watchedOf(page);
    expect(watched.seen).toEqual(['rehearsal', 'scan screen']);
    expect(watched.gone).toBe(true);
    expect(watched.lingered).toEqual([]);
    expect(watched.frames).toBeGreaterThan(0);
    expect(await page.locator('.verdict-rehearsal').count()).toBe(0);
    // And the door judges as before.
    await door.typeCode(ticket!.reference);
    await door.expectVerdict('admitted');
  });
});
