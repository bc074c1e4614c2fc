// Verdicts staff can trust, on the production build with real IndexedDB and the real server:
// no false refusal while the list downloads, a refusal confirmed online (and said so), cancelled
// tickets named as such, no second check-in from a second tap, and the same ticket again never
// passed off as "the same guest" nor, at the kiosk, as an admission.
import { axeOn, seriousViolations } from './fixtures/axe';
import { type BrowserContext, expect, type Locator, type Page, test } from './fixtures/sealed';
import { E2E_CONTROL_HEADERS } from './fixtures/control-token';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { CheckinService, DoorPage, MAIN_LIST, type ServiceTicket } from './page-models/door-page';
import { holdTimers, whileHeld } from './fixtures/hold-timers';
import { settled } from './fixtures/settled';

const control = E2E_CONTROL_HEADERS;

async function faults(baseURL: string, body: object | null) {
  const res = await fetch(`${baseURL}/__mock/faults`, {
    method: body ? 'POST' : 'DELETE',
    headers: { 'Content-Type': 'application/json', ...control },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok).toBe(true);
}

async function admin<T>(baseURL: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}/v3/demo${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${ORGANISER_TOKENS.live31}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

async function joinedDoor(context: BrowserContext, name: string): Promise<{ page: Page; door: DoorPage }> {
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice(name);
  await door.joinByTyping(MAIN_LIST);
  await door.expectListComplete();
  return { page, door };
}

/** Fresh tickets from the end of the list: the last pages a first download brings. */
async function lastFreshTickets(service: CheckinService, count: number): Promise<ServiceTicket[]> {
  const taken = new Set((await service.checkins(MAIN_LIST)).map((c) => c.ticket_id));
  return (await service.tickets(MAIN_LIST))
    .filter((t) => !taken.has(t.id) && t.payment_state !== 'unpaid' && !t.void)
    .slice(-count);
}

test.describe('door verdicts staff can trust', () => {
  test.afterEach(async ({ baseURL }) => {
    await faults(baseURL!, null);
  });

  test('1: while the list still downloads, a missing code is looked up online or "still downloading", never refused', async ({
    page,
    baseURL,
  }) => {
    const service = new CheckinService(baseURL!);
    const [early, late] = await lastFreshTickets(service, 2);
    // Ticket pages take 8 s: the door's copy stays incomplete while staff scan.
    await faults(baseURL!, {
      latency: { ms: 8000, path_prefix: `/checkin/checkin_lists/${MAIN_LIST}/tickets` },
    });
    const door = new DoorPage(page);
    await door.nameDevice('Early door');
    await door.joinByTyping(MAIN_LIST);
    await expect(page.getByTestId('list-incomplete')).toBeVisible();

    // A reference has no online look-up; the copy cannot tell: calm "still downloading", not red.
    await door.typeCode(early!.reference);
    await door.expectVerdict('still-downloading');
    await expect(door.verdict()).toHaveClass(/verdict--info/);
    await expect(door.verdict()).toContainText('Still downloading');
    await door.nextScan();

    // The service answers quickly again; the download is still under way: the ticket is looked up.
    await faults(baseURL!, null);
    await door.typeCode(late!.slug);
    await door.expectVerdict('admitted');
    await expect(page.getByTestId('verdict-basis')).toHaveText('Checked online');
    await door.nextScan();

    await door.expectListComplete();
    await door.typeCode(early!.reference);
    await door.expectVerdict('admitted');
    await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, late!.id), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, early!.id), { timeout: 15_000 }).toBe(1);
  });

  test('2: online, a ticket sold after the last sync is confirmed and admitted; offline, the copy stands and says its age', async ({
    context,
    baseURL,
  }) => {
    const { page, door } = await joinedDoor(context, 'Sales door');
    const stamp = Date.now().toString(36);
    const email = `late-${stamp}@example.com`;
    await admin(baseURL!, '/demo-conference/registrations', {
      method: 'POST',
      body: JSON.stringify({
        // The speaker release is free: the new ticket is complete and paid at once.
        registration: { name: 'Lena Late', email, line_items: [{ release_id: 5, quantity: 1 }] },
      }),
    });
    const service = new CheckinService(baseURL!);
    const sold = (await service.tickets(MAIN_LIST)).find((t) => (t as { email?: string }).email === email);
    if (!sold) throw new Error('the new registration made no ticket on the main list');

    await door.typeCode(sold.slug);
    await door.expectVerdict('admitted');
    await expect(page.getByTestId('verdict-basis')).toHaveText('Checked online');
    await door.nextScan();
    await page.goto('/door/problems');
    await expect(page.getByTestId('corrections')).toContainText(sold.reference);

    await context.setOffline(true);
    await page.goto('/');
    await door.expectScanScreen();
    await door.typeCode('ti_pNoSuchTicketAnywhere000');
    await door.expectVerdict('not-on-list');
    await expect(page.getByTestId('verdict-basis')).toContainText(/Offline - list synced \d+ (s|min) ago/);
    await expect(door.verdict()).not.toContainText('another list or event');
    await context.setOffline(false);
  });

  test('3: a cancelled ticket says CANCELLED, checked online, and still does offline', async ({
    context,
    baseURL,
  }) => {
    const found = await admin<{ tickets: { slug: string; reference: string; state: string }[] }>(
      baseURL!,
      '/demo-conference/tickets?search%5Bstates%5D%5B%5D=void',
    );
    const cancelled = found.tickets.find((t) => t.state === 'void');
    if (!cancelled) throw new Error('the demo seed has no void ticket');
    const { page, door } = await joinedDoor(context, 'Void door');

    await door.typeCode(cancelled.slug);
    await door.expectVerdict('void');
    await expect(door.verdict()).toContainText('Cancelled');
    await expect(page.getByTestId('verdict-basis')).toHaveText('Checked online');
    await door.nextScan();

    await context.setOffline(true);
    await door.typeCode(cancelled.reference);
    await door.expectVerdict('void');
    await expect(door.verdict()).toContainText('Cancelled');
    await context.setOffline(false);
  });

  test('5: two taps on "Check in" from search admit once, and the ticket then shows it is inside', async ({
    context,
    baseURL,
  }) => {
    const service = new CheckinService(baseURL!);
    const [ticket] = await service.freshTickets(MAIN_LIST, 1);
    const { page, door } = await joinedDoor(context, 'Search door');
    await page.goto(`/door/tickets/${ticket!.id}`);
    const checkIn = page.getByRole('button', { name: 'Check in', exact: true });
    await checkIn.dblclick();
    await door.expectVerdict('admitted');
    await door.nextScan();
    await expect(page.getByTestId('ticket-inside')).toContainText('Inside: checked in');
    await expect(page.getByRole('button', { name: 'Check in', exact: true })).toHaveCount(0);
    // Asking again shows the ticket as just admitted: nothing there creates a second check-in.
    await page.getByRole('button', { name: 'Check in again…' }).click();
    await door.expectVerdict('just-admitted');
    await expect(page.getByRole('button', { name: 'Admit anyway' })).toHaveCount(0);
    await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket!.id), { timeout: 15_000 }).toBe(1);
    await expect(door.pending()).toContainText('All sent', { timeout: 15_000 });
    expect(await service.activeCheckinsOf(MAIN_LIST, ticket!.id)).toBe(1);
  });
});

