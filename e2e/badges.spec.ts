// Name badges on the production build: the organiser sets a list's layout, a second door that
// joins by the list's link prints with it (a scan, "Admit all" of three, a kiosk self check-in,
// never a refusal), a reprint lands in the audit log; and the badges rendered to PDF at three
// label sizes for a short, a 60-character, an Arabic and a Chinese name fit their pages.
// window.print is stubbed (counted, with the badges in the print DOM at that moment); the PDFs
// and their PNGs go to e2e/.artifacts/badges/ for a person to look at.
import { execFileSync } from 'node:child_process';
import { axeOn, seriousViolations } from './fixtures/axe';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, expect, type Page, test } from './fixtures/sealed';
import {
  type BadgeEvent,
  NAMES,
  prepareBadgeEvent,
  printCalls,
  printedBadges,
  stubPrint,
} from './fixtures/badge-event';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { settled } from './fixtures/settled';
import { CheckinService, DoorPage } from './page-models/door-page';
import { OrganiserPage } from './page-models/organiser-page';
import { holdTimers } from './fixtures/hold-timers';

test.describe.configure({ mode: 'serial' });

const SHOTS = resolve('e2e/.artifacts/badges');
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
] as const;

let prepared: BadgeEvent;
const ticketOf = (name: string) => prepared.tickets.find((t) => t.name === name)!;

test.beforeAll(async ({ baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  prepared = await prepareBadgeEvent(baseURL ?? '');
  expect(prepared.tickets).toHaveLength(7);
});

async function shots(page: Page, name: string) {
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations, `${name}`)).toEqual([]);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
}

async function organiser(page: Page, baseURL: string) {
  await stubPrint(page);
  await new OrganiserPage(page).connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
  await page.goto(`/organiser/events/demo/${prepared.event}/checkin_lists/${prepared.list}`);
  await page.getByRole('link', { name: 'Badges', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Badges for Badge door' })).toBeVisible();
  // The list's longest name is read from its tickets for the preview, with an Arabic one.
  const previews = page.getByTestId('badge-preview');
  await expect(previews.filter({ hasText: 'The list’s longest name' })).toContainText(
    'Wolfeschlegelsteinhausen',
  );
  await expect(previews.filter({ hasText: 'An Arabic name (sample)' })).toContainText('عبد الرحمن');
}

/** A second device: joins by the link the organiser hands out, badges on every admission. */
async function doorByLink(browser: Browser, link: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The kiosk's result returns by itself: its timers are held while it is looked at.
  await context.clock.install();
  await stubPrint(context);
  await context.addInitScript(() => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!saved.deviceName)
      localStorage.setItem(
        key,
        JSON.stringify({
          ...saved,
          deviceName: 'Badge desk',
          sounds: false,
          badges: 'always',
          autoReturnSeconds: 0,
        }),
      );
  });
  const page = await context.newPage();
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  const door = new DoorPage(page);
  await door.expectScanScreen();
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 30_000 });
  return { context, page, door };
}

