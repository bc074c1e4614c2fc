// The fast lane through one camera: Chromium's fake camera plays a queue of 60 different
// ticket QR codes, one a second and then two a second, to the production build on the real
// Node server (headless Chromium, persistent profile). Counted in the page (each lane verdict
// as it is drawn) and on the server (active check-ins per ticket once the outbox has gone):
// admissions a minute, codes missed, check-ins doubled, verdicts shown.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { fakeCameraArgs } from '../../e2e/fixtures/browser';
import { benchChromiumArgs } from './browser/bench-args';
import { makeQrSequenceVideo } from '../../e2e/fixtures/qr-video';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { answerUnlockInPage, BENCH_PASSCODE, choosePasscodeIfAsked } from './browser/door-passcode';
import { waitForSynced } from './browser/door-synced';
import { type DecoderFrame, readDecoderFrames, watchDecoderFrames } from './browser/camera-marks';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const CODES = 60;
// A blank start long enough for the camera and decoder to be running before the first code,
// as a queue waits for the scan screen; the figures are about the lane, not the start-up.
const LEAD_S = 4;
const TAIL_S = 4;
const RUNS = [
  { name: '1s', secondsEach: 1 },
  { name: '0.5s', secondsEach: 0.5 },
].filter((run) => !process.env.BENCH_LANE_RUN || run.name === process.env.BENCH_LANE_RUN);
const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);

interface ServiceTicket {
  id: number;
  slug: string;
  reference: string;
  state: string;
  payment_state: string;
  void?: boolean;
}
interface ServiceCheckin {
  ticket_id: number;
  deleted_at: string | null;
}
interface LaneMark {
  kind: string;
  text: string;
  at: number;
}
interface PageMarks {
  firstFrame: number;
  lane: LaneMark[];
  strip: LaneMark[];
  notices: string[];
  cameras: number;
  longestFrameGap: number;
  longestTask: number;
  /** The longest task once the camera showed its first picture (the page's start is before it). */
  longestTaskInRun: number;
  refusals: { kind: string; at: number }[];
}

const distDir = mkdtempSync(join(tmpdir(), 'lane-bench-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'lane-bench-data-'));
const profile = mkdtempSync(join(tmpdir(), 'lane-bench-profile-'));
await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
const server = await startServerProcess(
  { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS), DIST_DIR: distDir },
  240_000,
);
const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;

async function all<T>(resource: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const items = (await (await fetch(`${listUrl}/${resource}?page=${page}`)).json()) as T[];
    if (items.length === 0) return out;
    out.push(...items);
  }
}

async function activeCheckins(): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const c of await all<ServiceCheckin>('checkins'))
    if (c.deleted_at === null) counts.set(c.ticket_id, (counts.get(c.ticket_id) ?? 0) + 1);
  return counts;
}

async function open(video: string) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...benchChromiumArgs, ...fakeCameraArgs(video)],
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  await page.addInitScript(() => {
    (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
  });
  await page.addInitScript(() => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(
      key,
      JSON.stringify({ ...saved, deviceName: 'Lane bench', sounds: false, vibration: false }),
    );
  });
  return { context, page };
}

