import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { axeOn, seriousViolations } from './fixtures/axe';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from './fixtures/sealed';
import { chromiumArgs, fakeCameraArgs } from './fixtures/browser';
import { readDoorDatabase } from './fixtures/door-database';
import { expectOnScreen } from './fixtures/on-screen';
import { VIDEO_DIR } from './fixtures/qr-video';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';

// The scan screen, camera first: on phones in portrait the camera's picture takes at
// least 60 % of the screen's height, on landscape tablets at least 70 %; every control is on
// screen and uncovered, and axe finds nothing serious, in both themes, in German and in Arabic.
// One join for every size; size, theme and language change in place (settings, then a reload).
const SIZES = [
  { width: 360, height: 640, least: 0.6 },
  { width: 390, height: 844, least: 0.6 },
  { width: 768, height: 1024, least: 0.6 },
  { width: 1024, height: 768, least: 0.7 },
  { width: 1280, height: 800, least: 0.7 },
];
// Both themes, in German (the longest words) and in Arabic (right to left): a join in English
// first, then each look in place.
const LOOKS = [
  { theme: 'light', language: 'de' },
  { theme: 'dark', language: 'ar' },
] as const;
const SETTINGS = 'venue-checkin.settings';

async function shot(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  await page
    .screenshot({ path: `e2e/.artifacts/scan-screen/${width}x${height}/${name}.png` })
    .catch((error: Error) => {
      test.info().annotations.push({ type: 'screenshot missing', description: `${name}: ${error.message}` });
    });
}

/** The share of the viewport's height the camera's picture covers. */
async function cameraShare(page: Page): Promise<number> {
  const box = await page.locator('.scan .camera__video').boundingBox();
  expect(box, 'camera picture').not.toBeNull();
  const { height } = page.viewportSize()!;
  const top = Math.max(0, box!.y);
  const bottom = Math.min(height, box!.y + box!.height);
  return (bottom - top) / height;
}

async function expectNoSeriousAxe(page: Page, what: string) {
  const { violations } = await axeOn(page).exclude('.camera__video').analyze();
  expect(seriousViolations(violations, `${what}`)).toEqual([]);
}

let video: string;
let browser: Browser;