// Counts that match the service: a cancelled ticket scanned online stays in the door's copy (an
// offline scan still says "cancelled"), but no total counts it. Screenshots of the scan, the
// undo and the stats screen land in e2e/.artifacts/door-counts/<size>/ for people to look at.
for (const size of [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
]) {
  test(`6: after a scan, its undo and a cancelled ticket scanned online, every total is the list's (${size.width}x${size.height})`, async ({
    browser,
    baseURL,
  }) => {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `e2e/.artifacts/door-counts/${size.width}x${size.height}/${name}.png` });
    const found = await admin<{ tickets: { slug: string; state: string }[] }>(
      baseURL!,
      '/demo-conference/tickets?search%5Bstates%5D%5B%5D=void',
    );
    const cancelled = found.tickets.find((t) => t.state === 'void');
    if (!cancelled) throw new Error('the demo seed has no void ticket');
    const service = new CheckinService(baseURL!);
    const [ticket] = await service.freshTickets(MAIN_LIST, 1);
    const context = await browser.newContext({ viewport: size });
    const { page, door } = await joinedDoor(context, 'Counting door');
    const { tickets_count: listTotal } = await service.list(MAIN_LIST);
    await expect.poll(async () => (await door.statusProgress()).total).toBe(listTotal);
    const before = await door.statusProgress();

    await door.typeCode(ticket!.reference);
    await door.expectVerdict('admitted');
    await expect.poll(async () => (await door.statusProgress()).done).toBe(before.done + 1);
    await shot(page, 'scan');
    await door.verdict().getByRole('button', { name: 'Undo check-in' }).click();
    // Said where staff look, not below the camera, out of sight on a phone.
    await expect(page.getByText('Check-in undone.')).toBeInViewport();
    await expect.poll(async () => (await door.statusProgress()).done).toBe(before.done);
    await shot(page, 'undo');

    await door.typeCode(cancelled.slug);
    await door.expectVerdict('void');
    await expect(page.getByTestId('verdict-basis')).toHaveText('Checked online');
    await door.nextScan();

    await door.openMenu();
    await page.getByTestId('progress').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
    await expect(page.getByTestId('stats-overall')).toBeVisible();
    const status = await door.statusProgress();
    const stats = await door.statsTotals();
    await shot(page, 'stats');
    expect(status).toEqual(before);
    expect(stats.total).toBe(status.total);
    expect(stats.total).toBe(listTotal);
    expect(stats.releases.reduce((n, total) => n + total, 0)).toBe(listTotal);
    expect(stats.done).toBeLessThanOrEqual(stats.total);
    await context.close();
  });
}

