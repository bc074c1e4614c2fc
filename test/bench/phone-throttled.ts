// The door on the calibrated phone: headless Chromium (persistent profile: real on-disk
// IndexedDB) on a 100,000-ticket list served by the Node server, with the page slowed by CDP
// and each worker's thread held by a CPU cgroup quota (Chromium refuses CDP throttling for
// workers, and the page's throttle does not reach them), the rate and the quota chosen at the
// start so the page and a worker score the phone's fixed figures on this host
// (browser/phone-calibration.ts). Neither slows IndexedDB's storage engine, which runs in the
// browser process. Also the page's long tasks from the scan screen's first frame, the
// unthrottled cold start (beside this host's score), the worker's heap and the list's size on
// disk. The phone figures of record are phone.bench.ts's simulated ones; this is the real
// throttled run they are compared with (docs/benchmarks.md), not part of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { fakeCameraArgs } from '../../e2e/fixtures/browser';
import { benchChromiumArgs } from './browser/bench-args';
import { makeQrVideo } from '../../e2e/fixtures/qr-video';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { cameraMarked, describeCameraMarks, type PageCameraMarks, watchCamera } from './browser/camera-marks';
import { startProfile, stopProfile } from './browser/cpu-profile';
import { startTrace } from './browser/long-task-trace';
import {
  describeLongTasks,
  type LongTasks,
  longTasksSinceScanScreen,
  watchLongTasks,
} from './browser/long-tasks';
import {
  calibratePhone,
  describeHost,
  PHONE_TARGET,
  pageScore,
  printCalibration,
  workerScore,
} from './browser/phone-calibration';
import { wedgeScansToVerdict } from './browser/wedge-scans';
import { answerUnlockInPage, BENCH_PASSCODE, choosePasscodeIfAsked } from './browser/door-passcode';
import { workerDevtools } from './browser/worker-devtools';
import { throttleWorkers, type WorkerThrottle } from './browser/worker-cgroup';
import { waitForSynced } from './browser/door-synced';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const SCANS = 50;
const COLD_RUNS = 3;
const CAMERA_RUNS = 3;
const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const median = (values: number[]) => percentile(values, 50);