test('the organiser’s layout reaches a door that joined by the list’s link; it prints once per admitted ticket, never for a refusal, and a reprint is audited', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await organiser(page, baseURL ?? '');
  await page.getByLabel('Label').selectOption({ label: '4 × 3 in label' });
  // The job title goes above the company: the order is the organiser's.
  await page.getByRole('button', { name: 'Move Job title up' }).click();
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(page.getByTestId('badge-saved')).toContainText('Saved');
  await expect(page.getByTestId('badge-link')).toContainText('#badge=1.4x3in.rfljcq');
  await page.getByRole('textbox', { name: 'Try other names (one a line)' }).fill(NAMES.chinese);
  await page.getByRole('textbox', { name: 'Try other names (one a line)' }).blur();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shots(page, 'layout-editor');

  // The list's panel, its QR code and the door kit now hand out the link with the layout.
  await page.getByRole('link', { name: '← Badge door' }).click();
  const link = (await page.getByTestId('web-checkin-url').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`/checkin_lists/${prepared.list}#badge=1\\.4x3in\\.rfljcq$`));

  const { context, page: door, door: doorPage } = await doorByLink(browser, link);
  const prints = () => printCalls(door);
  try {
    await door.getByRole('link', { name: 'Settings' }).click();
    await expect(door.getByTestId('badge-layout-here')).toContainText(
      'Badge layout for Badge door, from its link: 4 × 3 in label',
    );
    await door.getByRole('link', { name: 'Door' }).click();
    await doorPage.expectScanScreen();

    // A scan admits Ana: one print, one badge, on a 4 × 3 in page.
    const ana = ticketOf(NAMES.short);
    await doorPage.typeCode(ana.reference);
    await doorPage.expectVerdict('admitted');
    await expect.poll(async () => (await prints()).length).toBe(1);
    const [first] = await prints();
    expect(first!.badges).toHaveLength(1);
    expect(first!.badges[0]).toContain('Ana');
    expect(first!.badges[0]).toContain('Engineer');
    // The printed badge keeps the organiser's order: the job title above the company.
    const printed = first!.fields[0]!;
    expect(printed.map((f) => f.field)).toEqual(['release', 'first', 'last', 'job', 'company', 'qr']);
    const job = printed.find((f) => f.field === 'job')!;
    const company = printed.find((f) => f.field === 'company')!;
    expect([job.text, company.text]).toEqual(['Engineer', 'Acme']);
    expect(job.top).toBeLessThan(company.top);
    expect(first!.page).toBe('@page { size: 101.6mm 76.2mm; margin: 0; }');
    expect(first!.printing).toBe(true);
    await expect(doorPage.verdict().getByRole('button', { name: 'Print badge again' })).toBeVisible();
    await shots(door, 'verdict-print');
    await door.setViewportSize({ width: 390, height: 844 });
    await doorPage.nextScan();

    // The order's reference, then "Admit all 3": one print of three badges, one a page.
    const family = prepared.tickets.filter((t) => t.name === NAMES.family);
    await doorPage.typeCode(family[0]!.registration);
    await doorPage.expectVerdict('order');
    await doorPage.verdict().getByRole('button', { name: 'Admit all 3' }).click();
    await expect.poll(async () => (await prints()).length).toBe(2);
    expect((await prints())[1]!.badges).toHaveLength(3);
    await expect(doorPage.verdict().getByRole('button', { name: 'Print 3 badges again' })).toBeVisible();
    await doorPage.nextScan();

    // Refusals print nothing: a code not on the list, and Ana's ticket shown again.
    await doorPage.typeCode('ti_pNoSuchTicket0000000000');
    await doorPage.expectVerdict('not-on-list');
    await expect(doorPage.verdict().getByTestId('print-badge')).toHaveCount(0);
    await doorPage.nextScan();
    await doorPage.typeCode(ana.reference);
    await doorPage.expectVerdict('just-admitted');
    await expect(doorPage.verdict().getByTestId('print-badge')).toHaveCount(0);
    await doorPage.nextScan();

    // "Ask": nothing prints by itself; the verdict's button prints, then offers to print again.
    await door.getByRole('link', { name: 'Settings' }).click();
    await door.getByLabel('Ask: a Print button after each admission').check();
    await door.getByRole('link', { name: 'Door' }).click();
    const chinese = ticketOf(NAMES.chinese);
    await doorPage.typeCode(chinese.reference);
    await doorPage.expectVerdict('admitted');
    // Had it printed by itself, the button's print would be the ticket's second: the audit log's
    // one reprint (Ana's, below) and the print count at the kiosk would both be off by one.
    expect(await prints()).toHaveLength(2);
    await doorPage.verdict().getByRole('button', { name: 'Print badge', exact: true }).click();
    await expect.poll(async () => (await prints()).length).toBe(3);
    expect((await prints())[2]!.badges).toEqual([expect.stringContaining('王小明')]);
    await expect(doorPage.verdict().getByRole('button', { name: 'Print badge again' })).toBeVisible();
    await doorPage.nextScan();

    // The kiosk, back on every admission: an attendee checks themselves in and their badge prints.
    await door.goto('/settings');
    await door.getByLabel('On every admission: printed at once').check();
    await door.getByLabel('Kiosk PIN (4 to 8 digits)').fill('24680');
    await door.getByRole('button', { name: 'Save PIN' }).click();
    await expect(door.getByText('Kiosk PIN saved.')).toBeVisible();
    await door.goto('/door/kiosk');
    await expect(door.getByTestId('kiosk-message')).toContainText('Scan your ticket');
    const arabic = ticketOf(NAMES.arabic);
    // The kiosk names the list once its copy is open: a scan before that would not be judged yet.
    await expect(door.getByTestId('kiosk-message')).toContainText('Badge door');
    await doorPage.kioskScan(arabic.slug);
    await expect(door.getByTestId('kiosk-message').locator('[data-verdict]')).toHaveAttribute(
      'data-verdict',
      'admitted',
    );
    await holdTimers(door);
    await door.screenshot({ path: join(SHOTS, 'kiosk-admitted-390x844.png') });
    await door.clock.resume();
    await expect.poll(async () => (await prints()).length).toBe(4);
    expect((await prints())[3]!.badges).toEqual([expect.stringContaining('نور')]);
    expect((await prints()).map((p) => p.badges.length)).toEqual([1, 3, 1, 1]);
    await doorPage.leaveKiosk('1111', '24680');

    // A lost badge: printed again from the ticket screen; the audit log says so.
    await door.goto(`/door/tickets/${ana.id}`);
    await door.getByRole('button', { name: 'Print badge again' }).click();
    await expect.poll(async () => (await prints()).length).toBe(5);
    await door.goto('/door/audit');
    const log = door.getByTestId('audit-log');
    await expect(log.locator('tr[data-action="badge-reprinted"]')).toHaveCount(1);
    await expect(log.locator('tr[data-action="badge-reprinted"]')).toContainText('Badge printed again');
    await expect(log.locator('tr[data-action="badge-printed"]')).toHaveCount(6);

    // Every admission reached the service once: read once the door has sent all it holds.
    await expect(doorPage.pending()).toHaveText('All sent', { timeout: 30_000 });
    const checkins = await new CheckinService(baseURL ?? '').checkins(prepared.list);
    expect(checkins.filter((c) => c.deleted_at === null)).toHaveLength(6);
  } finally {
    await context.close();
  }
});

