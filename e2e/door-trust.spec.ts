// Verdicts staff can trust, on the production build with real IndexedDB and the real server:
// no false refusal while the list downloads, a refusal confirmed online (and said so), cancelled
// tickets named as such, and no second check-in from a second tap.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_CONTROL_HEADERS } from './fixtures/control-token';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { CheckinService, DoorPage, MAIN_LIST, type ServiceTicket } from './page-models/door-page';

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
  await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 30_000 });
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

    await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 30_000 });
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