const distDir = mkdtempSync(join(tmpdir(), 'phone-bench-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'phone-bench-data-'));
const profile = mkdtempSync(join(tmpdir(), 'phone-bench-profile-'));
// Unminified with BENCH_PROFILE or BENCH_TRACE, for readable names in a profile.
await build({
  logLevel: 'warn',
  build: {
    outDir: distDir,
    emptyOutDir: true,
    minify: !process.env.BENCH_PROFILE && !process.env.BENCH_TRACE,
  },
});
console.log(`# load average at start: ${execFileSync('uptime').toString().trim()}`);

const server = await startServerProcess(
  {
    PORT: process.env.BENCH_PORT ?? '48121',
    MOCK_DATA_DIR: dataDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: String(TICKETS),
    DIST_DIR: distDir,
  },
  240_000,
);
const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
const slugs: string[] = [];
const needed = 2 * SCANS + 2 * COLD_RUNS + CAMERA_RUNS;
for (let page = 1; slugs.length < needed; page++) {
  const tickets = (await (await fetch(`${listUrl}/tickets?page=${page}`)).json()) as { slug: string }[];
  slugs.push(...tickets.map((t) => t.slug));
}
const nextSlugs = (n: number) => slugs.splice(0, n);

// The phone on this host, chosen now that the server has seeded its list and is idle.
const phone = await calibratePhone();
printCalibration(phone);

interface Door {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  pageThrottle: string;
  worker?: WorkerThrottle;
  label: string;
  trace?: Awaited<ReturnType<typeof startTrace>>;
}

/** BENCH_PROFILE=folder: each browser's page profile is written there and summed here. */
const PROFILES = process.env.BENCH_PROFILE;
/** BENCH_TRACE=folder: each throttled browser's trace is written there and its long tasks explained. */
const TRACES = process.env.BENCH_TRACE;

const throttles = new Set<WorkerThrottle>();

/** Retries `attempt` until it resolves (20 s at most). */
async function waitFor<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A restarted phone: a fresh browser on the same profile, throttled or not, online or not. */
async function open(options: {
  throttle: boolean;
  offline?: boolean;
  video?: string;
  label: string;
}): Promise<Door> {
  // Started before the browser so the worker's thread is caught as soon as it appears.
  const worker =
    options.throttle && phone.workerQuotaUs > 0 ? throttleWorkers(profile, phone.workerQuotaUs) : undefined;
  if (worker) throttles.add(worker);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...benchChromiumArgs, ...(options.video ? fakeCameraArgs(options.video) : [])],
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
  });
  if (options.offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  // Every start of a joined door opens its sealed list with the passcode, typed at once.
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  // tsx names functions with a helper the page does not have; evaluate() bodies need it.
  await page.addInitScript(() => {
    (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
  });
  await page.addInitScript(() => {
    localStorage.setItem(
      'venue-checkin.settings',
      // No return to scanning by itself: the bench dismisses each verdict when it is done with it.
      JSON.stringify({ deviceName: 'Bench phone', sounds: false, vibration: false, autoReturnSeconds: 0 }),
    );
  });
  if (options.throttle) await page.addInitScript(watchLongTasks);
  const cdp = await context.newCDPSession(page);
  let pageThrottle = 'not applied (not asked)';
  if (options.throttle && phone.pageRate === 1)
    pageThrottle = 'not applied (this host is slower than the phone)';
  else if (options.throttle) {
    try {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.pageRate });
      pageThrottle = `applied (CDP Emulation.setCPUThrottlingRate rate ${phone.pageRate})`;
    } catch (error) {
      pageThrottle = `not applied (${(error as Error).message.split('\n')[0]})`;
    }
  }
  if (PROFILES) await startProfile(cdp);
  const trace = TRACES && options.throttle ? await startTrace(await context.newCDPSession(page)) : undefined;
  return { context, page, cdp, pageThrottle, worker, label: options.label, trace };
}

async function close(door: Door) {
  if (PROFILES) console.log(await stopProfile(door.cdp, PROFILES, door.label));
  if (door.trace) console.log(await door.trace.stop(TRACES!, door.label));
  await door.context.close();
  door.worker?.stop();
}

/** Wedge scans one after another; each timed from its Enter key to the verdict on screen. */
const enterToVerdict = (page: Page, codes: string[]) => wedgeScansToVerdict(page, codes, 'enter');

interface ColdMarks {
  workerCreated: number;
  /** When the hidden first verdict (VerdictRehearsal.tsx) was drawn and gone; 0 if never. */
  rehearsalGone: number;
  scanScreen: number;
  wedgeListening: number;
  verdict: number;
  /** When the unlock screen was answered (the sealed list's passcode); 0 if it never showed. */
  unlockSubmitted: number;
}

/**
 * From navigation to the first wedge scan's verdict on screen. The scan's keys go out as soon
 * as the page listens for a wedge (a scanner's keys before that are lost), so the figure is
 * the app's readiness plus one verdict. Marks are `performance.now()`: ms since navigation.
 */
