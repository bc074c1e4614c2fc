import { mkdirSync } from 'node:fs';
import { axeOn, seriousViolations } from './fixtures/axe';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { E2E_PORT, phoneWithCamera } from './fixtures/browser';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { makeQrVideo } from './fixtures/qr-video';
import { CheckinService, DoorPage, MAIN_LIST, type ServiceTicket } from './page-models/door-page';
import { settled } from './fixtures/settled';

// Whole orders on the production build: one door device (a persistent profile)
// whose fake camera shows one ticket of a family's order; "Admit all" lets in the rest, and the
// service ends up with exactly one check-in for each of the order's tickets. Then an order
// found by typing its reference, and one found by its buyer's email.
test.describe.configure({ mode: 'serial' });

const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const service = new CheckinService(baseURL);
const SHOTS = resolve('e2e/.artifacts/door-orders');
let profile: string;

interface OrderTicket extends ServiceTicket {
  registration_reference: string;
  registration_email: string | null;
}

const freshOrders = () => service.freshOrders<OrderTicket>(MAIN_LIST);

/** Active check-ins per ticket on the service, and the ids of every check-in. */
async function serviceState() {
  const checkins = await service.checkins(MAIN_LIST);
  const active = new Map<number, number>();
  for (const c of checkins)
    if (c.deleted_at === null) active.set(c.ticket_id, (active.get(c.ticket_id) ?? 0) + 1);
  return { active, ids: new Set(checkins.map((c) => c.id)), checkins };
}

/** The tickets that got a check-in since `before`, with how many each. */
async function newCheckins(before: Set<number>): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (const c of (await serviceState()).checkins)
    if (!before.has(c.id) && c.deleted_at === null) out[c.ticket_id] = (out[c.ticket_id] ?? 0) + 1;
  return out;
}

const once = (tickets: readonly { id: number }[]) => Object.fromEntries(tickets.map((t) => [t.id, 1]));

async function withDevice(
  video: string | null,
  run: (page: Page, door: DoorPage, context: BrowserContext) => Promise<void>,
) {
  const context = await phoneWithCamera(profile, video);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('North door');
    await run(page, door, context);
    // The next test opens this same profile: it leaves once the device knows every check-in
    // was taken, or the next one's "3 waiting to send" would count this one's last batch too
    // (the service had it, the device not yet its answer; it sends it again, taken once by uuid).
    await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  } finally {
    await context.close();
  }
}

/**
 * Photographs the page at the phone and tablet sizes in both themes (the verdict keeps its
 * colours), checking each theme with axe for serious or critical violations.
 */
async function photograph(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    await settled(page);
    const { violations } = await axeOn(page).analyze();
    expect(seriousViolations(violations)).toEqual([]);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(SHOTS, `${name}-${size.width}x${size.height}-${theme}.png`) });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The "Admit all" button and the verdict's "Next scan" are both on screen, not scrolled away. */
async function expectButtonsInView(page: Page) {
  for (const name of [/^Admit (all \d+|1 more)$/, /^Next scan$/]) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  }
}

let orders: OrderTicket[][];

test.beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'door-orders-'));
  orders = await freshOrders();
  if (orders.length < 3) throw new Error('the demo seed lacks three fresh orders of several tickets');
});

test.afterAll(async () => {
  await rm(profile, { recursive: true, force: true });
});

