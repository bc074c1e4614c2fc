// Draws the README's pictures from the production build: a door on a phone (a scan and its
// verdict), a door on a tablet with its camera, and the organiser's event overview and live
// arrivals on a laptop. Run after `npm run build`: `npx tsx scripts/readme-pictures.ts` (writes
// docs/images/*.png; needs ffmpeg and the DejaVu fonts, as the tests do: docs/testing.md).
// It starts its own server on a free port with a fresh demo seed in a temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { fakeCameraArgs } from '../e2e/fixtures/browser';
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

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * The tablet's camera, as Chromium's fake camera plays it: a phone showing a ticket's QR code,
 * slightly out of focus, being raised into view. Its lower edge, with two of the code's three
 * corner marks, is still below the picture, so the camera reads nothing and the screen shows
 * the camera's view rather than a verdict.
 */
async function cameraVideo(dir: string, text: string): Promise<string> {
  const qr = join(dir, 'ticket-qr.png');
  const y4m = join(dir, 'tablet-camera.y4m');
  await QRCode.toFile(qr, text, { margin: 2, width: 300, errorCorrectionLevel: 'M' });
  const words = (line: string, y: number, size: number, colour: string) =>
    `drawtext=fontfile=${FONT}:text='${line}':x=(w-tw)/2:y=${y}:fontsize=${size}:fontcolor=${colour}`;
  const graph = [
    // The phone: a dark body, a white screen with the event's name, the code and the release.
    `[1]drawbox=x=12:y=40:w=226:h=360:color=white:t=fill,${words('Demo Conference', 64, 17, '0x222222')},${words('General Admission', 352, 14, '0x555555')}[phone]`,
    '[2]scale=190:190,format=rgba[code]',
    '[phone][code]overlay=30:110:format=rgb,format=rgba,rotate=a=-0.25:c=black@0:ow=rotw(-0.25):oh=roth(-0.25),format=rgba,gblur=sigma=2[held]',
    '[0][held]overlay=x=(W-w)/2+70:y=H-h+200:format=rgb,format=yuv420p',
  ].join(';');
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error'],
    ...[
      '-f',
      'lavfi',
      '-i',
      'gradients=s=640x480:c0=0x46515e:c1=0x161b21:x0=0:y0=0:x1=640:y1=480:speed=0.0001,format=rgba',
    ],
    ...['-f', 'lavfi', '-i', 'color=c=0x101418:s=250x440,format=rgba'],
    ...['-i', qr],
    ...['-filter_complex', graph, '-t', '2', '-r', '10', y4m],
  ]);
  return y4m;
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
  let tabletBrowser: Browser | null = null;
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

    // A browser of its own: Chromium takes its fake camera as a launch flag.
    tabletBrowser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        ...fakeCameraArgs(await cameraVideo(dataDir, tickets[32]!.slug)),
      ],
    });
    const tablet = await door(tabletBrowser, base, { width: 1024, height: 768 });
    await scan(tablet, tickets[31]!.slug);
    await tablet.getByRole('button', { name: 'Next scan' }).click();
    await tablet.locator('.camera[data-phase="running"] video').waitFor({ timeout: 15_000 });
    await tablet.waitForFunction(
      () => (document.querySelector('.camera video') as HTMLVideoElement | null)?.videoWidth,
    );
    await tablet.waitForTimeout(1500);
    if ((await tablet.getByTestId('verdict').count()) > 0)
      throw new Error('The tablet camera read the code: its picture would show a verdict, not the camera');
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
    await tabletBrowser?.close();
    if (server) await killHard(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