async function coldStart(door: Door, code: string): Promise<ColdMarks> {
  await door.page.addInitScript((code) => {
    const marks = {
      workerCreated: 0,
      rehearsalGone: 0,
      scanScreen: 0,
      wedgeListening: 0,
      verdict: 0,
    };
    (window as unknown as { __cold: typeof marks }).__cold = marks;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        marks.workerCreated ||= performance.now();
      }
    };
    const listen = window.addEventListener;
    window.addEventListener = function (
      this: Window,
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      listen.call(this, type, listener, options);
      // The wedge listener is the page's capturing keydown listener (useWedgeScanner).
      if (type !== 'keydown' || marks.wedgeListening || typeof options !== 'object' || !options.capture)
        return;
      marks.wedgeListening = performance.now();
      setTimeout(() => {
        for (const key of [...code, 'Enter'])
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
    } as typeof window.addEventListener;
    new MutationObserver((records) => {
      // From the removal: the hidden verdict comes and goes in one task (VerdictRehearsal.tsx).
      const gone = records.some((r) =>
        [...r.removedNodes].some((n) => n instanceof Element && n.matches('.verdict-rehearsal')),
      );
      if (gone && !marks.rehearsalGone) marks.rehearsalGone = performance.now();
      if (!marks.scanScreen && document.querySelector('[data-testid="door-status"]'))
        marks.scanScreen = performance.now();
      if (!marks.verdict && document.querySelector('[data-testid="verdict"]'))
        requestAnimationFrame(() => {
          marks.verdict ||= performance.now();
        });
    }).observe(document, { childList: true, subtree: true });
  }, code);
  await door.page.goto('/');
  await door.page.waitForFunction(
    () => (window as unknown as { __cold: ColdMarks }).__cold.verdict > 0,
    null,
    {
      timeout: 180_000,
      polling: 100,
    },
  );
  return door.page.evaluate(() => {
    const w = window as unknown as { __cold: ColdMarks; __unlock?: { submitted: number } };
    return { ...w.__cold, unlockSubmitted: w.__unlock?.submitted ?? 0 };
  });
}

/** The longest of `runs`' long tasks, and how many there were in all. */
function longTaskLines(when: string, runs: LongTasks[], what: string) {
  const longest = Math.max(0, ...runs.flatMap((r) => r.durations));
  const count = runs.reduce((sum, r) => sum + r.durations.length, 0);
  const unseen = runs.filter((r) => !r.firstFrame).length;
  line(
    `phone-longest-task-after-${when}`,
    unseen === runs.length ? 'unknown' : Math.round(longest),
    `ms (the page's longest task from the scan screen's first frame, ${what}${unseen ? `; the scan screen never showed in ${unseen} of ${runs.length}` : ''}; target: none over 50 ms)`,
  );
  line(
    `phone-long-tasks-after-${when}`,
    count,
    `tasks over 50 ms (the same ${runs.length === 1 ? 'run' : `${runs.length} runs`})`,
  );
  for (const [run, tasks] of runs.entries())
    console.log(`# long tasks after ${when}${runs.length > 1 ? ` ${run}` : ''}: ${describeLongTasks(tasks)}`);
}

const describeCold = (m: ColdMarks) =>
  `worker created ${Math.round(m.workerCreated)} ms, ${m.unlockSubmitted ? `passcode typed ${Math.round(m.unlockSubmitted)} ms, ` : ''}${m.rehearsalGone ? `hidden first verdict drawn by ${Math.round(m.rehearsalGone)} ms` : 'no hidden first verdict'}, scan screen ${Math.round(m.scanScreen)} ms, ` +
  `wedge listening ${Math.round(m.wedgeListening)} ms, verdict ${Math.round(m.verdict)} ms`;

function idbSizeMb(): number {
  const out = execFileSync('du', ['-sk', join(profile, 'Default', 'IndexedDB')]).toString();
  return Number(out.split('\t')[0]) / 1024;
}

