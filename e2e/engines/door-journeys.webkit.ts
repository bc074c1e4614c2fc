// The door's core journeys on WebKit (WebKitGTK's MiniBrowser over classic WebDriver), chained
// in one session: the same chain as door-journeys.spec.ts on Chromium and Firefox. WebKit has
// no network emulation here, so the app is served through a TCP relay that the test closes to
// make the server unreachable. Screenshots go to e2e/.artifacts/engines/webkit/. The door's
// list is sealed: WebDriver has no locator handlers, so the passcode is chosen at the join and
// typed after each load of the app as steps of the journey (WebKitScreen).
import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_PORT } from '../fixtures/browser';
import { qrDataUrl, showOnCamera } from '../fixtures/canvas-camera';
import { type ListedResult, personFirst, searchResultsOnPage } from '../fixtures/search-results';
import { type Relay, setViewport, startRelay, test } from '../fixtures/webkit';
import { CheckinService, MAIN_LIST } from '../page-models/door-page';
import { WebKitScreen } from '../page-models/webkit-screen';
import { SETTLED_PENDING } from '../page-models/status-line';

const SHOTS = 'e2e/.artifacts/engines/webkit';
// On the demo list: several tickets, some in orders bought by someone else.
const SEARCHED_NAME = 'Niamh Ito';
const PASSCODE = 'engine journeys passcode';
const service = new CheckinService(`http://127.0.0.1:${E2E_PORT}`);
let relay: Relay;

test.beforeAll(async () => {
  relay = await startRelay(E2E_PORT);
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await relay.cut();
});

