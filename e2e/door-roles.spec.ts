// Roles at the door, on the production build: a device with a supervisor PIN works as a door;
// admit anyway and undoing another door's check-in ask for the PIN; a supervisor admits anyway
// with a reason; the audit log lists it, and its CSV (read back from the download) carries the
// unsent check-ins too. Screens photographed at 390x844 and 1024x768 in both themes when
// E2E_SCREENSHOTS names a folder.
import { readFile } from 'node:fs/promises';
import { axeOn, seriousViolations } from './fixtures/axe';
import { expect, type Page, test } from './fixtures/sealed';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';
import { settled } from './fixtures/settled';

const PIN = '4826';

async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    await settled(page);
    const { violations } = await axeOn(page).analyze();
    expect(seriousViolations(violations, `${name} ${theme}:`)).toEqual([]);
    if (!dir) continue;
    for (const [width, height] of [
      [390, 844],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${dir}/roles-${name}-${theme}-${width}x${height}.png` });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await page.setViewportSize({ width: 1024, height: 768 });
}

async function enterPin(page: Page, pin: string) {
  const pad = page.getByRole('dialog', { name: 'Supervisor PIN' });
  await expect(pad).toBeVisible();
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'Unlock', exact: true }).click();
}

test('a door needs the supervisor PIN to admit anyway or undo another door; the audit log and its CSV say what happened', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const service = new CheckinService(baseURL!);
  const [own, elsewhere, offline] = await service.freshTickets(MAIN_LIST, 3);
  await service.checkInElsewhere(MAIN_LIST, elsewhere!.id);
  await context.addInitScript(() => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, sounds: false, autoReturnSeconds: 0 }));
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1024, height: 768 });
  const door = new DoorPage(page);
  await door.nameDevice('Roles door');
  await door.joinByTyping(MAIN_LIST);
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });

  // No supervisor PIN: every action open, and the settings say so and offer to set one.
  await expect(page.getByTestId('role-bar')).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByTestId('supervisor-pin-state')).toContainText('No supervisor PIN is set');
  await page.getByRole('group', { name: 'Supervisor' }).scrollIntoViewIfNeeded();
  await shots(page, 'settings-no-pin');
  await page.getByLabel('Supervisor PIN (4 to 8 digits)').fill(PIN);
  await page.getByRole('button', { name: 'Save supervisor PIN' }).click();
  await expect(page.getByText('Supervisor PIN saved.')).toBeVisible();
  // Only its hash is kept.
  expect(await page.evaluate(() => localStorage.getItem('venue-checkin.settings'))).not.toContain(PIN);

  // Whoever set it stays unlocked for a few minutes, and can lock at once.
  const bar = page.getByTestId('role-bar');
  await expect(bar).toHaveAttribute('data-role', 'supervisor');
  await expect(bar.getByTestId('supervisor-left')).toContainText(/locks in [45]:\d\d/);
  await shots(page, 'settings-supervisor');
  await bar.getByRole('button', { name: 'Lock now' }).click();
  await expect(bar).toHaveAttribute('data-role', 'door');
  // The settings are a supervisor's now.
  await expect(page.getByTestId('supervisor-only')).toBeVisible();
  await shots(page, 'settings-locked');

  // Door staff undo their own admission at once, no PIN.
  await page.goto('/');
  await door.typeCode(own!.reference);
  await door.expectVerdict('admitted');
  await door.verdict().getByRole('button', { name: 'Undo check-in' }).click();
  await expect(page.getByText('Check-in undone.')).toBeVisible();

  // Admit anyway asks for the PIN; cancelling leaves the verdict as it was.
  await door.typeCode(elsewhere!.reference);
  await door.expectVerdict('already-checked-in');
  await door.verdict().getByRole('button', { name: 'Admit anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Supervisor PIN' })).toBeVisible();
  await shots(page, 'pin-pad');
  await page.getByRole('dialog', { name: 'Supervisor PIN' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('admit-anyway-reason')).toHaveCount(0);
  await door.nextScan();

  // Undoing the check-in another door made asks for the PIN too; cancelled, it stays.
  await page.goto(`/door/tickets/${elsewhere!.id}`);
  await expect(page.getByTestId('ticket-inside')).toBeVisible();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Supervisor PIN' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Supervisor PIN' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('ticket-inside')).toBeVisible();
  expect(await service.activeCheckinsOf(MAIN_LIST, elsewhere!.id)).toBe(1);

  // A wrong PIN is refused; the right one unlocks, and admit anyway asks why.
  await page.goto('/');
  await door.typeCode(elsewhere!.reference);
  await door.expectVerdict('already-checked-in');
  await door.verdict().getByRole('button', { name: 'Admit anyway' }).click();
  await enterPin(page, '1111');
  await expect(page.getByRole('dialog', { name: 'Supervisor PIN' }).getByRole('alert')).toContainText(
    'Wrong PIN',
  );
  await enterPin(page, PIN);
  const reasons = page.getByTestId('admit-anyway-reason');
  await expect(reasons).toBeVisible();
  await expect(reasons.getByRole('button', { name: 'Admit', exact: true })).toBeDisabled();
  await shots(page, 'admit-anyway-reason');
  await reasons.getByLabel('Re-entry: went out and came back').check();
  await reasons.getByRole('button', { name: 'Admit', exact: true }).click();
  await door.expectVerdict('admitted');
  await expect(bar).toHaveAttribute('data-role', 'supervisor');
  await door.nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, elsewhere!.id), { timeout: 15_000 }).toBe(2);
  await shots(page, 'scan-supervisor');

  // Offline, an admission waits unsent.
  await context.setOffline(true);
  await door.typeCode(offline!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(door.pending()).toContainText('1');

  // The audit log lists what changed, newest first, with role and reason.
  await bar.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByTestId('audit-log');
  const rows = log.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveAttribute('data-action', 'admit');
  await expect(rows.nth(0)).toContainText(offline!.reference);
  await expect(rows.nth(1)).toHaveAttribute('data-action', 'admit-anyway');
  await expect(rows.nth(1)).toContainText('Re-entry: went out and came back');
  await expect(rows.nth(1)).toContainText('Supervisor');
  await expect(rows.nth(1)).toContainText(elsewhere!.reference);
  await expect(rows.nth(2)).toHaveAttribute('data-action', 'undo');
  await expect(rows.nth(2)).toContainText('Door staff');
  await expect(rows.nth(3)).toHaveAttribute('data-action', 'admit');
  await expect(rows.nth(3)).toContainText(own!.reference);
  await shots(page, 'audit');

  // The CSV, read back from the download: the audit rows and the unsent check-in.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV (with unsent check-ins)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
  // Every field is quoted (src/domain/csv.ts) and a byte order mark leads; none of these values holds a comma.
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).replaceAll('"', '').trimEnd().split('\r\n');
  // Headed in the screen's language (English here); the cells are data.
  expect(lines[0]).toBe(
    'Record,Time,Device,Role,Action,Ticket ID,Ticket reference,First name,Last name,Reason,State',
  );
  const cells = lines.slice(1).map((l) => l.split(','));
  expect(cells.map((c) => [c[0], c[2], c[3], c[4], c[5], c[6]])).toEqual([
    ['Audit log', 'Roles door', 'door', 'admit', String(own!.id), own!.reference],
    ['Audit log', 'Roles door', 'door', 'undo', String(own!.id), own!.reference],
    ['Audit log', 'Roles door', 'supervisor', 'admit-anyway', String(elsewhere!.id), elsewhere!.reference],
    ['Audit log', 'Roles door', 'supervisor', 'admit', String(offline!.id), offline!.reference],
    ['Not sent', 'Roles door', '', 'check-in', String(offline!.id), offline!.reference],
  ]);
  expect(cells[2]![9]).toBe('Re-entry: went out and came back');
  expect(cells[4]![10]).toBe('queued');
  await context.setOffline(false);
});

test('with a supervisor PIN, the kiosk is left with it, and wrong PINs make the pad wait', async ({
  context,
}) => {
  test.setTimeout(120_000);
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice('Kiosk roles');
  await door.joinByTyping(MAIN_LIST);
  await page.goto('/settings');
  await page.getByLabel('Supervisor PIN (4 to 8 digits)').fill(PIN);
  await page.getByRole('button', { name: 'Save supervisor PIN' }).click();
  const bar = page.getByTestId('role-bar');
  await bar.getByRole('button', { name: 'Lock now' }).click();
  await expect(bar).toHaveAttribute('data-role', 'door');

  // No kiosk PIN was set: the supervisor PIN is enough to start it, and the one that leaves it.
  await page.goto('/door/kiosk');
  await expect(page.getByTestId('kiosk-message')).toContainText('Scan your ticket');
  await page.getByRole('button', { name: 'Exit kiosk' }).click();
  await enterPin(page, '2468');
  await expect(page.getByRole('dialog', { name: 'Supervisor PIN' }).getByRole('alert')).toContainText(
    'Wrong PIN',
  );
  await enterPin(page, PIN);
  await door.expectScanScreen();
  await expect(bar).toHaveAttribute('data-role', 'supervisor');

  // Five wrong PINs in a row: the pad waits, and refuses even the right one meanwhile.
  await bar.getByRole('button', { name: 'Lock now' }).click();
  await bar.getByRole('button', { name: 'Unlock supervisor' }).click();
  const pad = page.getByRole('dialog', { name: 'Supervisor PIN' });
  for (let i = 0; i < 4; i++) {
    await enterPin(page, '1111');
    await expect(pad.getByRole('alert')).toContainText('Wrong PIN');
  }
  await enterPin(page, '1111');
  await expect(pad.getByRole('alert')).toContainText(/Too many wrong PINs\. Try again in (30|29|28) s\./);
  await enterPin(page, PIN);
  await expect(pad.getByRole('alert')).toContainText('Too many wrong PINs');
  await pad.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toHaveAttribute('data-role', 'door');
});

test('a locked door takes back its own “Admit all” at once, without the PIN', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = new CheckinService(baseURL!);
  const [order] = await service.freshOrders(MAIN_LIST);
  if (!order) throw new Error('the demo seed lacks an order of two or more fresh tickets');
  const { page, door } = await joinedDoor(context, 'Family door', { sounds: false, autoReturnSeconds: 0 });
  await page.goto('/settings');
  await page.getByLabel('Supervisor PIN (4 to 8 digits)').fill(PIN);
  await page.getByRole('button', { name: 'Save supervisor PIN' }).click();
  await page.getByTestId('role-bar').getByRole('button', { name: 'Lock now' }).click();
  await expect(page.getByTestId('role-bar')).toHaveAttribute('data-role', 'door');

  await page.goto('/');
  await door.typeCode(order[0]!.registration_reference!);
  await door.expectVerdict('order');
  await door
    .verdict()
    .getByRole('button', { name: `Admit all ${order.length}` })
    .click();
  await door
    .verdict()
    .getByRole('button', { name: `Undo these ${order.length}` })
    .click();
  await expect(page.getByRole('dialog', { name: 'Supervisor PIN' })).toHaveCount(0);
  await expect(page.getByText(`${order.length} check-ins undone.`)).toBeVisible();
  for (const ticket of order)
    await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket.id), { timeout: 15_000 }).toBe(0);
});
