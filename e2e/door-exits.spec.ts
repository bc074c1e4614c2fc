import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeOn } from './fixtures/axe';
import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { phoneWithCamera } from './fixtures/browser';
import { makeQrVideo } from './fixtures/qr-video';
import { countVerdicts, verdictsSeen } from './fixtures/verdicts-seen';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';

// Exits, re-entry and people inside, on the production build against the real Node server:
// what the door shows, and what the service itself then holds.

const SIZES = [
  [390, 844],
  [1024, 768],
] as const;

// Verdicts stay until "Next scan": the journey reads each one. Its doors sync every 5 s, the
// shortest the settings offer: what other doors did is counted here at the next sync, and the
// journey waits for three of them.
const exitDoor = (context: BrowserContext, name: string) =>
  joinedDoor(context, name, { autoReturnSeconds: 0, syncIntervalSeconds: 5 });

const insideNow = (page: Page) => page.getByTestId('inside-now').locator('strong');

async function readInside(page: Page): Promise<number> {
  return Number(await insideNow(page).textContent());
}

/** Screenshots in both themes at a phone's and a tablet's size, for people to look at. */
async function shots(page: Page, name: string, fullPage = false) {
  const size = page.viewportSize();
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      await page
        .screenshot({ path: `e2e/.artifacts/door-exits/${name}-${theme}-${width}x${height}.png`, fullPage })
        .catch((error: Error) =>
          test
            .info()
            .annotations.push({ type: 'screenshot missing', description: `${name}: ${error.message}` }),
        );
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  if (size) await page.setViewportSize(size);
}

async function expectNoSeriousAxeViolation(page: Page) {
  const { violations } = await axeOn(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

async function setMode(page: Page, mode: 'Entry' | 'Exit') {
  const option = page.getByTestId('door-mode').getByRole('button', { name: mode, exact: true });
  await option.click();
  await expect(option).toHaveAttribute('aria-pressed', 'true');
}

test('exit, re-entry and inside now: the service holds each step, and other doors are counted', async ({
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const service = new CheckinService(baseURL!);
  const [guest, other] = await service.freshTickets(MAIN_LIST, 2);
  if (!guest || !other) throw new Error('the demo seed lacks fresh tickets');
  const { page, door } = await exitDoor(context, 'Exit door');
  const before = await readInside(page);

  // In: an ordinary admission.
  await expect(page.getByTestId('exit-mode')).toHaveCount(0);
  await door.typeCode(guest.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before + 1));
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, guest.id)).toBe(1);

  // Out: exit mode is unmistakable, and a scan records the exit.
  await setMode(page, 'Exit');
  await expect(page.getByTestId('exit-mode')).toContainText('Exit mode');
  await expectNoSeriousAxeViolation(page);
  await shots(page, 'scan-exit-mode');
  await door.typeCode(guest.slug);
  await door.expectVerdict('exit-recorded');
  await expect(door.verdict()).toContainText('Exit recorded');
  await expect(door.verdict()).toContainText(guest.first_name!);
  await expect(page.getByTestId('verdict-exit-tag')).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await shots(page, 'verdict-exit-recorded');
  await door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before));
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  // On the service: the check-in is deleted (the only way its API marks someone not inside).
  let held = (await service.checkins(MAIN_LIST)).filter((c) => c.ticket_id === guest.id);
  expect(held).toHaveLength(1);
  expect(held[0]!.deleted_at).not.toBeNull();

  // The same ticket again in exit mode: not inside, nothing sent.
  await door.typeCode(guest.slug);
  await door.expectVerdict('not-inside');
  await expect(door.verdict()).toContainText('nothing was sent');
  await shots(page, 'verdict-not-inside');
  await door.nextScan();
  await expect(door.pending()).toContainText('All sent');

  // Back in: re-entry is a new check-in, welcomed back with the time the guest left.
  await setMode(page, 'Entry');
  await expect(page.getByTestId('exit-mode')).toHaveCount(0);
  await door.typeCode(guest.reference);
  await door.expectVerdict('admitted');
  await expect(door.verdict()).toContainText('Welcome back');
  await expect(page.getByTestId('verdict-detail')).toContainText('Re-entry: left at');
  await shots(page, 'verdict-welcome-back');
  await door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before + 1));
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  held = (await service.checkins(MAIN_LIST)).filter((c) => c.ticket_id === guest.id);
  expect(held).toHaveLength(2);
  expect(held.filter((c) => c.deleted_at === null)).toHaveLength(1);

  // Another door admits someone: counted here after a sync.
  await service.checkInElsewhere(MAIN_LIST, other.id);
  await expect(insideNow(page)).toHaveText(String(before + 2), { timeout: 30_000 });

  // An exit taken from a verdict of a ticket inside.
  await door.typeCode(other.reference);
  await door.expectVerdict('already-checked-in');
  await door.verdict().getByRole('button', { name: 'Record exit' }).click();
  await door.expectVerdict('exit-recorded');
  await door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before + 1));
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, other.id)).toBe(0);

  // Offline: the exit is recorded at once and sent once the network is back.
  await context.setOffline(true);
  await expect(page.getByTestId('connection')).toContainText('Offline');
  await setMode(page, 'Exit');
  await door.typeCode(guest.reference);
  await door.expectVerdict('exit-recorded');
  await door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before));
  await expect(door.pending()).toContainText('1 waiting to send');
  await context.setOffline(false);
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, guest.id)).toBe(0);

  // The ticket screen: its history tells exits from undos, and takes an exit while inside.
  await page.goto(`/door/tickets/${guest.id}`);
  const history = page.locator('.history');
  await expect(history.locator('li')).toHaveCount(2);
  await expect(history.locator('li').filter({ hasText: ' · left ' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await door.expectVerdict('admitted');
  await expect(door.verdict()).toContainText('Welcome back');
  await door.nextScan();
  await expect(page.getByTestId('ticket-inside')).toBeVisible();
  await shots(page, 'ticket-inside', true);
  await page.getByRole('button', { name: 'Record exit' }).click();
  await door.expectVerdict('exit-recorded');
  await door.nextScan();
  await expect(page.getByTestId('ticket-inside')).toHaveCount(0);
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, guest.id)).toBe(0);

  // A second device: its admission and its exit reach this one's "inside now" through sync; to
  // it, this device's exits are deleted check-ins from another door.
  const south = await exitDoor(await browser.newContext(), 'South door');
  await south.door.typeCode(guest.reference);
  await south.door.expectVerdict('admitted');
  await expect(south.page.getByTestId('verdict-detail')).toContainText('checked out at another door');
  await south.door.nextScan();
  await page.goto('/');
  await door.expectScanScreen();
  await expect(insideNow(page)).toHaveText(String(before + 1), { timeout: 30_000 });
  await setMode(south.page, 'Exit');
  await south.door.typeCode(guest.reference);
  await south.door.expectVerdict('exit-recorded');
  await south.door.nextScan();
  await expect(insideNow(page)).toHaveText(String(before), { timeout: 30_000 });
  await south.page.context().close();

  // Stats: inside now across doors, and entries and exits per quarter hour.
  await door.goFromMenu('Stats');
  await expect(page.getByTestId('stats-inside-now')).toContainText(String(before));
  const flow = page.getByTestId('stats-flow');
  await expect(flow).toBeVisible();
  const lastRow = flow.locator('tbody tr').last();
  await expect(lastRow.locator('td').nth(2)).toHaveText(String(before));
  const exits = await flow
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.reduce((n, row) => n + Number(row.querySelectorAll('td')[1]?.textContent ?? 0), 0),
    );
  // Four exits here, and South door's, seen as a deleted check-in.
  expect(exits).toBeGreaterThanOrEqual(5);
  await expectNoSeriousAxeViolation(page);
  await shots(page, 'stats-flow', true);
});