test('one scan of a family’s ticket shows the order; “Admit all” lets in the rest in one batch', async () => {
  test.setTimeout(180_000);
  const family = orders[0]!;
  const scanned = family[1]!;
  const rest = family.filter((t) => t !== scanned);
  const before = (await serviceState()).ids;

  await withDevice(null, async (page, door) => {
    await door.joinByTyping(MAIN_LIST);
    await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 60_000 });
  });

  const video = await makeQrVideo('order-ticket', scanned.slug);
  await withDevice(video, async (page, door, context) => {
    const batches: number[][] = [];
    context.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith(`/checkin_lists/${MAIN_LIST}/checkins`))
        return;
      const body = request.postDataJSON() as { batch?: { checkins: Record<string, { ticket_id: number }> } };
      if (body.batch) batches.push(Object.values(body.batch.checkins).map((c) => c.ticket_id));
    });
    await page.goto('/');
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(scanned.reference);
    const listed = door.verdict().getByTestId('order-ticket');
    await expect(listed).toHaveCount(rest.length);
    for (const t of rest)
      await expect(door.verdict().locator(`[data-reference="${t.reference}"]`)).toHaveAttribute(
        'data-state',
        'not-in',
      );
    await expectButtonsInView(page);
    await photograph(page, 'scan-with-order');

    const admitAll = page.getByRole('button', {
      name: rest.length === 1 ? 'Admit 1 more' : `Admit all ${rest.length}`,
    });
    await admitAll.click();
    await door.expectVerdict('order');
    await expect(door.verdict()).toContainText(`Admitted ${rest.length}`);
    await expect(listed).toHaveCount(family.length);
    for (const t of rest)
      await expect(door.verdict().locator(`[data-reference="${t.reference}"]`)).toHaveAttribute(
        'data-state',
        'admitted',
      );
    // The scanned ticket reads "admitted" within 30 s of its scan and "inside" after: a slow,
    // loaded machine may take longer than that to get here.
    await expect(door.verdict().locator(`[data-reference="${scanned.reference}"]`)).toHaveAttribute(
      'data-state',
      /^(admitted|inside)$/,
    );
    await photograph(page, 'order-admitted');

    // Exactly the order's tickets, once each, on the service; the rest travelled in one batch.
    await expect.poll(() => newCheckins(before), { timeout: 20_000 }).toEqual(once(family));
    const restIds = rest.map((t) => t.id).sort();
    expect(batches.some((b) => restIds.every((id) => b.includes(id)))).toBe(true);
  });
});

test('typing an order’s reference shows it; “Admit all” leaves out a ticket already inside', async () => {
  test.setTimeout(120_000);
  const order = orders[1]!;
  const [inside, ...others] = order;
  await service.checkInElsewhere(MAIN_LIST, inside!.id);
  const before = (await serviceState()).ids;

  await withDevice(null, async (page, door) => {
    // The check-in made at the other door reaches this device's copy before the order is shown.
    await door.search(inside!.reference);
    await expect(page.locator(`a[href="/door/tickets/${inside!.id}"] .pill`)).toHaveText('✓ Checked in', {
      timeout: 30_000,
    });
    await page.goto('/');
    await door.expectScanScreen();
    await door.typeCode(order[0]!.reference.split('-')[0]!.toLowerCase());
    await door.expectVerdict('order');
    await expect(door.verdict()).toContainText(`Order ${inside!.registration_reference}`);
    await expect(door.verdict().getByTestId('order-ticket')).toHaveCount(order.length);
    await expect(door.verdict().locator(`[data-reference="${inside!.reference}"]`)).toHaveAttribute(
      'data-state',
      'inside',
    );
    await expect(door.verdict().locator(`[data-reference="${inside!.reference}"]`)).toContainText('since');
    await expectButtonsInView(page);
    await photograph(page, 'order-by-reference');
    await page
      .getByRole('button', { name: others.length === 1 ? 'Admit 1 more' : `Admit all ${others.length}` })
      .click();
    await expect(door.verdict()).toContainText(`Admitted ${others.length}`);
    await expect.poll(() => newCheckins(before), { timeout: 20_000 }).toEqual(once(others));
  });
  expect((await serviceState()).active.get(inside!.id)).toBe(1);
});