/** Pages of a PDF: pdfinfo where poppler is installed, else the page objects counted. */
function pdfPages(file: string, bytes: Buffer): number {
  if (existsSync('/usr/bin/pdfinfo')) {
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  }
  return bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test('badges rendered to PDF at three label sizes: one page each, every field inside its page, nothing cut', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await organiser(page, baseURL ?? '');
  await page
    .getByRole('textbox', { name: 'Try other names (one a line)' })
    .fill([NAMES.short, NAMES.sixty, NAMES.chinese, NAMES.arabic].join('\n'));
  for (const [label, file, mm] of [
    ['4 × 3 in label', '4x3in', [101.6, 76.2]],
    ['62 mm continuous roll, cut at 100 mm', 'roll62', [100, 62]],
    ['Card, 54 × 86 mm', 'card', [54, 86]],
  ] as const) {
    await page.getByLabel('Label').selectOption({ label });
    // The print comes once the fonts are in: wait for this label's own print, so neither its
    // badges nor its @page are the previous label's.
    const printsBefore = (await printCalls(page)).length;
    await page.getByRole('button', { name: 'Test print' }).click();
    await expect.poll(async () => (await printCalls(page)).length).toBe(printsBefore + 1);
    const call = (await printCalls(page)).at(-1)!;
    const pageRule = `@page { size: ${mm[0]}mm ${mm[1]}mm; margin: 0; }`;
    expect(call.page).toBe(pageRule);
    const badges = call.badges;
    // The list's longest, the Arabic sample, and the four typed.
    expect(badges).toHaveLength(6);
    for (const name of [NAMES.short, NAMES.chinese, NAMES.arabic]) {
      const first = name.split(' ')[0]!;
      expect(badges.some((b) => b.includes(first))).toBe(true);
    }

    // In print: only the badges, each exactly its label, every field inside it and none cut.
    await page.emulateMedia({ media: 'print' });
    const report = await printedBadges(page);
    expect(report.out).toEqual([]);
    // Every badge of the print drawn, each with its fields, on this label's page.
    expect(report.sizes).toHaveLength(badges.length);
    expect(report.fields.every((n) => n > 0)).toBe(true);
    expect(report.page).toBe(pageRule);
    const px = mm.map((side) => (side * 96) / 25.4);
    for (const [width, height] of report.sizes) {
      expect(Math.abs(width! - px[0]!)).toBeLessThan(1);
      expect(Math.abs(height! - px[1]!)).toBeLessThan(1);
    }
    // Back to no emulation: a PDF made under emulated `screen` would be the screen, not the print.
    await page.emulateMedia({ media: null });

    // Then on paper: the PDF is the page in print media, as a printer gets it.
    const path = join(SHOTS, `badges-${file}.pdf`);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(path, pdf);
    expect(pdfPages(path, pdf)).toBe(badges.length);
    if (existsSync('/usr/bin/pdftoppm'))
      execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '96', path, join(SHOTS, `badges-${file}`)]);
  }
});