test('exit mode with the camera: a ticket held in view makes one exit, never a second', async ({
  baseURL,
}) => {
  test.setTimeout(150_000);
  const service = new CheckinService(baseURL!);
  const [guest] = await service.freshTickets(MAIN_LIST, 1);
  if (!guest) throw new Error('the demo seed lacks a fresh ticket');
  // Admitted at another door: inside.
  await service.checkInElsewhere(MAIN_LIST, guest.id);
  const video = await makeQrVideo('exit-held-ticket', guest.slug);
  const profile = await mkdtemp(join(tmpdir(), 'door-exits-'));
  const context = await phoneWithCamera(profile, video);
  try {
    await context.addInitScript(() => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...saved, doorMode: 'exit', autoReturnSeconds: 2 }));
    });
    await context.addInitScript(countVerdicts);
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('Camera exit');
    // Joining shows the scan screen, in exit mode, with the camera on the guest's ticket.
    await door.joinByTyping(MAIN_LIST);
    await expect(page.getByTestId('exit-mode')).toBeVisible();
    await door.expectVerdict('exit-recorded');
    await expect(door.verdict()).toContainText(guest.first_name!);
    await expect(door.verdict()).toHaveCount(0, { timeout: 10_000 });
    // Ten more seconds of the same code in view: nothing new is judged.
    await page.waitForTimeout(10_000);
    await expect(door.verdict()).toHaveCount(0);
    expect(await verdictsSeen(page)).toEqual(['exit-recorded']);
    await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  const held = (await service.checkins(MAIN_LIST)).filter((c) => c.ticket_id === guest.id);
  expect(held).toHaveLength(1);
  expect(held[0]!.deleted_at).not.toBeNull();
});