/** Marks each lane verdict as it is drawn, and acknowledges any refusal so the count goes on. */
function watchLane() {
  const marks: PageMarks = {
    firstFrame: 0,
    lane: [],
    strip: [],
    notices: [],
    refusals: [],
    cameras: 0,
    longestFrameGap: 0,
    longestTask: 0,
    longestTaskInRun: 0,
  };
  (window as unknown as { __lane: PageMarks }).__lane = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longestTask = Math.max(marks.longestTask, entry.duration);
      if (marks.firstFrame && entry.startTime >= marks.firstFrame)
        marks.longestTaskInRun = Math.max(marks.longestTaskInRun, entry.duration);
    }
  }).observe({ type: 'longtask' });
  new MutationObserver((records) => {
    const video = document.querySelector('video');
    if (video && !video.dataset.watched) {
      video.dataset.watched = '1';
      // Every new picture from the camera: a long gap means the picture froze, whatever the decoder did.
      let lastFrame = 0;
      const onFrame = (now: number) => {
        marks.firstFrame ||= now;
        if (lastFrame) marks.longestFrameGap = Math.max(marks.longestFrameGap, now - lastFrame);
        lastFrame = now;
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        for (const el of [node, ...node.querySelectorAll('*')] as HTMLElement[]) {
          if (el.classList.contains('camera')) marks.cameras++;
          if (el.dataset.testid === 'lane-verdict')
            marks.lane.push({
              kind: el.dataset.verdict ?? '',
              text: el.textContent ?? '',
              at: performance.now(),
            });
          // A strip entry: the verdict with its name, also when the next card came too soon to draw it.
          if (el.classList.contains('lane__item'))
            marks.strip.push({
              kind: el.dataset.verdict ?? '',
              text: el.textContent ?? '',
              at: performance.now(),
            });
          // A problem recording a scan (the "Checking…" line of each decision is not one).
          if (el.classList.contains('scan__notice') && !el.dataset.testid)
            marks.notices.push(el.textContent ?? '');
          if (el.dataset.testid === 'verdict') {
            marks.refusals.push({ kind: el.dataset.verdict ?? '', at: performance.now() });
            (el.querySelector('.button--solid') as HTMLButtonElement | null)?.click();
          }
        }
      }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * The longest time between two decode attempts once the camera showed its first picture: whether
 * the page was starved when a code went by unread.
 */
function longestAttemptGap(frames: readonly DecoderFrame[], firstFrame: number): number {
  let longest = 0;
  for (let i = 1; i < frames.length; i++)
    if (firstFrame && frames[i - 1]!.at >= firstFrame)
      longest = Math.max(longest, frames[i]!.at - frames[i - 1]!.at);
  return longest;
}

const marksOf = (page: Page) => page.evaluate(() => (window as unknown as { __lane: PageMarks }).__lane);

try {
  const taken = new Set((await all<ServiceCheckin>('checkins')).map((c) => c.ticket_id));
  const fresh = (await all<ServiceTicket>('tickets')).filter(
    (t) => !taken.has(t.id) && t.state === 'complete' && t.payment_state !== 'unpaid' && !t.void,
  );
  if (fresh.length < CODES * RUNS.length) throw new Error(`only ${fresh.length} fresh tickets`);

  // Join with a blank camera and switch the lane on, as staff would.
  const blank = await makeQrSequenceVideo('lane-bench-blank', [], { secondsEach: 1 });
  {
    const { context, page } = await open(blank);
    await page.goto('/');
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(page, Date.now());
    await waitForSynced(page, 300_000);
    await page.getByRole('switch', { name: /Fast lane/ }).check();
    await context.close();
  }

  for (const [r, run] of RUNS.entries()) {
    const tickets = fresh.slice(r * CODES, (r + 1) * CODES);
    const video = await makeQrSequenceVideo(
      `lane-bench-${run.name}`,
      tickets.map((t) => t.slug),
      { secondsEach: run.secondsEach, leadSeconds: LEAD_S, tailSeconds: TAIL_S },
    );
    const { context, page } = await open(video);
    await page.addInitScript(watchLane);
    await page.addInitScript(watchDecoderFrames);
    await page.goto('/');
    await page.getByTestId('door-status').waitFor({ timeout: 120_000 });
    // One pass of the clip (it loops): from its first frame to the end of its blank tail.
    const passMs = (LEAD_S + CODES * run.secondsEach + TAIL_S) * 1000;
    await page.waitForFunction(
      (ms) => {
        const marks = (window as unknown as { __lane: PageMarks }).__lane;
        return marks.firstFrame > 0 && performance.now() - marks.firstFrame > ms;
      },
      passMs - 1000,
      { timeout: passMs + 60_000, polling: 250 },
    );
    const marks = await marksOf(page);
    const frames = await readDecoderFrames(page);
    const byRef = new Map(tickets.map((t) => [t.reference, t]));
    const refOf = (text: string) => [...byRef.keys()].find((ref) => text.includes(ref));
    const admittedIn = (list: LaneMark[]) => list.filter((m) => m.kind === 'admitted' && refOf(m.text));
    // Every verdict enters the strip once; its card is drawn unless the next came first.
    const admittedEntries = admittedIn(marks.strip);
    const shown = new Set(admittedEntries.map((m) => refOf(m.text)));
    const cards = new Set(admittedIn(marks.lane).map((m) => refOf(m.text)));
    const pageDoubles = admittedEntries.length - shown.size;

    // The server's word, once the outbox has gone out.
    let active = await activeCheckins();
    const admittedOnServer = () => tickets.filter((t) => (active.get(t.id) ?? 0) > 0).length;
    for (let wait = 0; wait < 60 && admittedOnServer() < shown.size; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      active = await activeCheckins();
    }
    await context.close();
    const serverDoubles = tickets.reduce((sum, t) => sum + Math.max(0, (active.get(t.id) ?? 0) - 1), 0);
    const notShown = tickets.flatMap((t, i) => (shown.has(t.reference) ? [] : [i + 1]));
    const notOnServer = tickets.flatMap((t, i) => ((active.get(t.id) ?? 0) === 0 ? [i + 1] : []));
    const missed = tickets.filter((t) => !shown.has(t.reference) || (active.get(t.id) ?? 0) === 0).length;
    if (missed > 0)
      console.log(
        `# ${run.name}: code numbers not shown: ${notShown.join(', ') || 'none'}; with no check-in on the server: ${notOnServer.join(', ') || 'none'}`,
      );
    // Around a missed code: the time between its neighbours' verdicts (two slots if it was in
    // view unread, one if the camera's picture skipped it).
    const verdictAt = (i: number) => admittedEntries.find((m) => refOf(m.text) === tickets[i]?.reference)?.at;
    for (const n of notShown) {
      const before = verdictAt(n - 2);
      const after = verdictAt(n);
      if (before !== undefined && after !== undefined)
        console.log(`# ${run.name}: code ${n - 1} to code ${n + 1}: ${Math.round(after - before)} ms`);
    }
    const kinds = marks.strip.map((m) => m.kind).filter((k) => k !== 'admitted');
    if (kinds.length || marks.notices.length)
      console.log(
        `# ${run.name}: other verdicts: ${kinds.join(', ') || 'none'}; notices: ${marks.notices.join(' | ') || 'none'}`,
      );
    const times = admittedEntries.map((m) => m.at);
    const spanMin = (Math.max(...times) - Math.min(...times)) / 60_000;
    const perMinute = shown.size > 1 ? (shown.size - 1) / spanMin : 0;
    line(`fast-lane-admissions-${run.name}`, perMinute.toFixed(1), '/min');
    line(`fast-lane-missed-${run.name}`, missed, 'codes');
    line(`fast-lane-doubled-${run.name}`, Math.max(serverDoubles, pageDoubles), 'check-ins');
    line(`fast-lane-verdicts-shown-${run.name}`, shown.size, `of ${CODES}`);
    line(
      `fast-lane-cards-drawn-${run.name}`,
      cards.size,
      `of ${CODES} (the rest went straight to the strip)`,
    );
    line(`fast-lane-refusals-${run.name}`, marks.refusals.length, 'stops');
    line(
      `fast-lane-decode-attempts-${run.name}`,
      (frames.length / (passMs / 1000)).toFixed(1),
      `/s (longest gap ${Math.round(longestAttemptGap(frames, marks.firstFrame))} ms, longest main-thread task ${Math.round(marks.longestTask)} ms, ${Math.round(marks.longestTaskInRun)} ms from the camera's first picture on, longest time without a new camera picture ${Math.round(marks.longestFrameGap)} ms)`,
    );
  }
  line('fast-lane-load-average', loadavg()[0]!.toFixed(2), '(1 min, at the end)');
} finally {
  await killHard(server);
  for (const dir of [distDir, dataDir, profile]) rmSync(dir, { recursive: true, force: true });
}