/** Fails with the serious accessibility findings (contrast among them) on the page as it is. */
async function expectAxeClean(page: Page, what: string, held = false) {
  await settled(page);
  const analyze = () => axeOn(page).analyze();
  const { violations } = held ? await whileHeld(page, analyze) : await analyze();
  expect(seriousViolations(violations, `${what}:`)).toEqual([]);
}

/** Fails when any part of the element lies outside the viewport. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(
    x >= 0 && y >= 0 && x + width <= viewport.width + 0.5 && y + height <= viewport.height + 0.5,
    `${what} at ${Math.round(x)},${Math.round(y)} ${Math.round(width)}x${Math.round(height)} in ${viewport.width}x${viewport.height}`,
  ).toBe(true);
}

const REPEAT_SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
];

/** Screenshots for people to look at, at a phone's and a tablet's size: e2e/.artifacts/door-trust/. */
async function shots(page: Page, name: string, check: () => Promise<void>) {
  for (const size of REPEAT_SIZES) {
    await page.setViewportSize(size);
    await check();
    // Let the verdict's entry animation finish.
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e/.artifacts/door-trust/${size.width}x${size.height}/${name}.png` });
  }
  await page.setViewportSize(REPEAT_SIZES[0]!);
}

/** What an admission and a repeat feel like, as the page asks the platform for them. */
interface Felt {
  vibrations: number[][];
  notes: number[][];
}

/** Records each vibration pattern and each sound's notes (oscillator frequencies) the app plays. */
function recordFeedback() {
  const felt: Felt = { vibrations: [], notes: [] };
  Object.assign(window, { felt });
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern: number | number[]) => {
      felt.vibrations.push(Array.isArray(pattern) ? pattern : [pattern]);
      return true;
    },
  });
  // Notes of one sound are started within a few milliseconds; a new sound starts a new entry.
  let lastAt = -Infinity;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    const now = performance.now();
    if (now - lastAt > 50) felt.notes.push([]);
    lastAt = now;
    felt.notes.at(-1)!.push(this.frequency.value);
    return start.apply(this, args);
  };
}

const lastFelt = async (page: Page) => {
  const felt = await page.evaluate(() => (window as unknown as { felt: Felt }).felt);
  return { vibration: felt.vibrations.at(-1), notes: felt.notes.at(-1) };
};

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

for (const theme of ['dark', 'light'] as const) {
  test(`6: the same ticket again within 30 s asks staff to check the person, and at the kiosk never looks admitted (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const service = new CheckinService(baseURL!);
    const named = (await service.freshTickets(MAIN_LIST, 50)).filter((t) => t.first_name && t.last_name);
    const [atDoor, atKiosk] = named.slice(-2);
    if (!atDoor || !atKiosk) throw new Error('the demo list has too few fresh named tickets');
    const nameOf = (t: ServiceTicket) => `${t.first_name} ${t.last_name}`;

    const context = await browser.newContext({ viewport: REPEAT_SIZES[0] });
    // The kiosk's result returns by itself: its timers are held while it is looked at.
    await context.clock.install();
    await context.addInitScript((value) => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(
        key,
        JSON.stringify({
          ...saved,
          deviceName: 'Repeat door',
          theme: value,
          sounds: true,
          vibration: true,
          autoReturnSeconds: 0,
          kioskPin: saved.kioskPin ?? '2468',
        }),
      );
    }, theme);
    await context.addInitScript(recordFeedback);
    const page = await context.newPage();
    const door = new DoorPage(page);
    await door.joinByTyping(MAIN_LIST);
    await door.expectListComplete();

    // At the door: admitted, then the same ticket again seconds later.
    await door.typeCode(atDoor.reference);
    await door.expectVerdict('admitted');
    const admittedBackground = await background(door.verdict());
    const admittedFelt = await lastFelt(page);
    await door.nextScan();

    await door.typeCode(atDoor.slug);
    await door.expectVerdict('just-admitted');
    const verdict = door.verdict();
    await expect(verdict).toHaveClass(/verdict--look/);
    await expect(verdict.getByRole('heading', { level: 1 })).toHaveText('Same ticket again');
    const name = verdict.locator('.verdict__name');
    await expect(name).toHaveText(nameOf(atDoor));
    await expect(page.getByTestId('verdict-check')).toHaveText(
      'Check it is the same person.Someone else? Refuse entry and call a supervisor.',
    );
    await expect(page.getByTestId('verdict-detail')).toHaveText(
      /^Admitted here (just now|\d+ s ago)\. No new check-in made\.$/,
    );
    await expect(verdict).not.toContainText(/same guest|Nothing more to do/);
    await expect(verdict.getByRole('button', { name: 'Admit anyway' })).toHaveCount(0);
    // The name is the largest words on it: what staff compare with the face in front of them.
    const size = (el: Locator) => el.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(await size(name)).toBeGreaterThan(await size(verdict.getByRole('heading', { level: 1 })));
    expect(await background(verdict)).not.toBe(admittedBackground);
    const repeatFelt = await lastFelt(page);
    expect(repeatFelt.vibration).not.toEqual(admittedFelt.vibration);
    expect(repeatFelt.notes).not.toEqual(admittedFelt.notes);
    await expectAxeClean(page, `${theme} repeat at the door`);
    await shots(page, `${theme}-repeat-door`, async () => {
      await expectInView(page, name, 'the name');
      await expectInView(page, page.getByTestId('verdict-check'), 'what to check');
      await expectInView(page, verdict.getByRole('button', { name: 'Next scan' }), 'Next scan');
    });
    await door.nextScan();

    // At the kiosk: a welcome, then the same ticket again: words for the attendee, not green.
    // Started from the scan screen as staff do (a reload would leave the list to open again).
    await door.goFromMenu('Kiosk mode');
    const kiosk = page.getByTestId('kiosk');
    const message = page.getByTestId('kiosk-message');
    await expect(message).toContainText('Scan your ticket');
    await door.kioskScan(atKiosk.slug);
    await expect(message).toContainText(`Welcome, ${nameOf(atKiosk)}!`);
    await expect(kiosk).toHaveClass(/kiosk--go/);
    const welcomeBackground = await background(kiosk);
    const welcomeFelt = await lastFelt(page);

    await door.wedgeScan(atKiosk.slug);
    await expect(message.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'just-admitted');
    await holdTimers(page);
    await expect(message).toContainText('This ticket was just used here');
    await expect(message).toContainText('Please see a member of staff.');
    await expect(message).not.toContainText(/Welcome|Admitted/);
    await expect(message).not.toContainText(atKiosk.first_name!);
    await expect(kiosk).toHaveClass(/kiosk--look/);
    await expect(kiosk).not.toHaveClass(/kiosk--go/);
    expect(await background(kiosk)).not.toBe(welcomeBackground);
    const kioskRepeatFelt = await lastFelt(page);
    expect(kioskRepeatFelt.vibration).not.toEqual(welcomeFelt.vibration);
    expect(kioskRepeatFelt.notes).not.toEqual(welcomeFelt.notes);
    await expectAxeClean(page, `${theme} repeat at the kiosk`, true);
    await expect(message.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'just-admitted');
    await shots(page, `${theme}-repeat-kiosk`, () => expectInView(page, message, 'the kiosk message'));

    // Neither repeat made a second check-in.
    for (const ticket of [atDoor, atKiosk])
      await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket.id), { timeout: 15_000 }).toBe(1);
    await context.close();
  });
}
