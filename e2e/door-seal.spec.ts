// The door's seal as staff meet it: the passcode chosen before the first list (its mistakes
// refused in words), typed after a start (a wrong one refused), "Forgot the passcode?" with
// check-ins still unsent, and an address where nothing can be sealed. Each screen is looked at
// on a phone and a laptop, dark and light, and checked with axe. These journeys answer the
// passcode screens themselves, so they import Playwright's own test, not the sealed fixture.
import { axeOn, seriousViolations } from './fixtures/axe';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { chromiumArgs, E2E_PORT } from './fixtures/browser';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';
import { ShellPage } from './page-models/shell-page';

const SHOTS = 'e2e/.artifacts/door-seal';
const FIRST = 'correct horse battery';
const SECOND = 'staple under the kit lid';

test.use({ viewport: { width: 390, height: 844 } });

/** The screen in both themes at a phone's and a laptop's size, and axe on each theme. */
async function look(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    for (const [width, height] of [
      [390, 844],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}x${height}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    const { violations } = await axeOn(page).analyze();
    expect(seriousViolations(violations, `${name} ${theme}`)).toEqual([]);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
}

async function startJoin(page: Page) {
  await page.goto('/');
  await page.getByLabel('Join code, or check-in list slug or address').fill(MAIN_LIST);
  await page.getByRole('button', { name: 'Join list' }).click();
}

test('a new door chooses its passcode before its first list and types it after a restart', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [ticket] = await new CheckinService(baseURL!).freshLoneTickets(MAIN_LIST, 1);
  const door = new DoorPage(page);
  await door.nameDevice('Sealed front door');
  await startJoin(page);

  // Chosen once, typed twice: too short, then two that differ, are refused in words.
  const choice = page.getByTestId('passcode-choice');
  await expect(choice.getByRole('heading', { name: 'Choose this door’s passcode' })).toBeVisible();
  await expect(choice).toContainText('Staff type it each time the app starts again.');
  await expect(choice).toContainText('Keep it somewhere other than this phone');
  await expect(choice.getByLabel('Passcode', { exact: true })).toBeFocused();
  await look(page, 'passcode-choice');
  await choice.getByLabel('Passcode', { exact: true }).fill('short');
  await choice.getByLabel('Type it again', { exact: true }).fill('short');
  await choice.getByRole('button', { name: 'Choose passcode and join' }).click();
  await expect(choice.getByRole('alert')).toHaveText('Too short: use at least 8 characters.');
  await choice.getByLabel('Passcode', { exact: true }).fill(FIRST);
  await choice.getByLabel('Type it again', { exact: true }).fill(`${FIRST}!`);
  await choice.getByRole('button', { name: 'Choose passcode and join' }).click();
  await expect(choice.getByRole('alert')).toHaveText('The two differ. Type the same passcode twice.');
  await look(page, 'passcode-choice-differ');
  await choice.getByLabel('Type it again', { exact: true }).fill(FIRST);
  await choice.getByLabel('Type it again', { exact: true }).press('Enter');
  await door.expectScanScreen();
  await door.typeCode(ticket!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();

  // After a start: the list's title, one field with the focus, Enter opens; a wrong passcode
  // is refused in words and the field starts again empty.
  await page.reload();
  const unlock = page.getByTestId('unlock');
  await expect(unlock.getByRole('heading', { level: 1 })).toHaveText('Main entrance');
  await expect(unlock.getByTestId('unlock-pending')).toContainText(/Nothing is waiting to be sent|All sent/);
  const field = unlock.getByLabel('Door passcode', { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('type', 'password');
  // Marked as a code, not a password: no password manager offers to keep it (PasscodeInput.tsx).
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await look(page, 'unlock');
  await page.keyboard.type('not the passcode');
  await page.keyboard.press('Enter');
  await expect(unlock.getByRole('alert')).toHaveText(
    'That is not this door’s passcode. Try again: capital letters and spaces count.',
  );
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await look(page, 'unlock-wrong');
  await page.keyboard.type(FIRST);
  await page.keyboard.press('Enter');
  await door.expectScanScreen();
  await expect(page.getByTestId('unlock')).toHaveCount(0);

  // Started at another door screen: the unlock screen comes first, with no door screen a moment
  // before it (a search field shown then took a scanner's keys, and lost them with the screen).
  // The worker's status reports are held back here, as a busy page takes them late: the start's
  // answer must be all the page needs to know the seal.
  await page.addInitScript(() => {
    const listen = MessagePort.prototype.addEventListener;
    MessagePort.prototype.addEventListener = function (
      this: MessagePort,
      type: string,
      listener: unknown,
      options?: unknown,
    ) {
      const late =
        type === 'message' && typeof listener === 'function'
          ? (event: MessageEvent) => {
              const report = (event.data as { path?: unknown[] } | null)?.path?.[0] === 'report';
              if (report) setTimeout(() => listener.call(this, event), 400);
              else listener.call(this, event);
            }
          : listener;
      return listen.call(this, type, late as EventListener, options as AddEventListenerOptions);
    };
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { screensSeen: seen });
    new MutationObserver(() => {
      const screen = document.querySelector('[data-testid="unlock"]')
        ? 'unlock'
        : document.querySelector('input[type="search"]')
          ? 'search'
          : null;
      if (screen && seen[seen.length - 1] !== screen) seen.push(screen);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/door/search');
  await expect(unlock.getByLabel('Door passcode', { exact: true })).toBeFocused();
  await page.keyboard.type(FIRST);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox')).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { screensSeen: string[] }).screensSeen)).toEqual([
    'unlock',
    'search',
  ]);
});

test('forgot the passcode: nothing unsent is lost, then the door forgets everything and joins again', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const service = new CheckinService(baseURL!);
  const tickets = await service.freshLoneTickets(MAIN_LIST, 2);
  const door = new DoorPage(page);
  await door.nameDevice('Forgetful door');
  await startJoin(page);
  await door.passcode.choose(FIRST);
  await door.expectScanScreen();
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });
  await new ShellPage(page).waitForServiceWorkerControl();
  await door.passcode.unlockAfterStart(FIRST);

  // Offline: two admissions wait to be sent, and the app starts again, locked.
  await context.setOffline(true);
  for (const ticket of tickets) {
    await door.typeCode(ticket.reference);
    await door.expectVerdict('admitted');
    await door.nextScan();
  }
  await expect(door.pending()).toContainText('2 waiting to send');
  await page.reload();
  const unlock = page.getByTestId('unlock');
  await expect(unlock.getByTestId('unlock-pending')).toHaveText(
    '2 check-ins made here are waiting to be sent. They do not wait for the passcode. ' +
      'This phone is offline: sending goes on once it is back online.',
  );
  // The header says the same as the screen: offline; then, online on a network whose service
  // does not answer, out of reach (never "Online" beside "cannot be reached").
  const pill = page.getByTestId('connection-pill');
  await expect(pill).toHaveText('Offline');
  const unanswered = '**/checkin/**';
  await context.route(unanswered, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await context.setOffline(false);
  await expect(unlock.getByTestId('unlock-pending')).toContainText('The service cannot be reached', {
    timeout: 20_000,
  });
  await expect(pill).toHaveText('Service unreachable');
  await context.setOffline(true);
  await context.unroute(unanswered);
  await expect(pill).toHaveText('Offline');

  // Forgot: the list cannot be read, the two are still sent, and the wipe is refused while
  // they wait, unless exported first.
  await unlock.getByRole('button', { name: 'Forgot the passcode?' }).click();
  const forgot = page.getByTestId('forgot-passcode');
  await expect(forgot).toContainText('no one can get it back');
  await expect(forgot.getByTestId('forgot-unsent')).toContainText(
    '2 check-ins made here have not reached the service yet',
  );
  await expect(forgot.getByTestId('forgot-unsent')).toContainText('This phone is offline');
  await look(page, 'forgot-passcode');
  await forgot.getByRole('button', { name: 'Forget everything on this door…' }).click();
  const dialog = page.getByTestId('forget-device');
  await expect(dialog.getByTestId('forget-device-unsent')).toContainText('2 check-ins');
  await expect(dialog).toContainText('this door’s passcode: the next list joined asks for a new one');
  const anyway = dialog.getByRole('button', { name: 'Forget everything anyway' });
  await expect(anyway).toBeDisabled();
  await look(page, 'forgot-passcode-dialog');
  const exported = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export unsent as CSV' }).click();
  expect((await exported).suggestedFilename()).toMatch(/\.csv$/);
  await expect(anyway).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Online: they are sent while the door stays locked; then nothing holds the wipe back.
  await context.setOffline(false);
  await expect(forgot.getByTestId('forgot-unsent')).toHaveText(
    'Every check-in made here has reached the service.',
    { timeout: 30_000 },
  );
  for (const ticket of tickets) expect(await service.activeCheckinsOf(MAIN_LIST, ticket.id)).toBe(1);
  await forgot.getByRole('button', { name: 'Forget everything on this door…' }).click();
  await expect(dialog).toContainText('Nothing is waiting to be sent');
  await dialog.getByRole('button', { name: 'Forget everything', exact: true }).click();
  const result = page.getByTestId('forget-device-result');
  await expect(result).toContainText('nothing is left');
  await result.getByRole('button', { name: 'Start again' }).click();

  // A new door: a new passcode, and the old one opens nothing.
  // The app started afresh (the device's name comes back from this journey's start script).
  await expect(page.getByRole('button', { name: 'Join list' })).toBeVisible({ timeout: 20_000 });
  await startJoin(page);
  await door.passcode.choose(SECOND);
  await door.expectScanScreen();
  await page.reload();
  await door.passcode.type(FIRST);
  await expect(page.getByTestId('unlock').getByRole('alert')).toContainText('not this door’s passcode');
  await door.passcode.unlock(SECOND);
  await door.expectScanScreen();
});

test('on an address that is not secure the door keeps no list and says how to reach it over https', async () => {
  // A name that is not localhost, over plain http: no secure context, so no WebCrypto.
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--host-resolver-rules=MAP door.test 127.0.0.1'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`http://door.test:${E2E_PORT}/`);
    const screen = page.getByTestId('seal-unavailable');
    await expect(screen.getByRole('heading', { name: 'This address is not secure' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(screen).toContainText(`http://door.test:${E2E_PORT}`);
    await expect(screen).toContainText('https://');
    await expect(screen).toContainText('TLS_CERT_FILE');
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toHaveCount(0);
    await look(page, 'seal-unavailable');
  } finally {
    await browser.close();
  }
});
