// "Ready before doors open": each readiness item turns red when its cause is made real and
// green once it is fixed, on the production build against the real server: a list still
// downloading (ticket pages slowed by the mock's latency fault), a camera the browser refuses
// (Chromium's fake camera, its permission denied, then granted), a clock an hour off (the
// service's `Date` header put an hour ahead by the mock's `date_offset` fault: the door's
// engine compares it in its worker, where a page's init script or page.clock cannot reach),
// and a new version of the app waiting (a copy of the build whose service worker changes, as
// in update-flow.spec.ts). A scan is judged with the panel open and an item red, every time.
// Screenshots of the panel at 390x844 and 1024x768 land in e2e/.artifacts/readiness/.
import { axeOn, seriousViolations } from './fixtures/axe';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from './fixtures/sealed';
import { chromiumArgs } from './fixtures/browser';
import { E2E_CONTROL_HEADERS } from './fixtures/control-token';
import { type RunningServer, startServer } from './fixtures/server';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST, type ServiceTicket } from './page-models/door-page';
import { ReadinessPage } from './page-models/readiness-page';
import { ShellPage } from './page-models/shell-page';
import { settled } from './fixtures/settled';

async function faults(baseURL: string, body: object | null) {
  const res = await fetch(`${baseURL}/__mock/faults`, {
    method: body ? 'POST' : 'DELETE',
    headers: { 'Content-Type': 'application/json', ...E2E_CONTROL_HEADERS },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok).toBe(true);
}

async function shot(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  const path = `e2e/.artifacts/readiness/${width}x${height}/${name}.png`;
  // For people to look at, not a check: one more try when Chromium under load cannot capture.
  await page.screenshot({ path }).catch(async () => {
    await page.waitForTimeout(500);
    await page.screenshot({ path }).catch((error: Error) => {
      test.info().annotations.push({ type: 'screenshot missing', description: `${name}: ${error.message}` });
    });
  });
}

/** Verdicts stay until "Next scan": a busy machine must not see one return before it is read. */
const keepVerdicts = (page: Page) =>
  page.addInitScript(() => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, autoReturnSeconds: 0 }));
  });

/**
 * A scan judged while the panel is open and an item is red: the panel neither stops nor hides
 * it. By a hardware scanner's keys, or typed in the scan screen's box (a scanner's read would
 * itself make the camera item green: the door can scan).
 */
async function scanWhileNotReady(page: Page, door: DoorPage, ticket: ServiceTicket, by: 'scanner' | 'typed') {
  const readiness = new ReadinessPage(page);
  await expect(readiness.panel()).toBeVisible();
  await expect(readiness.pill()).toHaveAttribute('data-level', 'red');
  // Nothing modal: a scanner's keys reach the page, and the verdict shows over the panel.
  await expect(page.locator('[aria-modal="true"]')).toHaveCount(0);
  if (by === 'scanner') await door.wedgeScan(ticket.slug);
  else await door.typeCode(ticket.slug);
  await door.expectVerdict('admitted');
  await expect(door.verdict()).toContainText(ticket.reference);
  await door.nextScan();
  await expect(readiness.panel()).toBeVisible();
}