test('search finds an order by its buyer’s email and admits it whole', async () => {
  test.setTimeout(120_000);
  const order = orders.slice(2).find((o) => o[0]!.registration_email)!;
  const email = order[0]!.registration_email!;
  const before = (await serviceState()).ids;

  await withDevice(null, async (page, door) => {
    // Typed in the scan field, an email is no code: it becomes a search (no verdict, nothing admitted).
    await page.goto('/');
    await door.expectScanScreen();
    await door.typeCode(email);
    // The search screen holds the email; its address does not (the browser keeps addresses).
    await expect(page).toHaveURL((url) => url.pathname === '/door/search' && url.search === '');
    const box = page.getByLabel('Name, email, company or reference');
    await expect(box).toHaveValue(email);
    // Reached within the app, not loaded: its box takes the typing all the same, after the email.
    await expect(box).toBeFocused();
    expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      email.length,
      email.length,
    ]);
    const found = page.getByTestId('search-results').getByRole('button');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(`Order ${order[0]!.registration_reference}`);
    await photograph(page, 'search-orders');
    await found.click();
    await door.expectVerdict('order');
    await expect(door.verdict().getByTestId('order-ticket')).toHaveCount(order.length);
    await page
      .getByRole('button', { name: order.length === 1 ? 'Admit 1 more' : `Admit all ${order.length}` })
      .click();
    await expect(door.verdict()).toContainText(`Admitted ${order.length}`);
    await expect.poll(() => newCheckins(before), { timeout: 20_000 }).toEqual(once(order));
    // The search, opened again from the scan screen's menu, keeps the email, selected: the next
    // words typed replace it rather than run on from it.
    await door.nextScan();
    await page.getByRole('link', { name: 'Back' }).click();
    await door.expectScanScreen();
    await door.openMenu();
    await page.getByRole('link', { name: 'Search' }).click();
    await expect(box).toHaveValue(email);
    await expect(box).toBeFocused();
    expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      0,
      email.length,
    ]);
    await page.keyboard.type('zz');
    await expect(box).toHaveValue('zz');
    await page.getByRole('link', { name: 'Back' }).click();
    await door.expectScanScreen();
  });
});

test('a group of twelve fits the phone: the order scrolls within itself and its buttons stay in view', async () => {
  test.setTimeout(120_000);
  const admin = `${baseURL}/v3/demo/demo-conference`;
  const headers = {
    Authorization: `Token token=${ORGANISER_TOKENS.live31}`,
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const releases = (await (await fetch(`${admin}/releases`, { headers })).json()) as {
    releases: { id: number; slug: string }[];
  };
  const general = releases.releases.find((r) => r.slug === 'general-admission')!;
  const created = await fetch(`${admin}/registrations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      registration: {
        name: 'Coach Party',
        email: 'bookings@coach-party.example',
        line_items: [{ release_id: general.id, quantity: 12 }],
      },
    }),
  });
  expect(created.status).toBe(201);
  const { reference } = ((await created.json()) as { registration: { reference: string } }).registration;
  const before = (await serviceState()).ids;

  await withDevice(null, async (page, door) => {
    await page.goto('/');
    await door.expectScanScreen();
    // The new order reaches this device's copy with a pull (the results follow the list's counts).
    await door.search(reference);
    await expect(page.getByTestId('search-results').getByRole('button')).toHaveCount(1, { timeout: 60_000 });
    await page.goto('/');
    await door.expectScanScreen();
    await door.typeCode(reference);
    await door.expectVerdict('order');
    const list = door.verdict().getByTestId('order-tickets');
    await expect(list.getByTestId('order-ticket')).toHaveCount(12);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight + 10)).toBe(true);
    await expectButtonsInView(page);
    await photograph(page, 'order-of-twelve');
    await page.getByRole('button', { name: 'Admit all 12' }).click();
    await expect(door.verdict()).toContainText('Admitted 12');
    await expect
      .poll(async () => Object.keys(await newCheckins(before)).length, { timeout: 20_000 })
      .toBe(12);
    expect(Object.values(await newCheckins(before)).every((n) => n === 1)).toBe(true);
  });
});

test('offline, “Admit all” queues the order and sends it once the network is back', async () => {
  test.setTimeout(120_000);
  const order = (await freshOrders())[0]!;
  const reference = order[0]!.registration_reference;
  const before = (await serviceState()).ids;

  await withDevice(null, async (page, door, context) => {
    await page.goto('/');
    await door.expectScanScreen();
    await context.setOffline(true);
    await expect(page.getByTestId('connection')).toContainText('Offline');
    await door.typeCode(reference);
    await door.expectVerdict('order');
    await page
      .getByRole('button', { name: order.length === 1 ? 'Admit 1 more' : `Admit all ${order.length}` })
      .click();
    await expect(door.verdict()).toContainText(`Admitted ${order.length}`);
    await door.nextScan();
    await expect(door.pending()).toContainText(`${order.length} waiting to send`);
    expect(await newCheckins(before)).toEqual({});

    await context.setOffline(false);
    await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
    expect(await newCheckins(before)).toEqual(once(order));
  });
});
