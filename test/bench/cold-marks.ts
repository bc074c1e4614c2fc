// Where a restart's first verdict waits: an offline restart of a joined door (unthrottled), its
// first wedge scan sent as soon as the page listens, the page's and the worker's performance
// marks on one time line, then 50 scans while the list still loads. Shares WORK with
// worker-heap-snapshot.ts (run that first: it seeds the server and joins the list).
//   node --import tsx test/bench/cold-marks.ts [runs]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchChromiumArgs } from './browser/bench-args';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard } from '../server/server-process';
import { buildAndServe } from './browser/bench-build';
import { startProfile, stopProfile } from './browser/cpu-profile';
import { wedgeScansToVerdict } from './browser/wedge-scans';
import { calibratePhone, printCalibration } from './browser/phone-calibration';
import { throttleWorkers } from './browser/worker-cgroup';
import { summariseTrace, traceOf } from './browser/trace-summary';
import { answerUnlockInPage, BENCH_PASSCODE } from './browser/door-passcode';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const WORK = process.env.WORK ?? '/tmp/worker-heap';
// One origin for every run: the joined list and the app's offline copy belong to it.
const PORT = process.env.PORT ?? '4391';
const RUNS = Number(process.argv[2] ?? 3);
/** BENCH_PHONE=1: on the calibrated phone (page and workers slowed, phone-calibration.ts). */
const PHONE = Boolean(process.env.BENCH_PHONE);
const SCANS = 50;
const server = await buildAndServe(WORK, TICKETS, PORT);
const phone = PHONE ? await calibratePhone() : null;
if (phone) printCalibration(phone);
// A fresh build reaches an offline restart only through a fresh service worker: the old one
// is dropped and the new one installed online (it precaches the build) before the runs.
if (!process.env.NO_BUILD) {
  rmSync(join(WORK, 'profile', 'Default', 'Service Worker'), { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(join(WORK, 'profile'), {
    executablePath: '/usr/bin/chromium',
    args: benchChromiumArgs,
    baseURL: server.origin,
  });
  const p = context.pages()[0] ?? (await context.newPage());
  await p.goto('/');
  await p.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.close();
}
const usedFile = join(WORK, 'used-pages');
let page = Number(
  (() => {
    try {
      return readFileSync(usedFile, 'utf8');
    } catch {
      return '10';
    }
  })(),
);
const slugs: string[] = [];
const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
while (slugs.length < RUNS * (SCANS + 1)) {
  const tickets = (await (await fetch(`${listUrl}/tickets?page=${page++}`)).json()) as { slug: string }[];
  slugs.push(...tickets.map((t) => t.slug));
}
writeFileSync(usedFile, String(page));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

try {
  const firsts: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const workers = phone?.workerQuotaUs ? throttleWorkers(join(WORK, 'profile'), phone.workerQuotaUs) : null;
    const context = await chromium.launchPersistentContext(join(WORK, 'profile'), {
      executablePath: '/usr/bin/chromium',
      args: benchChromiumArgs,
      baseURL: server.origin,
      viewport: { width: 390, height: 844 },
    });
    await context.setOffline(true);
    const p = context.pages()[0] ?? (await context.newPage());
    await p.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
    await p.addInitScript(() => {
      (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
    });
    await p.addInitScript(() => {
      localStorage.setItem(
        'venue-checkin.settings',
        JSON.stringify({ deviceName: 'Bench phone', sounds: false, vibration: false, autoReturnSeconds: 0 }),
      );
    });
    if (phone && phone.pageRate > 1)
      await (await context.newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: phone.pageRate });
    const code = slugs.shift()!;
    await p.addInitScript((code) => {
      const mark = (name: string) => performance.mark(`P:${name}`);
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(...args: ConstructorParameters<typeof Worker>) {
          super(...args);
          mark('worker-created');
        }
      };
      let listening = false;
      let verdict = false;
      const listen = window.addEventListener;
      window.addEventListener = function (
        this: Window,
        type: string,
        listener: EventListenerOrEventListenerObject,
        options?: boolean | AddEventListenerOptions,
      ) {
        listen.call(this, type, listener, options);
        if (type !== 'keydown' || listening || typeof options !== 'object' || !options.capture) return;
        listening = true;
        mark('wedge-listening');
        setTimeout(() => {
          mark('keys');
          for (const key of [...code, 'Enter'])
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        });
      } as typeof window.addEventListener;
      let screen = false;
      new MutationObserver(() => {
        if (!screen && document.querySelector('[data-testid="door-status"]')) {
          screen = true;
          mark('scan-screen');
        }
        if (!verdict && document.querySelector('[data-testid="verdict"]')) {
          verdict = true;
          mark('verdict-in-dom');
          requestAnimationFrame(() => mark('verdict'));
        }
      }).observe(document, { childList: true, subtree: true });
    }, code);
    // BENCH_PROFILE=folder: the page's profile from navigation to the first verdict.
    const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(p) : null;
    if (cdp) await startProfile(cdp);
    // BENCH_TRACE=file: a Chromium trace (devtools.timeline) of the first run's restart.
    const traceFile = run === 0 ? process.env.BENCH_TRACE : undefined;
    const tracing = traceFile ? await context.newCDPSession(p) : null;
    const traced: unknown[] = [];
    let traceDone: Promise<void> = Promise.resolve();
    if (tracing) {
      traceDone = new Promise((resolve) => tracing.on('Tracing.tracingComplete', () => resolve()));
      tracing.on('Tracing.dataCollected', (event) => traced.push(...event.value));
      await tracing.send('Tracing.start', {
        categories:
          'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,loading,blink.user_timing,IndexedDB',
        transferMode: 'ReportEvents',
      });
    }
    await p.goto('/');
    await p.waitForFunction(() => performance.getEntriesByName('P:verdict').length > 0, null, {
      timeout: 120_000,
      polling: 50,
    });
    if (cdp) console.log(await stopProfile(cdp, process.env.BENCH_PROFILE!, `cold-page-${run}`));
    if (tracing && traceFile) {
      await tracing.send('Tracing.end');
      await traceDone;
      writeFileSync(traceFile, JSON.stringify(traced));
    }
    const pageMarks = await p.evaluate(() => ({
      origin: performance.timeOrigin,
      marks: [
        ...performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
        ...performance
          .getEntriesByType('resource')
          .flatMap((r) => [
            [`R:${r.name.split('/').pop()}:start`, r.startTime] as const,
            [`R:${r.name.split('/').pop()}:end`, (r as PerformanceResourceTiming).responseEnd] as const,
          ]),
      ],
    }));
    const worker = p.workers().find((w) => w.url().includes('engine-worker'))!;
    const workerMarks = await worker.evaluate(() => ({
      origin: performance.timeOrigin,
      marks: [
        ...performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
        ...performance
          .getEntriesByType('resource')
          .flatMap((r) => [
            [`WR:${r.name.split('/').pop()}:start`, r.startTime] as const,
            [`WR:${r.name.split('/').pop()}:end`, (r as PerformanceResourceTiming).responseEnd] as const,
          ]),
      ],
    }));
    const line = [
      ...pageMarks.marks.map(([n, t]) => [n, t] as const),
      ...workerMarks.marks.map(([n, t]) => [n, t + workerMarks.origin - pageMarks.origin] as const),
    ].sort((a, b) => a[1] - b[1]);
    const keys = pageMarks.marks.find(([n]) => n === 'P:keys')![1];
    const verdictAt = pageMarks.marks.find(([n]) => n === 'P:verdict')![1];
    firsts.push(verdictAt - keys);
    console.log(
      `# run ${run}: keys at ${keys.toFixed(0)} ms, verdict ${verdictAt.toFixed(0)} ms (+${(verdictAt - keys).toFixed(0)})`,
    );
    if (run === 0 || process.env.ALL_MARKS)
      for (const [n, t] of line)
        if (!/T:load:(read|got):tickets:[1-9]/.test(n) || (t > keys - 50 && t < verdictAt + 20))
          console.log(`${t.toFixed(1).padStart(9)}  ${n}`);
    await p.locator('.verdict .button--solid').click();
    await p.getByTestId('verdict').waitFor({ state: 'detached' });
    // BENCH_PROFILE=folder also profiles the page over the 50 scans.
    if (cdp) await startProfile(cdp);
    // SCAN_TRACE=1: a Chromium trace over the 50 scans, summed by thread and event.
    const scanTrace = process.env.SCAN_TRACE ? await traceOf(context, p) : null;
    const times = await wedgeScansToVerdict(p, slugs.splice(0, SCANS), 'enter');
    if (scanTrace) console.log(summariseTrace(await scanTrace.stop(), 25));
    if (cdp) console.log(await stopProfile(cdp, process.env.BENCH_PROFILE!, `scans-page-${run}`));
    console.log(
      `# run ${run}: ${SCANS} scans p95 ${percentile(times, 95).toFixed(0)} median ${percentile(times, 50).toFixed(0)}: ${times.map((t) => t.toFixed(0)).join(' ')}`,
    );
    await context.close();
    workers?.stop();
  }
  console.log(`first verdict after keys: ${firsts.map((t) => t.toFixed(0)).join(', ')} ms`);
} finally {
  await killHard(server);
}