test('door journeys on WebKit: join, wedge scans, search, server unreachable, camera, kiosk, forget', async ({
  wk,
}) => {
  test.setTimeout(180_000);
  const origin = `http://127.0.0.1:${relay.port}`;
  const [wedge, elsewhere, searched, away1, away2, shown, local] = await service.freshTickets(MAIN_LIST, 7);
  if (!shown || !local) throw new Error('the demo seed lacks fresh tickets');
  await service.checkInElsewhere(MAIN_LIST, elsewhere!.id);

  /** Text of the first match in the page, or '' when there is none. */
  const text = (selector: string) =>
    wk.execute((s: string) => document.querySelector(s)?.textContent ?? '', selector) as Promise<string>;
  const count = (selector: string) =>
    wk.execute((s: string) => document.querySelectorAll(s).length, selector) as Promise<number>;
  const verdict = () =>
    wk.execute(
      () => document.querySelector('[data-testid="verdict"]')?.getAttribute('data-verdict') ?? null,
    ) as Promise<string | null>;
  const click = async (selector: string) => {
    const element = await wk.$(selector);
    await element.waitForDisplayed({ timeout: 15_000 });
    // WebDriver scrolls the target to the bottom edge, under the fixed status bar.
    await wk.execute((e: HTMLElement) => e.scrollIntoView({ block: 'center' }), element);
    await element.click();
  };
  /** Search, Stats, Lists and Kiosk mode sit in the scan screen's menu. */
  const fromMenu = async (link: string) => {
    await click('[data-testid="scan-menu"] > summary');
    await click(link);
  };
  const type = async (selector: string, value: string, enter = true) => {
    const element = await wk.$(selector);
    // Under a phone's camera the search field is a tap away; a scan screen just shown (a list
    // opening as the door is unlocked) may still be finding out whether there is a camera, and
    // shows neither the field nor the tap until it knows: look again until the field is in view.
    if (selector === 'aria/Ticket code, reference or name')
      await expect
        .poll(
          async () => {
            if (await element.isDisplayed()) return true;
            const search = await wk.$('[data-testid="scan-controls"] button[aria-expanded]');
            if (await search.isDisplayed()) await search.click();
            return element.isDisplayed();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    await element.waitForDisplayed({ timeout: 15_000 });
    await element.setValue(value);
    if (enter) await element.addValue('\uE007');
  };
  const shot = async (name: string) => {
    for (const [width, height] of [
      [390, 844],
      [1024, 768],
    ] as const) {
      await setViewport(wk, width, height);
      await wk.saveScreenshot(`${SHOTS}/${name}-${width}x${height}.png`);
    }
    await setViewport(wk, 390, 844);
  };
  const expectScanScreen = () =>
    expect.poll(() => count('[data-testid="door-status"]'), { timeout: 20_000 }).toBe(1);
  const expectVerdict = (kind: string) => expect.poll(verdict, { timeout: 10_000 }).toBe(kind);
  const nextScan = async () => {
    await click('button=Next scan');
    await expect.poll(() => count('[data-testid="verdict"]')).toBe(0);
  };
  /** A keyboard-wedge scanner: the code's keys and Enter, dispatched in the page as with Chromium. */
  const wedgeScan = (code: string) =>
    wk.execute((value: string) => {
      const target = document.activeElement ?? document.body;
      for (const key of [...value, 'Enter']) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }, code);
  const pending = () => text(SETTLED_PENDING);
  // Short polls, not one long wait on `ready`: WebKit's script timeout is 30 s, and a busy
  // machine once took longer to activate the worker.
  const serviceWorkerActive = () =>
    expect
      .poll(
        () =>
          wk.execute(() =>
            navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.active)),
          ),
        { timeout: 90_000 },
      )
      .toBe(true);
  // The passcode's steps, as a person at this screen takes them.
  const door = new WebKitScreen(wk, origin, `${SHOTS}/door`);

  await setViewport(wk, 390, 844);
  await wk.url(`${origin}/`);
  // A fresh profile: name the device, and keep verdicts up until "Next scan".
  await wk.execute(() =>
    localStorage.setItem(
      'venue-checkin.settings',
      JSON.stringify({ deviceName: 'webkit door', sounds: false, autoReturnSeconds: 0 }),
    ),
  );
  // The service worker installed before the reload: a reload while it was still caching the app
  // once left WebKit's driver waiting on the navigation for its whole two minutes.
  await serviceWorkerActive();
  await wk.refresh();

  // Join by address.
  await (await wk.$('button=Join list')).waitForDisplayed({ timeout: 15_000 });
  await shot('join');
  await type('aria/Join code, or check-in list slug or address', `${origin}/checkin_lists/${MAIN_LIST}`);
  await door.choosePasscode(PASSCODE);
  await expectScanScreen();
  await expect.poll(() => text('[data-testid="last-sync"]'), { timeout: 20_000 }).toContain('Synced');
  await shot('scan');

  // A wedge scan admits; the same ticket again is calm; one admitted at another door warns.
  await wedgeScan(wedge!.slug);
  await expectVerdict('admitted');
  await shot('admitted');
  await nextScan();
  await wedgeScan(wedge!.slug);
  await expectVerdict('just-admitted');
  expect(await text('[data-testid="verdict"]')).toContain('Admitted here');
  await nextScan();
  await wedgeScan(elsewhere!.slug);
  await expectVerdict('already-checked-in');
  await shot('already-checked-in');
  await nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, wedge!.id), { timeout: 15_000 }).toBe(1);

  // Search and admit.
  await fromMenu('a=Search');
  await type('aria/Name, email, company or reference', searched!.reference, false);
  await click(`a*=${searched!.reference}`);
  await click('button=Check in');
  await expectVerdict('admitted');
  expect(await text('[data-testid="verdict"]')).toContain(searched!.reference);
  await nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, searched!.id), { timeout: 15_000 }).toBe(1);

  // Search by a person's name: their tickets first, in view, before any order holding one.
  await wk.url(`${origin}/door/search`);
  await door.unlockAfterStart(PASSCODE);
  await type('aria/Name, email, company or reference', SEARCHED_NAME, false);
  await expect
    .poll(async () => personFirst((await wk.execute(searchResultsOnPage)) as ListedResult[], SEARCHED_NAME), {
      message: `${SEARCHED_NAME}'s tickets first, on screen, before any order`,
    })
    .toBe(true);
  await shot('search-name');

  // The server unreachable: admitted here, kept across a restart from the service worker, the
  // list sealed meanwhile and opened again only with the passcode, sent once.
  await wk.url(`${origin}/`);
  await door.unlockAfterStart(PASSCODE);
  await expectScanScreen();
  await serviceWorkerActive();
  if (!(await wk.execute(() => Boolean(navigator.serviceWorker.controller)))) await wk.refresh();
  await expect.poll(() => wk.execute(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await door.unlockAfterStart(PASSCODE);
  await expectScanScreen();
  await relay.cut();
  for (const ticket of [away1!, away2!]) {
    await type('aria/Ticket code, reference or name', ticket.reference);
    await expectVerdict('admitted');
    await nextScan();
  }
  await expect.poll(pending).toContain('2 waiting to send');
  await wk.refresh();
  await expect
    .poll(() => text('[data-testid="unlock-pending"]'), { timeout: 20_000 })
    .toContain('2 check-ins made here are waiting to be sent');
  await door.typePasscode('not this door’s passcode');
  await expect
    .poll(() => text('[data-testid="unlock"] [role="alert"]'))
    .toContain('That is not this door’s passcode');
  await shot('unlock-wrong');
  await door.unlock(PASSCODE);
  await expectScanScreen();
  await expect.poll(pending).toContain('2 waiting to send');
  // Unreachable and just unlocked: a verdict from the local copy, and a search by name.
  await type('aria/Ticket code, reference or name', local.reference);
  await expectVerdict('admitted');
  await nextScan();
  await fromMenu('a=Search');
  await type('aria/Name, email, company or reference', SEARCHED_NAME, false);
  await expect
    .poll(async () => personFirst((await wk.execute(searchResultsOnPage)) as ListedResult[], SEARCHED_NAME))
    .toBe(true);
  await click('a=Back');
  await expectScanScreen();
  await shot('unreachable');
  await relay.restore();
  await expect.poll(pending, { timeout: 45_000 }).toContain('All sent');
  for (const ticket of [away1!, away2!, local])
    expect(await service.activeCheckinsOf(MAIN_LIST, ticket.id)).toBe(1);

  // The camera showing a ticket's QR code: the scan screen's camera opens again after a visit to search.
  // Put in front of the camera only on Search, where no camera runs (see door-journeys.spec.ts).
  await fromMenu('a=Search');
  await (await wk.$('a=Back')).waitForDisplayed({ timeout: 15_000 });
  await wk.execute(showOnCamera, await qrDataUrl(shown.slug));
  await click('a=Back');
  await expectVerdict('admitted');
  expect(await text('[data-testid="verdict"]')).toContain(shown.reference);
  await shot('camera-admitted');
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, shown.id), { timeout: 15_000 }).toBe(1);

  // Kiosk: enter, and leave only with the PIN (a fresh load: the canvas camera is gone).
  await wk.url(`${origin}/settings`);
  await type('aria/Kiosk PIN (4 to 8 digits)', '2468', false);
  await click('button=Save PIN');
  await expect.poll(() => wk.execute(() => document.body.innerText)).toContain('Kiosk PIN saved.');
  await shot('settings');
  await wk.url(`${origin}/`);
  await door.unlockAfterStart(PASSCODE);
  await fromMenu('a=Kiosk mode');
  await expect.poll(() => text('[data-testid="kiosk-message"]')).toContain('Scan your ticket');
  expect(await count('nav[aria-label="Main"]')).toBe(0);
  await wk.execute(() => (document.fullscreenElement ? document.exitFullscreen() : undefined));
  await shot('kiosk');
  await click('button=Exit kiosk');
  for (const digit of '2468') await click(`button=${digit}`);
  await click('button=Unlock');
  await expect.poll(() => count('[data-testid="kiosk"]')).toBe(0);
  await expectScanScreen();

  // Forget the list, confirmed.
  await fromMenu('a=Lists');
  const title = await text('.list-entry strong');
  await click(`aria/Forget ${title}`);
  await expect.poll(() => text('dialog[open]')).toContain('Nothing is waiting to be sent');
  await shot('forget');
  await click('button=Forget list');
  await expect.poll(() => text('[data-testid="lists-message"]')).toContain(`Forgot ${title}`);
  expect(await count('.list-entry')).toBe(0);
});