test.describe('ready before doors open', () => {
  test.afterEach(async ({ baseURL }) => {
    await faults(baseURL!, null);
  });

  test('a half-downloaded list is red by itself as the list opens, and green once the whole list is here', async ({
    page,
    baseURL,
  }) => {
    const [ticket] = await new CheckinService(baseURL!).freshLoneTickets(MAIN_LIST, 1);
    // Ticket pages take 20 s: the door's copy stays half downloaded while staff look and scan.
    await faults(baseURL!, {
      latency: { ms: 20_000, path_prefix: `/checkin/checkin_lists/${MAIN_LIST}/tickets` },
    });

    const door = new DoorPage(page);
    const readiness = new ReadinessPage(page);
    await keepVerdicts(page);
    await door.nameDevice('Early door');
    await door.joinByTyping(MAIN_LIST);
    // Checked by itself as the list opened: the pill says so before anyone asks.
    await expect(readiness.pill()).toHaveAttribute('data-level', 'red');
    await expect(readiness.pill()).toContainText('Not ready');

    await readiness.openFromMenu();
    await readiness.expectLevel('list-complete', 'red');
    await expect(readiness.item('list-complete')).toContainText(/Downloading: \d+%/);
    await expect(readiness.item('list-complete')).toContainText('Keep the device online');

    // The service answers quickly again; the pages asked for are still on their way. A ticket
    // the copy lacks yet is looked up online and admitted, the list still red.
    await faults(baseURL!, null);
    await scanWhileNotReady(page, door, ticket!, 'scanner');
    await expect(page.getByTestId('door-status')).toHaveAttribute('data-list', 'incomplete');
    await readiness.expectLevel('list-complete', 'red', 1000);

    await door.expectListComplete();
    await readiness.expectLevel('list-complete', 'green');
    await expect(readiness.item('list-complete')).toContainText(/[\d,]+ tickets on this device/);
  });

  test('a refused camera is red with its fix, and green once allowed and its picture is read', async ({
    baseURL,
  }) => {
    const [ticket] = await new CheckinService(baseURL!).freshLoneTickets(MAIN_LIST, 1);
    // Chromium's fake camera, without the flag that answers its permission prompt: Playwright
    // refuses the prompt, as a person tapping "Block" does.
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
    });
    try {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const door = new DoorPage(page);
      const readiness = new ReadinessPage(page);
      await keepVerdicts(page);
      await door.nameDevice('Camera door');
      await door.joinByTyping(MAIN_LIST);
      await door.expectListComplete();
      await expect(page.getByText('Camera access was refused')).toBeVisible({ timeout: 20_000 });
      await expect(readiness.pill()).toHaveAttribute('data-level', 'red');

      await readiness.open();
      await readiness.expectLevel('camera', 'red');
      await expect(readiness.item('camera')).toContainText('The camera is blocked');
      await expect(readiness.item('camera')).toContainText('Try the camera again');
      await scanWhileNotReady(page, door, ticket!, 'typed');

      await context.grantPermissions(['camera'], { origin: baseURL });
      await readiness.close();
      await page.getByRole('button', { name: 'Try the camera again' }).click();
      await expect(page.locator('.camera')).toHaveAttribute('data-phase', 'running', { timeout: 20_000 });
      await readiness.open();
      await readiness.expectLevel('camera', 'green');
      await expect(readiness.item('camera')).toContainText('The camera shows a picture');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test('a clock an hour off the service’s is red, saying by how much, and green once it agrees', async ({
    context,
    baseURL,
  }) => {
    const [ticket] = await new CheckinService(baseURL!).freshLoneTickets(MAIN_LIST, 1);
    const { page, door } = await joinedDoor(context, 'Clock door', { autoReturnSeconds: 0 });
    await page.setViewportSize({ width: 390, height: 844 });
    const readiness = new ReadinessPage(page);
    await door.expectListComplete();
    await readiness.open();
    await readiness.expectLevel('clock', 'green');

    // The service's clock an hour ahead: this device's is an hour behind it.
    await faults(baseURL!, { date_offset: { ms: 3_600_000 } });
    await readiness.expectLevel('clock', 'red');
    await expect(readiness.item('clock')).toContainText('1 h 0 min behind the service’s');
    await expect(readiness.item('clock')).toContainText('set the date and time to automatic');
    await expect(readiness.panel().getByTestId('readiness-summary')).toContainText('Not ready');
    await scanWhileNotReady(page, door, ticket!, 'scanner');

    // Read by a screen reader as well as seen: levels in words beside their colours.
    await settled(page);
    const { violations } = await axeOn(page)
      .include('[data-testid="door-status"]')
      .include('#readiness-panel')
      .analyze();
    expect(seriousViolations(violations)).toEqual([]);

    await page.evaluate(() => document.fonts.ready);
    await shot(page, 'panel-clock-red');
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot(page, 'panel-clock-red');

    await faults(baseURL!, null);
    await readiness.expectLevel('clock', 'green');
    await expect(readiness.item('clock')).toContainText('Within a minute of the service’s clock');
    await expect(readiness.pill()).not.toHaveAttribute('data-level', 'red');
  });
});

test.describe('ready before doors open, with a new version waiting', () => {
  let server: RunningServer;
  let dist: string;

  test.beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'readiness-dist-'));
    // The build the run serves (DIST_DIR, as the suite's own servers take it), copied: this
    // journey changes its service worker.
    await cp(process.env.DIST_DIR ?? 'dist', dist, { recursive: true });
    const data = await mkdtemp(join(tmpdir(), 'readiness-data-'));
    server = await startServer({ DIST_DIR: dist, MOCK_DATA_DIR: data, MOCK_SEED: 'demo' });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  test('a waiting update is red until it is applied', async ({ page }) => {
    const shell = new ShellPage(page);
    const door = new DoorPage(page);
    const readiness = new ReadinessPage(page);
    await keepVerdicts(page);
    await door.nameDevice('Update door');
    await page.goto(`${server.url}/`);
    await page.getByLabel('Check-in list slug or address').fill(MAIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await door.expectScanScreen();
    await door.expectListComplete();
    await shell.waitForServiceWorkerControl();
    await door.expectScanScreen();
    await readiness.open();
    await readiness.expectLevel('app-version', 'green');

    const sw = join(dist, 'sw.js');
    await writeFile(sw, `${await readFile(sw, 'utf8')}\n// version 2\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(shell.updateButton()).toBeVisible();
    await readiness.expectLevel('app-version', 'red');
    await expect(readiness.item('app-version')).toContainText('A new version is waiting');
    await expect(readiness.pill()).toHaveAttribute('data-level', 'red');
    const [ticket] = await new CheckinService(server.url).freshLoneTickets(MAIN_LIST, 1);
    await scanWhileNotReady(page, door, ticket!, 'scanner');

    const reloaded = page.waitForEvent('load');
    await shell.updateButton().click();
    await reloaded;
    await door.expectScanScreen();
    await readiness.open();
    await readiness.expectLevel('app-version', 'green');
    await expect(readiness.item('app-version')).toContainText('No new version waiting');
  });
});