try {
  // 1. A phone joins the list, then scans online right after.
  {
    const door = await open({ throttle: true, label: 'join' });
    const { page } = door;
    const worker = PROFILES ? await workerDevtools(door.cdp) : undefined;
    await page.goto('/');
    // The worker exists from the page's first module on (src/main.ts).
    if (worker)
      await waitFor(() => worker('Runtime.evaluate', { expression: '1' })).then(() => startProfile(worker));
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    const joinedAt = await choosePasscodeIfAsked(page, Date.now());
    // The count sits in the scan screen's menu (closed): present, not shown.
    await page
      .getByTestId('progress')
      .filter({ hasText: `/ ${TICKETS} in` })
      .waitFor({ state: 'attached', timeout: 600_000 });
    await waitForSynced(page, 600_000);
    line(
      'phone-first-download',
      ((Date.now() - joinedAt) / 1000).toFixed(1),
      's (join to ready; target <= 10 s)',
    );
    const online = await enterToVerdict(page, nextSlugs(SCANS));
    if (process.env.BENCH_SERIES)
      console.log(`series online: ${online.map((ms) => ms.toFixed(0)).join(' ')}`);
    line(
      'phone-enter-to-verdict-online-p95',
      percentile(online, 95).toFixed(0),
      `ms (${SCANS} tickets, online right after joining; median ${median(online).toFixed(0)} ms; target <= 50 ms)`,
    );
    longTaskLines(
      'join',
      [await longTasksSinceScanScreen(page)],
      `over the join and ${SCANS} scans online right after it`,
    );
    console.log(`# join run: page ${door.pageThrottle}; worker ${door.worker?.status() ?? 'not throttled'}`);
    if (worker) console.log(await stopProfile(worker, PROFILES!, 'join-worker'));
    await close(door);
    line('door-idb-size', idbSizeMb().toFixed(1), `MB (the profile's IndexedDB folder, ${TICKETS} tickets)`);
  }

  // 2. A restarted phone, offline: the first verdict, then scans; and whether each throttle held.
  const phoneCold: ColdMarks[] = [];
  const restartTasks: LongTasks[] = [];
  let pageThrottle = '';
  let workerThrottle = '';
  for (let run = 0; run < COLD_RUNS; run++) {
    const door = await open({ throttle: true, offline: true, label: `phone-cold-${run}` });
    phoneCold.push(await coldStart(door, nextSlugs(1)[0]!));
    if (run === 0) {
      await door.page.locator('.verdict .button--solid').click();
      await door.page.getByTestId('verdict').waitFor({ state: 'detached' });
      const offline = await enterToVerdict(door.page, nextSlugs(SCANS));
      // Where the time goes, scan by scan (in order): BENCH_SERIES=1.
      if (process.env.BENCH_SERIES) console.log(`series: ${offline.map((ms) => ms.toFixed(0)).join(' ')}`);
      line(
        'phone-enter-to-verdict-p95',
        percentile(offline, 95).toFixed(0),
        `ms (${SCANS} tickets, offline after a restart; median ${median(offline).toFixed(0)} ms; target <= 50 ms)`,
      );
      // Read before the scores below, whose runs are long tasks of their own.
      restartTasks.push(await longTasksSinceScanScreen(door.page));
      // Each throttle checked mid-run: the calibration's workload in the app's own page and
      // sync worker, with the throttle (the phone's figure) and without it (the host's).
      const slowPage = await pageScore(door.page, 3);
      await door.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const fastPage = await pageScore(door.page, 3);
      pageThrottle = door.pageThrottle.startsWith('applied')
        ? `applied (mid-run the page scored ${slowPage.toFixed(0)} rounds/s, the phone ${PHONE_TARGET.page}; ${fastPage.toFixed(0)} unthrottled)`
        : door.pageThrottle;
      const worker = door.page.workers().find((w) => w.url().includes('engine-worker'));
      const throttle = door.worker;
      if (worker && throttle && throttle.moved() > 0) {
        const slowWorker = await workerScore(worker, 3);
        throttle.release();
        const fastWorker = await workerScore(worker, 3);
        throttle.restore();
        workerThrottle = `applied (mid-run the sync worker scored ${slowWorker.toFixed(0)} rounds/s, the phone ${PHONE_TARGET.worker}; ${fastWorker.toFixed(0)} unthrottled; ${throttle.status()}; quota hit in ${throttle.throttledPeriods()} periods)`;
      } else workerThrottle = throttle?.status() ?? 'not applied (no quota chosen)';
    } else restartTasks.push(await longTasksSinceScanScreen(door.page));
    await close(door);
  }
  longTaskLines(
    'restart',
    restartTasks,
    `over ${COLD_RUNS} restarts offline: each to its first wedge verdict, the first also ${SCANS} scans after it`,
  );
  line('phone-throttle-page', pageThrottle, '');
  line('phone-throttle-worker', workerThrottle, '');
  const phoneVerdicts = phoneCold.map((m) => m.verdict);
  line(
    'phone-cold-start-to-verdict',
    (median(phoneVerdicts) / 1000).toFixed(2),
    `s (median of ${COLD_RUNS} restarts offline, navigation to the first wedge verdict; target <= 1.5 s)`,
  );
  for (const m of phoneCold) console.log(`# phone cold start: ${describeCold(m)}`);

  // 3. The same unthrottled, and the worker's heap with the whole list loaded.
  const cold: ColdMarks[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const door = await open({ throttle: false, offline: true, label: `cold-${run}` });
    const devtools = await workerDevtools(door.cdp);
    cold.push(await coldStart(door, nextSlugs(1)[0]!));
    if (run === 0) {
      await door.page
        .getByTestId('progress')
        .filter({ hasText: `/ ${TICKETS} in` })
        .waitFor({ state: 'attached', timeout: 120_000 });
      const heapMb = async () => {
        await devtools('HeapProfiler.collectGarbage');
        const heap = await devtools<{ usedSize: number }>('Runtime.getHeapUsage');
        return (heap.usedSize / 1024 / 1024).toFixed(1);
      };
      line(
        'door-worker-heap',
        await heapMb(),
        `MB (the sync worker's JS heap after GC, ${TICKETS} tickets loaded)`,
      );
      await door.page.locator('.verdict .button--solid').click();
      // Search is in the scan screen's menu.
      const menu = door.page.getByTestId('scan-menu');
      await menu.locator('summary').click();
      await menu.getByRole('link', { name: 'Search' }).click();
      const asked = Date.now();
      await door.page.getByLabel('Name, email, company or reference').fill('ma');
      // Results or "no match": either way the search has answered.
      await door.page.locator('.results li, .panel p[role="status"]').first().waitFor({ timeout: 60_000 });
      line(
        'door-first-search',
        Date.now() - asked,
        'ms (unthrottled, typing "ma" to its answer on screen; builds the search index unless idle time has built it)',
      );
      line('door-worker-heap-with-search', await heapMb(), 'MB (the same once the search index is built)');
    }
    await close(door);
  }
  line(
    'cold-start-to-verdict',
    (median(cold.map((m) => m.verdict)) / 1000).toFixed(2),
    `s (unthrottled on this host, scoring ${describeHost(phone.host)}; median of ${COLD_RUNS} restarts offline; target <= 0.5 s)`,
  );
  for (const m of cold) console.log(`# cold start: ${describeCold(m)}`);

  // 4. The camera on a phone: its first video frame to the verdict on screen.
  const cameraTimes: number[] = [];
  for (const [run, slug] of nextSlugs(CAMERA_RUNS).entries()) {
    const video = await makeQrVideo(`phone-bench-${slug}`, slug);
    const door = await open({ throttle: true, video, label: `camera-${run}` });
    await watchCamera(door.page);
    await door.page.goto('/');
    const seen = await cameraMarked(door.page, 90_000)
      .then(() => true)
      .catch(() => false);
    const marks = await door.page.evaluate(() => {
      const video = document.querySelector('video');
      return {
        ...(window as unknown as { __bench: PageCameraMarks }).__bench,
        video: video ? `readyState ${video.readyState}, ${video.videoWidth}x${video.videoHeight}` : 'none',
        status: document.querySelector('[data-testid="door-status"]')?.textContent ?? 'no scan screen',
        camera: document.querySelector('.camera')?.textContent?.slice(0, 120) ?? '',
      };
    });
    if (seen) {
      cameraTimes.push(marks.verdict - marks.firstFrame);
      console.log(`# camera: ${describeCameraMarks(marks)}`);
    } else
      console.log(
        `# camera run: no verdict within 90 s (first frame at ${Math.round(marks.firstFrame)} ms; video ${marks.video}; status "${marks.status}"; camera "${marks.camera}")`,
      );
    await close(door);
  }
  line(
    'phone-camera-frame-to-verdict',
    median(cameraTimes).toFixed(0),
    `ms (median of ${cameraTimes.length} of ${CAMERA_RUNS} runs: first video frame to verdict on screen, online; target <= 150 ms)`,
  );
  console.log(`# load average at end: ${execFileSync('uptime').toString().trim()}`);
} finally {
  for (const throttle of throttles) throttle.stop();
  await killHard(server);
  for (const dir of [distDir, dataDir, profile]) rmSync(dir, { recursive: true, force: true });
}
