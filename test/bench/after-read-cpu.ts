// The page's CPU in the half second after each read while the camera runs (a diagnostic, not a
// figure): a door joins a small list with Chromium's fake camera running, scans eight tickets by
// wedge (each read flashes the aiming frame, as a camera's does), and the page's main-thread CPU
// and its style, layout and paint events are summed over the 500 ms after each read, then over
// 500 ms windows with nothing happening (the camera's frame loop alone), from a Chromium trace.
//   node --import tsx test/bench/after-read-cpu.ts <built dist> <port> [fast lane: 1]
// (build a tree with `npx vite build --outDir <dist>`; run two builds in turn to compare them.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { openDoorBrowser } from './browser/bench-build';
import { choosePasscodeIfAsked } from './browser/door-passcode';
import { type TraceEvent, traceOf } from './browser/trace-summary';
import { waitForSynced } from './browser/door-synced';

const [dist, port = '44540', fast = '0'] = process.argv.slice(2);
if (!dist) throw new Error('usage: after-read-cpu.ts <built dist> [port] [fast lane: 1]');
const work = mkdtempSync(join(tmpdir(), 'after-read-'));
const server = await startServerProcess(
  {
    MOCK_DATA_DIR: join(work, 'data'),
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '300',
    DIST_DIR: dist,
    PORT: port,
  },
  120_000,
);

/** The page's main-thread CPU (ms) and style, layout and paint events in 500 ms after each mark. */
function after(events: TraceEvent[], mark: string) {
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'TimeStamp'),
  );
  if (!main) throw new Error(`no "${mark}" mark in the trace: the page's main thread was not found`);
  const marks = events
    .filter((e) => e.name === 'TimeStamp' && e.pid === main.pid)
    .filter((e) => (e.args as { data?: { message?: string } }).data?.message === mark)
    .map((e) => e.ts);
  if (marks.length === 0) throw new Error(`no "${mark}" mark in the trace`);
  let cpu = 0;
  const counts = new Map<string, number>();
  for (const from of marks)
    for (const e of events) {
      if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.ts < from || e.ts > from + 500_000)
        continue;
      if (e.name === 'ThreadControllerImpl::RunTask') cpu += (e as { tdur?: number }).tdur ?? 0;
      if (['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'].includes(e.name))
        counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
    }
  const each = [...counts].map(([name, n]) => `${name} ${(n / marks.length).toFixed(1)}`).join(', ');
  return `${(cpu / marks.length / 1000).toFixed(1)} ms of CPU (${marks.length} windows; events a window: ${each || 'none'})`;
}

try {
  const { context, page } = await openDoorBrowser(
    join(work, 'profile'),
    server.origin,
    'After read',
    { sounds: false, vibration: false, fastLane: fast === '1', autoReturnSeconds: 0 },
    ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  );
  await page.goto('/');
  await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
  await page.getByRole('button', { name: 'Join list' }).click();
  await choosePasscodeIfAsked(page, Date.now());
  await waitForSynced(page, 120_000);
  const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
  const tickets = (await (await fetch(`${listUrl}/tickets?page=1`)).json()) as { slug: string }[];
  await page.waitForTimeout(2000);
  const trace = await traceOf(context, page);
  for (const { slug } of tickets.slice(10, 18)) {
    await page.evaluate(async (code) => {
      for (const key of [...code, 'Enter'])
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await new Promise<void>((resolve) => {
        const shown = () =>
          document.querySelector('.camera__frame--read') ? resolve() : setTimeout(shown, 1);
        shown();
      });
      console.timeStamp('read');
    }, slug);
    await page.waitForTimeout(700);
    if (fast !== '1') {
      await page.locator('.verdict .button--solid').click();
      await page.waitForTimeout(300);
    }
  }
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(1500);
    await page.evaluate(() => console.timeStamp('idle'));
    await page.waitForTimeout(600);
  }
  const events = await trace.stop();
  console.log(`after a read: ${after(events, 'read')}`);
  console.log(`nothing happening: ${after(events, 'idle')}`);
  await context.close();
} finally {
  await killHard(server);
  rmSync(work, { recursive: true, force: true });
}
