// A door whose worker cannot load its code (a chunk the browser's cache lost while offline, one
// the server no longer has) answers nothing: it says so, keeps what it holds, and a reload that
// can load the code again opens the door as before. Before, it showed "Opening the list…" for
// ever. The engine's chunk is refused by a route (service workers blocked, so every request
// meets it), once before the app's own code has arrived (the worker started by the page's first
// module) and once after (the worker made when staff open the door from the settings). An
// organiser's check-in report, which asks the door's worker for door names, still downloads.
import { readFileSync } from 'node:fs';
import { adminCall, eventWithReleases } from './fixtures/admin-event';
import { axeOn, seriousViolations } from './fixtures/axe';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { expect, type Page, test } from './fixtures/sealed';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';
import { OrganiserPage } from './page-models/organiser-page';

const ENGINE_CHUNK = /\/assets\/engine-main-[^/]*\.js$/;
const APP_CHUNK = /\/assets\/app-main-[^/]*\.js$/;
const SHOTS = 'e2e/.artifacts/door-unavailable';

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

async function expectUnavailable(page: Page, shot: string) {
  const screen = page.getByTestId('door-unavailable');
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText('This door cannot start');
  await expect(screen).toContainText('Nothing recorded on this device is lost.');
  await expect(page.getByText('Opening the list…')).toHaveCount(0);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${shot}-${size.width}x${size.height}.png` });
  }
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations)).toEqual([]);
}

test('a worker that fails before the app has loaded: the door says so, and a reload starts it', async ({
  page,
}) => {
  await page.route(ENGINE_CHUNK, (route) => route.abort());
  // The app's code waits until the early worker has failed, so its error came before anyone
  // listened for it in the app's own code.
  const workerFailed = page.waitForEvent('pageerror', (error) => ENGINE_CHUNK.test(error.message.trim()));
  await page.route(APP_CHUNK, async (route) => {
    await workerFailed;
    await route.continue();
  });
  await page.goto('/');
  await expectUnavailable(page, 'early');

  await page.unroute(ENGINE_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('door-unavailable')).toHaveCount(0);
});

test('a joined door whose worker fails later keeps its unsent check-in and sends it once it starts', async ({
  page,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  const [ticket] = await service.freshTickets(MAIN_LIST, 1);
  const door = new DoorPage(page);
  await door.nameDevice('Side door');
  await door.joinByTyping(MAIN_LIST);
  await door.expectListComplete();
  // Its check-in cannot be sent yet: it waits on the device.
  const sends = `**/checkin_lists/${MAIN_LIST}/checkins`;
  await page.route(sends, (route) => route.abort());
  await door.typeCode(ticket!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(door.pending()).toContainText('1 waiting to send');

  // Settings start no worker; the door opened from there makes one, which cannot load.
  await page.route(ENGINE_CHUNK, (route) => route.abort());
  await page.goto('/settings');
  await page.getByRole('navigation').getByRole('link', { name: 'Door' }).click();
  await expectUnavailable(page, 'later');

  await page.unroute(ENGINE_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await door.expectScanScreen();
  await expect(door.pending()).toContainText('1 waiting to send');
  await page.unroute(sends);
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, ticket!.id)).toBe(1);
});

test("the check-in report downloads without door names when the door's worker cannot load", async ({
  page,
  baseURL,
}) => {
  const call = adminCall(baseURL!);
  const { event, releases } = await eventWithReleases(call, 'Report night', ['Standard']);
  const list = String(
    (
      await call('POST', `${event}/checkin_lists`, {
        checkin_list: { title: 'Main door', release_ids: Object.values(releases) },
      })
    ).checkin_list!.slug,
  );
  await new OrganiserPage(page).connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
  await page.route(ENGINE_CHUNK, (route) => route.abort());
  await page.goto(`/organiser/events/demo/${event}/checkin_lists/${list}`);
  await page.getByRole('link', { name: 'Arrivals, live' }).click();
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText('0');
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 20_000 }),
    page.getByRole('button', { name: 'Check-in report (CSV)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^checkin-report-Main-door-/);
  expect(readFileSync(await file.path(), 'utf8').startsWith('\uFEFF"Checked in at"')).toBe(true);
  await expect(page.getByRole('button', { name: 'Check-in report (CSV)' })).toBeEnabled();
});
