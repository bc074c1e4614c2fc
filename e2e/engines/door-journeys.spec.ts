// The door's core journeys, chained in one browser session, on each engine Playwright drives
// (Chromium, and Firefox ESR over WebDriver BiDi); WebKit runs the same chain in
// door-journeys.webkit.ts. Typing goes key by key: over BiDi, fill() sets the value in a way
// React's controlled inputs never see. Screenshots at 390x844 and 1024x768 go to
// e2e/.artifacts/engines/<engine>/. The door's list is sealed: its passcode is chosen at the
// join and typed after each load of the app, as steps of the journey (Playwright's own test,
// not the fixture that answers the passcode screens by itself).
import { expect, type Page, test } from '@playwright/test';
import { qrDataUrl, showOnCamera } from '../fixtures/canvas-camera';
import { personFirst, searchResultsOnPage } from '../fixtures/search-results';
import { CheckinService, DoorPage, MAIN_LIST } from '../page-models/door-page';
import { ShellPage } from '../page-models/shell-page';

test.use({ viewport: { width: 390, height: 844 } });

async function shoot(page: Page, engine: string, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `e2e/.artifacts/engines/${engine}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

// On the demo list: several tickets, some in orders bought by someone else.
const SEARCHED_NAME = 'Niamh Ito';
const PASSCODE = 'engine journeys passcode';

async function type(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  // On a phone with a camera the scan screen's field is a tap away (Search under the picture).
  const search = page.getByTestId('scan-controls').getByRole('button', { name: 'Search' });
  await expect(async () => {
    if (!(await box.isVisible())) await search.click({ timeout: 1000 });
    await expect(box).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await box.click();
  await box.pressSequentially(text);
  await box.press('Enter');
}

test('door journeys: join, wedge scans, search, server unreachable, camera, kiosk, forget', async ({
  page,
  context,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const engine = info.project.name;
  const shot = (name: string) => shoot(page, engine, name);
  const service = new CheckinService(baseURL!);
  const [wedge, elsewhere, searched, away1, away2, shown, local] = await service.freshTickets(MAIN_LIST, 7);
  if (!local) throw new Error('the demo seed lacks fresh tickets');
  // Checked in at another door before this device downloads the list.
  await service.checkInElsewhere(MAIN_LIST, elsewhere!.id);
  await page.addInitScript((deviceName) => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    // Verdicts stay up until "Next scan", so a screenshot never races their return.
    if (!saved.deviceName)
      localStorage.setItem(
        key,
        JSON.stringify({ ...saved, deviceName, sounds: false, autoReturnSeconds: 0 }),
      );
  }, `${engine} door`);
  const door = new DoorPage(page);

  // Join by address.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Join list' })).toBeVisible();
  await shot('join');
  await type(page, 'Join code, or check-in list slug or address', `${baseURL}/checkin_lists/${MAIN_LIST}`);
  // A new door: its passcode first, then the join goes on.
  await door.passcode.choose(PASSCODE);
  await door.expectScanScreen();
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });
  await shot('scan');

  // A wedge scan admits; the same ticket again is calm; one admitted at another door warns.
  await door.wedgeScan(wedge!.slug);
  await door.expectVerdict('admitted');
  await shot('admitted');
  await door.nextScan();
  await door.wedgeScan(wedge!.slug);
  await door.expectVerdict('just-admitted');
  await expect(door.verdict()).toContainText('Admitted here');
  await door.nextScan();
  await door.wedgeScan(elsewhere!.slug);
  await door.expectVerdict('already-checked-in');
  await shot('already-checked-in');
  await door.nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, wedge!.id), { timeout: 15_000 }).toBe(1);

  // Search and admit.
  await door.openMenu();
  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByLabel('Name, email, company or reference').pressSequentially(searched!.reference);
  await page.getByRole('link', { name: new RegExp(searched!.reference) }).click();
  await page.getByRole('button', { name: 'Check in' }).click();
  await door.expectVerdict('admitted');
  await expect(door.verdict()).toContainText(searched!.reference);
  await door.nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, searched!.id), { timeout: 15_000 }).toBe(1);

  // Search by a person's name: their tickets first, in view, before any order holding one.
  await page.goto('/door/search');
  await door.passcode.unlockAfterStart(PASSCODE);
  await page.getByLabel('Name, email, company or reference').pressSequentially(SEARCHED_NAME);
  await expect
    .poll(async () => personFirst(await page.evaluate(searchResultsOnPage), SEARCHED_NAME), {
      message: `${SEARCHED_NAME}'s tickets first, on screen, before any order`,
    })
    .toBe(true);
  await shot('search-name');

  // The server unreachable: admitted here, kept across a restart offline from the service
  // worker, the list sealed meanwhile and opened again only with the passcode, sent once.
  await page.goto('/');
  await door.passcode.unlockAfterStart(PASSCODE);
  await new ShellPage(page).waitForServiceWorkerControl();
  await door.passcode.unlockAfterStart(PASSCODE);
  await door.expectScanScreen();
  await context.setOffline(true);
  for (const ticket of [away1!, away2!]) {
    await type(page, 'Ticket code, reference or name', ticket.reference);
    await door.expectVerdict('admitted');
    await door.nextScan();
  }
  await expect(door.pending()).toContainText('2 waiting to send');
  await page.reload();
  await expect(page.getByTestId('unlock-pending')).toContainText(
    '2 check-ins made here are waiting to be sent',
  );
  await door.passcode.type('not this door’s passcode');
  await expect(page.getByTestId('unlock').getByRole('alert')).toContainText(
    'That is not this door’s passcode',
  );
  await shot('unlock-wrong');
  await door.passcode.unlock(PASSCODE);
  await door.expectScanScreen();
  await expect(door.pending()).toContainText('2 waiting to send');
  await expect(page.getByTestId('connection')).toContainText('Offline');
  // Offline and just unlocked: a verdict from the local copy, and a search by name.
  await type(page, 'Ticket code, reference or name', local.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await door.openMenu();
  await page.getByRole('link', { name: 'Search' }).click();
  await page.getByLabel('Name, email, company or reference').pressSequentially(SEARCHED_NAME);
  await expect
    .poll(async () => personFirst(await page.evaluate(searchResultsOnPage), SEARCHED_NAME))
    .toBe(true);
  await page.getByRole('link', { name: 'Back' }).click();
  await door.expectScanScreen();
  await shot('offline');
  await context.setOffline(false);
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  for (const ticket of [away1!, away2!, local])
    expect(await service.activeCheckinsOf(MAIN_LIST, ticket.id)).toBe(1);

  // The camera showing a ticket's QR code: the scan screen's camera opens again after a visit to search.
  // The code is put in front of the camera only on Search, where no camera runs: a camera that
  // restarted on the scan screen would otherwise admit it there, and the read after Back would
  // rightly say "Admitted here".
  await door.openMenu();
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  await page.evaluate(showOnCamera, await qrDataUrl(shown!.slug));
  await page.getByRole('link', { name: 'Back' }).click();
  await door.expectVerdict('admitted');
  await expect(door.verdict()).toContainText(shown!.reference);
  await shot('camera-admitted');
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, shown!.id), { timeout: 15_000 }).toBe(1);

  // Kiosk: enter, and leave only with the PIN (a fresh load: the camera is the browser's own again).
  await page.goto('/settings');
  await page.getByLabel('Kiosk PIN (4 to 8 digits)').pressSequentially('2468');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Kiosk PIN saved.')).toBeVisible();
  await shot('settings');
  await page.goto('/');
  await door.passcode.unlockAfterStart(PASSCODE);
  await door.goFromMenu('Kiosk mode');
  await expect(page.getByTestId('kiosk-message')).toContainText('Scan your ticket');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // Headless Firefox cannot resize a fullscreen window; the kiosk itself needs no fullscreen.
  await page.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  await shot('kiosk');
  await page.getByRole('button', { name: 'Exit kiosk' }).click();
  for (const digit of '2468') await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByTestId('kiosk')).toHaveCount(0);
  await door.expectScanScreen();

  // Forget the list, confirmed.
  await door.goFromMenu('Lists');
  const entry = page.locator('.list-entry');
  const title = (await entry.locator('strong').textContent())!;
  await entry.getByRole('button', { name: `Forget ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Forget “${title}”?` });
  await expect(dialog).toContainText('Nothing is waiting to be sent');
  await shot('forget');
  await dialog.getByRole('button', { name: 'Forget list' }).click();
  await expect(page.getByTestId('lists-message')).toContainText(`Forgot ${title}`);
  await expect(entry).toHaveCount(0);
});