test.beforeAll(async () => {
  mkdirSync(VIDEO_DIR, { recursive: true });
  video = join(VIDEO_DIR, 'grey.y4m');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=640x480:d=2:r=10',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

// One device joined once; each size in turn (the viewport resized in place), each look loaded
// afresh at that size by its reload.
test('the camera fills every size, controls in reach', async ({ baseURL }) => {
  test.setTimeout(360_000);
  const context = await browser.newContext({ baseURL, viewport: SIZES[0] });
  await context.addInitScript((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, sounds: false, autoReturnSeconds: 0 }));
  }, SETTINGS);
  // Storage 95 % full: the status line carries its attention chip in every look, the case
  // where a phone's picture has least room (a chip wrapped onto its own row once took the
  // camera below 60 % at 360x640).
  await context.addInitScript(() => {
    const storage = navigator.storage;
    if (storage) storage.estimate = async () => ({ usage: 95 * 2 ** 20, quota: 100 * 2 ** 20 });
  });
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice('Scan screen');
  await door.joinByTyping(MAIN_LIST);
  await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 30_000 });
  // The camera used is saved once its first picture is read: waited for, so the looks written
  // below go in after it (a save keeps what is stored, src/state/settings.ts; the wait keeps
  // this test's order fixed whatever that save finds).
  await expect
    .poll(
      () =>
        page.evaluate(
          (key) => JSON.parse(localStorage.getItem(key) ?? '{}').cameraDeviceId ?? null,
          SETTINGS,
        ),
      { timeout: 20_000 },
    )
    .not.toBeNull();

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const at = `${size.width}x${size.height}`;
    for (const look of LOOKS) {
      await page.evaluate(
        ({ key, look }) => {
          const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
          localStorage.setItem(key, JSON.stringify({ ...saved, ...look }));
        },
        { key: SETTINGS, look },
      );
      await page.reload();
      const name = `${at} ${look.theme}-${look.language}`;
      await expect(page.locator('html')).toHaveAttribute('lang', look.language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
      // The fake camera can take over ten seconds to start on two shared cores.
      await expect(page.locator('.scan .camera')).toHaveAttribute('data-phase', 'running', {
        timeout: 20_000,
      });
      await shot(page, `scan-${look.theme}-${look.language}`);

      const share = await cameraShare(page);
      console.log(`camera share ${name}: ${share.toFixed(3)}`);
      expect(share, `${name}: the camera's share of the height`).toBeGreaterThanOrEqual(size.least);

      // The status line, its chip (if any) and every control: inside the viewport, uncovered.
      await expectOnScreen(page, page.getByTestId('door-status'), `${name} status line`);
      await expectOnScreen(
        page,
        page.getByTestId('scan-controls').locator('button, summary, input').filter({ visible: true }),
        `${name} control`,
      );
      // The list's name over the picture's top (it lets taps through to the camera).
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 });
      await expectNoSeriousAxe(page, name);
    }

    // Exit mode: a violet frame, the banner over the picture, the controls where they were.
    const controls = page.getByTestId('scan-controls');
    await controls.locator('.mode-switch__option--exit').click();
    await expect(page.getByTestId('exit-mode')).toBeVisible();
    await expect(page.locator('.scan__stage .camera')).toHaveCSS('outline-color', 'rgb(124, 58, 237)');
    expect(await cameraShare(page), `${at} exit mode: the camera's share`).toBeGreaterThanOrEqual(size.least);
    await expectOnScreen(
      page,
      controls.locator('button, summary, input').filter({ visible: true }),
      `${at} exit mode control`,
    );
    await shot(page, 'scan-exit');
    await controls.locator('.mode-switch__option--entry').click();
    await expect(page.getByTestId('exit-mode')).toHaveCount(0);

    // The menu: one tap away, its links on screen, Escape closes it.
    await controls.locator('summary').click();
    const menu = page.getByTestId('scan-menu');
    await expectOnScreen(page, menu.getByRole('link'), `${at} menu link`);
    await shot(page, 'scan-menu');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(controls.locator('summary')).toBeFocused();
  }
  await context.close();
});

test('without a camera the screen is ready for a hand scanner, the search field in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, sounds: false, autoReturnSeconds: 0 }));
  }, SETTINGS);
  const door = new DoorPage(page);
  await door.nameDevice('Desk');
  await door.joinByTyping(MAIN_LIST);
  await expect(page.locator('.scan .camera')).toHaveAttribute('data-phase', 'failed');
  await expect(page.getByTestId('scanner-ready')).toContainText('Ready for the scanner');
  const field = page.getByLabel('Ticket code, reference or name');
  await expectOnScreen(page, field, 'search field');
  // What staff can reach: the closed menu's own buttons are not shown until it opens.
  await expectOnScreen(
    page,
    page.getByTestId('scan-controls').locator('button, summary, input').filter({ visible: true }),
    'control',
  );
  // No button to open a field that is already open.
  await expect(page.getByTestId('scan-controls').getByRole('button', { name: 'Search' })).toHaveCount(0);
  await shot(page, 'scan-no-camera');
});

/**
 * A door joined in one tab and the same door in a second tab, its own engine and index over the
 * same stored copy: a fresh guest found by search there (the whole list loaded in its index) and
 * their ticket on screen.
 */
async function twoTabsWithAGuest(context: BrowserContext, baseURL: string, deviceName: string) {
  const service = new CheckinService(baseURL);
  const [guest] = await service.freshLoneTickets(MAIN_LIST, 1);
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice(deviceName);
  await door.joinByTyping(MAIN_LIST);
  await door.expectListComplete();
  const other = await context.newPage();
  const otherDoor = new DoorPage(other);
  await otherDoor.search(guest!.reference);
  await other.getByRole('link', { name: new RegExp(guest!.reference) }).click();
  await expect(other.getByRole('button', { name: 'Check in' })).toBeVisible();
  return { service, guest: guest!, page, door, other, otherDoor };
}

