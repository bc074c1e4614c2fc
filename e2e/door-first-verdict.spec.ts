import { expect, type Page, test } from './fixtures/sealed';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';

// The first verdict a page shows costs far more than any after it (its code, styles, fonts and
// the locale's number data, first used): the door draws one hidden verdict before its scan
// screen first shows, so that cost falls in a wait and not on the first guest's scan. The scan
// screen must never come before it, however quickly the door's worker answers.

/**
 * Records, in the page, the order in which the hidden rehearsal and the scan screen first come:
 * from the mutations themselves, since the rehearsal is gone again before the observer runs (its
 * removal is what shows it was there, when it came inside a larger tree).
 */
function watchOrder() {
  const seen: string[] = [];
  (window as unknown as { __seen: string[] }).__seen = seen;
  const note = (node: Node) => {
    if (!(node instanceof Element)) return;
    const has = (selector: string) => node.matches(selector) || node.querySelector(selector) !== null;
    if (!seen.includes('rehearsal') && has('.verdict-rehearsal')) seen.push('rehearsal');
    if (!seen.includes('scan screen') && has('[data-testid="scan-controls"]')) seen.push('scan screen');
  };
  if (document.documentElement) note(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) note(node);
      for (const node of record.removedNodes)
        if (node instanceof Element && node.matches('.verdict-rehearsal')) note(node);
    }
  }).observe(document, { childList: true, subtree: true });
}
const seenOrder = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

test.describe('the first verdict of a page', () => {
  test('is rehearsed, hidden, while a new door waits to join, and gone at once', async ({ page }) => {
    await page.addInitScript(watchOrder);
    await page.goto('/');
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();
    await expect.poll(() => seenOrder(page)).toContain('rehearsal');
    // Drawn once and removed: nothing of it stays in the page, and no verdict shows.
    await expect(page.locator('.verdict-rehearsal')).toHaveCount(0);
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
    await page.goto(`/door/search?q=${encodeURIComponent(ticket!.reference)}`);
    await expect(page.getByText(ticket!.reference).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('scan-controls')).toHaveCount(0);
    await page.evaluate(watchOrder);
    await page.getByRole('link', { name: 'Back' }).click();
    const door = new DoorPage(page);
    await door.expectScanScreen();
    expect(await seenOrder(page)).toEqual(['rehearsal', 'scan screen']);
    await expect(page.locator('.verdict-rehearsal')).toHaveCount(0);
    // And the door judges as before.
    await door.typeCode(ticket!.reference);
    await door.expectVerdict('admitted');
  });
});
