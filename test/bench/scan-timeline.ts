// Where a verdict's time goes on a phone-class page: a door joins the 100,000-ticket list
// (unthrottled), then its page is slowed (CDP CPU throttling at the calibrated phone's rate,
// browser/phone-calibration.ts; BENCH_RATE=n for a rate of your own) and wedge scans run one
// after another under a Chromium trace; the trace is summed by thread and by event over the
// scans, and each thread's CPU profile by function. Diagnostic, not a bench figure:
//   node --import tsx test/bench/scan-timeline.ts
//   (WORK=folder keeps the build, data and joined profile between runs; NO_BUILD=1 reuses them)
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard } from '../server/server-process';
import { buildAndServe, openDoorBrowser } from './browser/bench-build';
import { calibratePhone, printCalibration } from './browser/phone-calibration';
import { startProfile, stopProfile } from './browser/cpu-profile';
import { summariseTrace, traceOf } from './browser/trace-summary';
import { wedgeScansToVerdict } from './browser/wedge-scans';
import { workerDevtools } from './browser/worker-devtools';
import { choosePasscodeIfAsked } from './browser/door-passcode';
import { waitForSynced } from './browser/door-synced';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const SCANS = Number(process.env.BENCH_SCANS ?? 30);
const WORK = process.env.WORK ?? mkdtempSync(join(tmpdir(), 'scan-timeline-'));
const profileDir = join(WORK, 'profile');
const joined = existsSync(profileDir);
mkdirSync(profileDir, { recursive: true });
const server = await buildAndServe(WORK, TICKETS, process.env.PORT ?? '4393');
const RATE = await (async () => {
  if (process.env.BENCH_RATE) return Number(process.env.BENCH_RATE);
  const phone = await calibratePhone();
  printCalibration(phone);
  return phone.pageRate;
})();
try {
  const { context, page } = await openDoorBrowser(profileDir, server.origin, 'Timeline door', {
    sounds: false,
    vibration: false,
    autoReturnSeconds: 0,
  });
  await page.goto('/');
  if (!joined) {
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(page, Date.now());
  }
  await waitForSynced(page, 120_000);
  // Codes not scanned before in this WORK folder (each admits its ticket).
  const usedFile = join(WORK, 'used-page');
  const first = existsSync(usedFile) ? Number(readFileSync(usedFile, 'utf8')) : 20;
  const slugs: string[] = [];
  const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
  for (let p = first; slugs.length < SCANS; p++) {
    const tickets = (await (await fetch(`${listUrl}/tickets?page=${p}`)).json()) as { slug: string }[];
    slugs.push(...tickets.map((t) => t.slug));
  }
  (await import('node:fs')).writeFileSync(usedFile, String(first + 1));
  const cdp = await context.newCDPSession(page);
  const worker = await workerDevtools(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  // Every IndexedDB request the worker makes over the scans, counted by store and method (Dexie
  // holds a bound transaction() from before this runs, so requests are what can be counted).
  await worker('Runtime.evaluate', {
    expression: `(() => {
      const seen = (globalThis.__requests = new Map());
      const wrap = (proto, kind) => {
        for (const method of ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete', 'clear', 'count', 'openCursor', 'openKeyCursor']) {
          const original = proto[method];
          if (typeof original !== 'function') continue;
          proto[method] = function (...args) {
            const store = kind === 'index' ? this.objectStore.name + '[' + this.name + ']' : this.name;
            const key = store + '.' + method;
            seen.set(key, (seen.get(key) ?? 0) + 1);
            return original.apply(this, args);
          };
        }
      };
      wrap(IDBObjectStore.prototype, 'store');
      wrap(IDBIndex.prototype, 'index');
    })()`,
  });
  const trace = await traceOf(context, page);
  await startProfile(cdp);
  await startProfile(worker);
  const times = await wedgeScansToVerdict(page, slugs.slice(0, SCANS), 'enter');
  const folder = mkdtempSync(join(tmpdir(), 'scan-profiles-'));
  console.log(await stopProfile(worker, folder, 'scan-worker'));
  console.log(await stopProfile(cdp, folder, 'scan-page'));
  const events = await trace.stop();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `scans (page x${RATE}): median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ` +
      `p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms; in order: ${times.map((t) => t.toFixed(0)).join(' ')}`,
  );
  console.log(summariseTrace(events));
  const counted = await worker<{ result: { value: string } }>('Runtime.evaluate', {
    expression: 'JSON.stringify([self.name, [...globalThis.__requests].sort((a, b) => b[1] - a[1])])',
    returnByValue: true,
  });
  const [workerName, requests] = JSON.parse(counted.result.value) as [string, [string, number][]];
  console.log(`# IndexedDB requests in the worker ${workerName} over ${SCANS} scans:`);
  for (const [request, n] of requests) console.log(`#   ${String(n).padStart(5)}  ${request}`);
  console.log(`# profiles in ${folder}`);
  await context.close();
} finally {
  await killHard(server);
}
