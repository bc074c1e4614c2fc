// An organiser watches a check-in list's arrivals while doors check tickets in, in other
// browser contexts, against the Node server's mock; then exports the CSVs and prints the door
// kit. Screenshots of each new screen go to e2e/.artifacts/arrivals/ for a person to look at.
import { readFileSync } from 'node:fs';
import { axeOn, seriousViolations } from './fixtures/axe';
import { type Browser, expect, type Page, test } from './fixtures/sealed';
import { csvRecords } from '../test/fixtures/read-csv';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { adminCall, eventWithReleases } from './fixtures/admin-event';
import { CheckinService } from './page-models/door-page';
import { DoorPage } from './page-models/door-page';
import { OrganiserPage } from './page-models/organiser-page';

const SHOTS = 'e2e/.artifacts/arrivals';
const SIZES = [
  [390, 844],
  [1024, 768],
  [1366, 900],
] as const;

interface Prepared {
  event: string;
  list: string;
  address: string;
  tickets: { id: number; reference: string; name: string; release: string }[];
}

/** An event made straight through the Admin API: two releases, three registrations, one list. */
async function prepareEvent(baseURL: string): Promise<Prepared> {
  const call = adminCall(baseURL);
  const { event, releases } = await eventWithReleases(call, 'Arrivals night', ['Standard', 'VIP']);
  for (const [name, release, quantity] of [
    ['Ada Lovelace', 'Standard', 2],
    ['Grace Hopper', 'VIP', 1],
    // A name a spreadsheet would run as a formula if the export did not neutralise it.
    ['=Linus Torvalds', 'Standard', 1],
  ] as const)
    await call('POST', `${event}/registrations`, {
      registration: {
        name,
        email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
        line_items: [{ release_id: releases[release], quantity }],
      },
    });
  const list = (
    await call('POST', `${event}/checkin_lists`, {
      checkin_list: { title: 'Main door', release_ids: Object.values(releases) },
    })
  ).checkin_list!;
  const tickets = (await call('GET', `${event}/tickets?page[size]=100&expand=release`)) as unknown as {
    tickets: Record<string, unknown>[];
  };
  return {
    event,
    list: String(list.slug),
    address: String(list.web_checkin_url),
    tickets: tickets.tickets.map((t) => ({
      id: Number(t.id),
      reference: String(t.reference),
      name: `${String(t.first_name ?? '')} ${String(t.last_name ?? '')}`.trim(),
      release: String(t.release_title ?? (t.release as { title?: string } | undefined)?.title ?? ''),
    })),
  };
}

/** A door on its own device: joins the list from its address and waits for its copy. */
async function openDoor(browser: Browser, name: string, address: string): Promise<DoorPage> {
  const context = await browser.newContext();
  const door = new DoorPage(await context.newPage());
  await door.nameDevice(name);
  await door.page.goto(new URL(address).pathname);
  await door.expectScanScreen();
  await expect(door.page.getByTestId('last-sync')).toContainText('Synced', { timeout: 30_000 });
  return door;
}

async function admit(door: DoorPage, reference: string) {
  await door.typeCode(reference);
  await door.expectVerdict('admitted');
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  await door.nextScan();
}

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

async function expectAccessible(page: Page, name: string) {
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations, `${name}`)).toEqual([]);
}