test('a guest admitted in one tab is not admitted again in another', async ({ context, baseURL }) => {
  const { service, guest, door, other, otherDoor } = await twoTabsWithAGuest(
    context,
    baseURL!,
    'Two tabs admit',
  );

  // Offline, neither tab hears of the other's check-ins from the service: only the stored copy.
  await context.setOffline(true);
  await door.typeCode(guest.slug);
  await door.expectVerdict('admitted');
  // The second tab's index never heard of it: its write finds the check-in stored, and the
  // ticket is judged again.
  await other.getByRole('button', { name: 'Check in' }).click();
  await otherDoor.expectVerdict('just-admitted');
  // One check-in stored on the device (the second tab wrote none), and one on the service.
  const { rows } = await other.evaluate(readDoorDatabase, { rowsOf: ['checkins'] });
  const stored = (rows.checkins as { listSlug: string; ticketId: number }[]).filter(
    (row) => row.listSlug === MAIN_LIST && row.ticketId === guest.id,
  );
  expect(stored).toHaveLength(1);
  await context.setOffline(false);
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, guest.id), { timeout: 20_000 }).toBe(1);
});

test('a guest who left through one tab is admitted again in another', async ({ context, baseURL }) => {
  const { service, guest, page, door, other, otherDoor } = await twoTabsWithAGuest(
    context,
    baseURL!,
    'Two tabs exit',
  );

  // Offline: neither tab hears of the other's exits from the service, only the stored copy.
  // Each tab is brought to the front before it is used: a verdict's entrance waits for frames a
  // page behind another does not draw.
  await context.setOffline(true);
  await page.bringToFront();
  await door.typeCode(guest.slug);
  await door.expectVerdict('admitted');
  await door.nextScan();
  // The second tab learns of the admission (its write finds it stored) and holds the guest in.
  await other.bringToFront();
  await other.getByRole('button', { name: 'Check in' }).click();
  await otherDoor.expectVerdict('just-admitted');
  await otherDoor.nextScan();
  // The guest leaves through the first tab.
  await page.bringToFront();
  await door.typeCode(guest.slug);
  await door.expectVerdict('just-admitted');
  await door.verdict().getByRole('button', { name: 'Record exit' }).click();
  await door.expectVerdict('exit-recorded');
  // Back at the second tab, which was told nothing: the stored exit lets the guest in again.
  await other.bringToFront();
  await other.getByRole('button', { name: /^Check in/ }).click();
  await otherDoor.expectVerdict('admitted');
  const { rows } = await other.evaluate(readDoorDatabase, { rowsOf: ['checkins'] });
  const stored = (rows.checkins as { listSlug: string; ticketId: number; deletedAt: number | null }[]).filter(
    (row) => row.listSlug === MAIN_LIST && row.ticketId === guest.id,
  );
  expect(stored.map((row) => row.deletedAt === null).sort()).toEqual([false, true]);
  await context.setOffline(false);
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, guest.id), { timeout: 20_000 }).toBe(1);
});

test('two tabs of one door keep what each other chose', async ({ context }) => {
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice('Two tabs');
  await door.joinByTyping(MAIN_LIST);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The light theme chosen in a second tab reaches the scan screen in the first, unreloaded.
  const other = await context.newPage();
  await other.goto('/settings');
  await other.getByLabel('Light (for sunlight)').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Exit mode chosen in the first tab is saved beside the light theme, not over it.
  await page.getByTestId('scan-controls').locator('.mode-switch__option--exit').click();
  await expect(page.getByTestId('exit-mode')).toBeVisible();
  // Another tab's copy of the storage hears of a write a moment later (Chromium sends it on
  // between processes): read until it has, as a person switching tabs would.
  await expect
    .poll(() => other.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), SETTINGS))
    .toMatchObject({ theme: 'light', doorMode: 'exit' });
  await other.reload();
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(other.getByLabel('Light (for sunlight)')).toBeChecked();
});
