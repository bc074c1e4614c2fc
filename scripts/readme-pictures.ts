// Draws the README's pictures from the production build: a door on a phone (a scan and its
// verdict), a door on a tablet, and the organiser's event overview and live arrivals on a laptop.
// Run after `npm run build`: `npx tsx scripts/readme-pictures.ts` (writes docs/images/*.png).
// It starts its own server on a free port with a fresh demo seed in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { killHard, type RunningServer, startServerProcess } from '../test/server/server-process';

const OUT = 'docs/images';
const TOKEN = 'readme-pictures-token';
const MAIN_LIST = 'chk_pDemoMainEntrance000000';

async function fresh(list: string, base: string, count: number): Promise<{ slug: string }[]> {
  const [tickets, checkins] = await Promise.all(
    ['tickets', 'checkins'].map(async (kind) => {
      const out: {
        id?: number;
        ticket_id?: number;
        slug?: string;
        state?: string;
        payment_state?: string;
      }[] = [];
      for (let page = 1; ; page++) {
        const items = await (
          await fetch(`${base}/checkin/checkin_lists/${list}/${kind}?page=${page}`)
        ).json();
        if (!Array.isArray(items) || items.length === 0) return out;
        out.push(...items);
      }
    }),
  );
  const taken = new Set((checkins ?? []).map((c) => c.ticket_id));
  return (tickets ?? [])
    .filter((t) => !taken.has(t.id) && t.state === 'complete' && t.payment_state !== 'unpaid')
    .slice(0, count)
    .map((t) => ({ slug: String(t.slug) }));
}

async function door(browser: Browser, base: string, size: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: base, viewport: size, colorScheme: 'dark' });
  await context.addInitScript(() => {
    localStorage.setItem(
      'venue-checkin.settings',
      JSON.stringify({ deviceName: 'North door', sounds: false, autoReturnSeconds: 0 }),
    );
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Check-in list slug or address').fill(MAIN_LIST);
  await page.getByRole('button', { name: 'Join list' }).click();
  await page.getByTestId('door-status').waitFor({ timeout: 30_000 });
  await page.getByTestId('last-sync').filter({ hasText: 'Synced' }).waitFor({ timeout: 30_000 });
  return page;
}

async function scan(page: Page, code: string) {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }
  }, code);
  await page.getByTestId('verdict').waitFor();
  await page.waitForTimeout(400);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'readme-pictures-'));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServerProcess({
      MOCK_DATA_DIR: dataDir,
      MOCK_SEED: 'demo',
      MOCK_API_TOKENS: `${TOKEN}:live:3.1:demo`,
    });
    const base = server.origin;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const tickets = await fresh(MAIN_LIST, base, 40);
    const phone = await door(browser, base, { width: 390, height: 844 });
    for (const ticket of tickets.slice(0, 30)) {
      await scan(phone, ticket.slug);
      await phone.getByRole('button', { name: 'Next scan' }).click();
    }
    await scan(phone, tickets[30]!.slug);
    await phone.screenshot({ path: `${OUT}/door-phone-admitted.png` });
    await phone.getByRole('button', { name: 'Next scan' }).click();
    await scan(phone, tickets[30]!.slug.slice(0, -3));
    await phone.screenshot({ path: `${OUT}/door-phone-refused.png` });

    const tablet = await door(browser, base, { width: 1024, height: 768 });
    await scan(tablet, tickets[31]!.slug);
    await tablet.getByRole('button', { name: 'Next scan' }).click();
    await tablet.waitForTimeout(500);
    await tablet.screenshot({ path: `${OUT}/door-tablet.png` });

    const laptop = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const organiser = await laptop.newPage();
    await organiser.goto('/organiser/connection');
    await organiser.getByLabel('Another Admin API').check();
    await organiser.getByLabel('Base address (ends in /v3)').fill(`${base}/v3`);
    await organiser.getByLabel('API token').fill(TOKEN);
    await organiser.getByRole('button', { name: 'Save connection' }).click();
    await organiser.getByTestId('hello').waitFor();
    await organiser.goto('/organiser/accounts/demo');
    await organiser
      .getByRole('link')
      .filter({ hasText: /conference/i })
      .first()
      .click();
    await organiser.waitForTimeout(1500);
    await organiser.screenshot({ path: `${OUT}/organiser-overview.png` });
    await organiser.getByRole('link', { name: 'Check-in lists', exact: true }).click();
    await organiser.getByRole('link', { name: 'Main entrance' }).first().click();
    await organiser
      .getByRole('link', { name: /arrivals/i })
      .first()
      .click();
    await organiser.waitForTimeout(4000);
    await organiser.screenshot({ path: `${OUT}/organiser-arrivals.png` });
  } finally {
    await browser?.close();
    if (server) await killHard(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
