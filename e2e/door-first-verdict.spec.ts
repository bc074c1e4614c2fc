import { expect, type Page, test } from '@playwright/test';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';

// The first verdict a page shows costs far more than any after it (its code, styles, fonts and
// the locale's number data, first used): the door draws one hidden verdict before its scan
// screen first shows, so that cost falls in a wait and not on the first guest's scan. The scan
// screen must never come before it, however quickly the door's worker answers.

/** Records, in the page, the order in which the hidden rehearsal and the scan screen first appear. */
function watchOrder() {
  const seen: string[] = [];
  (window as unknown as { __seen: string[] }).__seen = seen;
  const look = () => {
    if (!seen.includes('rehearsal') && document.querySelector('.verdict-rehearsal')) seen.push('rehearsal');
    if (!seen.includes('scan screen') && document.querySelector('[data-testid="scan-controls"]'))
      seen.push('scan screen');
  };
  look();
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}
const seenOrder = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

test.describe('the first verdict of a page', () => {
  test('is rehearsed, hidden, while a new door waits to join, and gone after a frame', async ({ page }) => {
    await page.addInitScript(watchOrder);
    await page.goto('/');
    await expect(page.getByLabel('Check-in list slug or address')).toBeVisible();
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