/** Screenshots in both themes (set as the app's setting, so the chart is drawn in it too). */
async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...saved, theme: value }));
    }, theme);
    await page.reload();
    await ready();
    await expectAccessible(page, `${name} ${theme}`);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      // The chart follows its box on the next frames.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}x${height}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an organiser watches arrivals live while doors check in, then exports the CSVs and prints the door kit', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(360_000);
  const origin = baseURL ?? '';
  const prepared = await prepareEvent(origin);
  const byName = (name: string) => prepared.tickets.filter((t) => t.name === name);
  const [ada1, ada2] = byName('Ada Lovelace');
  const [grace] = byName('Grace Hopper');
  const [linus] = prepared.tickets.filter((t) => t.name.includes('Linus'));
  expect(prepared.tickets).toHaveLength(4);

  const org = new OrganiserPage(page);
  // This laptop is also a door (the desk's own), so its check-ins carry a door name it knows.
  await new DoorPage(page).nameDevice('Desk');
  await page.setViewportSize({ width: 1366, height: 900 });
  await org.connectTo(`${origin}/v3`, ORGANISER_TOKENS.live31);
  await page.goto(`/organiser/events/demo/${prepared.event}/checkin_lists/${prepared.list}`);
  await page.getByRole('link', { name: 'Arrivals, live' }).click();
  await expect(page.getByRole('heading', { name: 'Arrivals: Main door' })).toBeVisible();
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText('0');
  await expect(page.getByTestId('arrivals-total')).toContainText('of 4');
  await expect(page.getByText('Nobody checked in yet.')).toBeVisible();
  await expect(page.getByTestId('arrivals-chart')).toHaveAttribute('data-total', '0');
  const arrivalsUrl = page.url();

  // A second device joins the list as a door and checks Ada in; the organiser's screen follows.
  const north = await openDoor(browser, 'North door', prepared.address);
  await admit(north, ada1!.reference);
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('arrivals-inside')).toHaveText('1');
  await expect(page.getByTestId('arrivals-feed')).toContainText('Ada Lovelace');
  await expect(page.getByTestId('arrivals-feed')).toContainText('Standard');
  await expect(page.getByTestId('arrivals-chart')).toHaveAttribute('data-total', '1');
  await expect(page.locator('.live-arrivals-chart canvas')).toBeVisible();

  await admit(north, grace!.reference);
  await admit(north, ada2!.reference);
  // Another door, straight on the service, admits Ada's first ticket again: a double admission.
  await new CheckinService(origin).checkInElsewhere(prepared.list, ada1!.id);
  await expect(page.getByTestId('arrivals-inside')).toHaveText('4', { timeout: 15_000 });
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText('3');
  await expect(page.getByTestId('arrivals-doubles')).toHaveText('1');
  await expect(page.getByTestId('arrivals-double-list')).toContainText(ada1!.reference);
  await expect(page.getByTestId('arrivals-feed')).toContainText('Grace Hopper');
  await expect(page.getByTestId('arrivals-feed')).toContainText('VIP');
  await expect(page.getByTestId('arrivals-chart')).toHaveAttribute('data-total', '4');
  const vip = page.getByTestId('arrivals-release').filter({ hasText: 'VIP' });
  await expect(vip).toContainText('1 / 1');
  await north.page.context().close();

  // The desk itself joins as a door in another tab and admits the last ticket.
  const desk = new DoorPage(await page.context().newPage());
  await desk.page.goto(new URL(prepared.address).pathname);
  await desk.expectScanScreen();
  await expect(desk.page.getByTestId('last-sync')).toContainText('Synced', { timeout: 30_000 });
  await admit(desk, linus!.reference);
  await desk.page.close();
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText('4', { timeout: 15_000 });
  await expect(page.getByTestId('arrivals-inside')).toHaveText('5');
  await expect(page).toHaveURL(arrivalsUrl);
  const arrivalsReady = async () => {
    await expect(page.getByTestId('arrivals-inside')).toHaveText('5');
    await expect(page.locator('.live-arrivals-chart canvas')).toBeVisible();
  };
  await shoot(page, 'arrivals', arrivalsReady);

  // The check-in report: a row per check-in, the desk's door named, the double marked.
  const report = await download(page, () =>
    page.getByRole('button', { name: 'Check-in report (CSV)' }).click(),
  );
  expect(report.name).toMatch(/^checkin-report-Main-door-\d{4}-\d{2}-\d{2}\.csv$/);
  // Headed in the screen's language (English here); the cells are data.
  expect(report.text.startsWith('\uFEFF"Checked in at"')).toBe(true);
  const rows = csvRecords(report.text);
  expect(rows).toHaveLength(5);
  const ref = 'Ticket reference';
  const doubled = 'Double admission';
  expect(rows.filter((r) => r[ref] === ada1!.reference).map((r) => r[doubled])).toEqual(['yes', 'yes']);
  expect(rows.find((r) => r[ref] === grace!.reference)).toMatchObject({
    Release: 'VIP',
    [doubled]: 'no',
    Door: '',
  });
  expect(rows.find((r) => r[ref] === linus!.reference)).toMatchObject({
    Door: 'Desk',
    Name: "'=Linus Torvalds",
  });
  for (const row of rows) expect(Date.parse(row['Checked in at']!)).not.toBeNaN();

  // Full screen for the production desk: the view covers the whole window, nothing else shows.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.locator('.live-arrivals--wall')).toBeVisible();
  const covered = await page.evaluate(() =>
    [
      [5, 5],
      [window.innerWidth - 5, window.innerHeight - 5],
    ].every(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.live-arrivals--wall') != null),
  );
  expect(covered).toBe(true);
  await expect(page.getByTestId('arrivals-inside')).toHaveText('5');
  await shoot(page, 'arrivals-wall', arrivalsReady);
  await expect(page.locator('.live-arrivals--wall')).toBeVisible();
  await page.getByRole('button', { name: 'Leave full screen' }).click();
  await expect(page.locator('.live-arrivals--wall')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

  // The door kit, on paper: its QR code and address, and nothing of the app around it.
  await page.getByRole('link', { name: 'Door kit (print)' }).click();
  await expect(page.getByRole('heading', { name: 'Door kit: Main door' })).toBeVisible();
  await expect(page.getByTestId('door-kit-address')).toHaveText(prepared.address);
  const kitReady = () =>
    expect(page.getByRole('img', { name: /QR code of the check-in list/ })).toBeVisible();
  await shoot(page, 'door-kit', kitReady);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('img', { name: 'QR code of the check-in list Main door' })).toBeVisible();
  await expect(page.getByTestId('door-kit-address')).toBeVisible();
  await expect(page.getByText('For door staff')).toBeVisible();
  await expect(page.locator('.topbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await shoot(page, 'door-kit-print', kitReady);
  await page.emulateMedia({ media: 'screen' });

  // Registrations and tickets of the event, every page, as CSV.
  await page.goto(`/organiser/events/demo/${prepared.event}`);
  await org.section('Registrations');
  const registrations = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  await expect(page.getByText('Exported 3 rows.')).toBeVisible();
  const regRows = csvRecords(registrations.text);
  expect(regRows.map((r) => r.name).sort()).toEqual(["'=Linus Torvalds", 'Ada Lovelace', 'Grace Hopper']);
  expect(Object.keys(regRows[0]!).slice(0, 3)).toEqual(['reference', 'name', 'email']);
  await shoot(page, 'registrations', () =>
    expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible(),
  );

  await org.section('Tickets');
  const tickets = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const ticketRows = csvRecords(tickets.text);
  expect(ticketRows.map((r) => r.reference).sort()).toEqual(prepared.tickets.map((t) => t.reference).sort());
  expect(ticketRows.filter((r) => r.release_title === 'VIP' || r['release.title'] === 'VIP')).toHaveLength(1);
});

test('arrivals of a list on the built-in service in this browser match its Admin API counts', async ({
  page,
}) => {
  await page.goto('/organiser/connection');
  // Served by the Node server, the connection screen offers that server first.
  await page.getByLabel('Demo in this browser only').check();
  await page.getByLabel('Mode').selectOption('live');
  await page.getByLabel('API version').selectOption('3.1');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await expect(page.getByTestId('hello-mode')).toHaveText('live');
  await page.getByTestId('hello').getByRole('link').first().click();
  await page.getByRole('table', { name: 'Events' }).getByRole('link').first().click();
  const org = new OrganiserPage(page);
  await org.section('Check-in lists');
  await page.locator('.org-table tbody tr a').first().click();
  const progress = (await page.getByTestId('checkin-progress').textContent()) ?? '';
  const [, checked, total] = /(\d+) of (\d+) checked in/.exec(progress) ?? [];
  expect(Number(total)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Arrivals, live' }).click();
  await expect(page.getByTestId('arrivals-checked-in')).toHaveText(String(checked), { timeout: 30_000 });
  await expect(page.getByTestId('arrivals-total')).toContainText(`of ${total}`);
  await expect(page.getByTestId('arrivals-status')).toContainText('Updated');
});