test('without a wake lock, persistent storage or a camera the door says so and still admits', async ({
  page,
  baseURL,
}) => {
  const [ticket] = await new CheckinService(baseURL!).freshTickets(MAIN_LIST, 1);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    // What older phones lack (Firefox also runs this where there is no secure context yet).
    if (!window.isSecureContext) return;
    delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
    delete (StorageManager.prototype as { persist?: unknown }).persist;
    delete (StorageManager.prototype as { persisted?: unknown }).persisted;
    MediaDevices.prototype.getUserMedia = () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    if (!localStorage.getItem('venue-checkin.settings'))
      localStorage.setItem(
        'venue-checkin.settings',
        JSON.stringify({ deviceName: 'Old phone', sounds: false }),
      );
  });
  const door = new DoorPage(page);
  await page.goto('/');
  await type(page, 'Join code, or check-in list slug or address', MAIN_LIST);
  await door.passcode.choose(PASSCODE);
  await door.expectScanScreen();
  await expect(page.getByRole('alert')).toContainText('No camera was found on this device');
  await expect(page.getByTestId('door-health')).toContainText('persistence unknown');
  await type(page, 'Ticket code, reference or name', ticket!.reference);
  await door.expectVerdict('admitted');
  await page.goto('/settings');
  await expect(page.getByTestId('kiosk-no-wake-lock')).toContainText('cannot keep the screen on');
  expect(errors).toEqual([]);
});
