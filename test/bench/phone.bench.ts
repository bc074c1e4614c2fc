// The door on two simulated phones, a mid-tier and a low-tier one (browser/phone-sim.ts): the
// door runs unthrottled in headless Chromium (persistent profile: real on-disk IndexedDB) on a
// 100,000-ticket list served by the Node server, traced with each task's thread CPU time, and
// each figure is computed from the trace: the page's and the workers' CPU time scaled by how much
// slower the phone's cores are than this host's (measured by CPU time, browser/host-cpu-score.ts),
// every thread on a core of its own, the waits as they were. So the figures do not move with
// the host's load. Also the same stretches as this host took them (wall clock), the worker's
// heap, the first search and the list's size on disk.
// `node --import tsx test/bench/phone-throttled.ts` is the same door on a CDP-throttled page.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { makeQrVideo } from '../../e2e/fixtures/qr-video';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { benchPriority } from './browser/bench-priority';
import {
  type CameraMarks,
  cameraMarked,
  describeFramesTried,
  readCameraMarks,
  watchCamera,
} from './browser/camera-marks';
import { choosePasscodeIfAsked } from './browser/door-passcode';
import { coldStart, firstFrameAt, joinMarks, openDoor, scanSpans, watchJoin } from './browser/phone-door';
import type { Span } from './browser/phone-trace';
import { hostCpuScore } from './browser/host-cpu-score';
import { describeKernelCost, kernelWarning, medianKernelCost } from './browser/host-kernel-cost';
import { type PhoneFigure, phoneLines, setUpPhones } from './browser/phone-lines';
import { benchAwake } from './browser/keep-awake';
import { median } from './browser/phone-calibration';
import { firstSearch } from './browser/search-marks';
import { wedgeScansToVerdict } from './browser/wedge-scans';
import { workerDevtools } from './browser/worker-devtools';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PORT = process.env.BENCH_PORT ?? '48120';
const SCANS = 50;
// Eighteen restarts, five joins, thirteen camera runs and nine first searches (about 4.5 min a
// run). Each core of a shared host runs the same work up to three times slower from one
// fraction of a second to the next, and keeps that speed for about a second
// (test/bench/host-noise.ts), whatever the load: a figure whose runs last about a second moves
// with it. With half these counts a quiet and a loaded run agreed within 20 % on every phone
// figure in 4 pairs of 12; with these, in 3 of 8 (docs/benchmarks.md, the twelfth to fourteenth sittings).
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 18);
// Every restart's scans are timed (each run's p95 is about its third-slowest scan of fifty).
const JOIN_RUNS = Number(process.env.BENCH_JOIN_RUNS ?? 5);
const SCAN_RUNS = Math.min(COLD_RUNS, Number(process.env.BENCH_SCAN_RUNS ?? 18));
const CAMERA_RUNS = Number(process.env.BENCH_CAMERA_RUNS ?? 13);
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 9);
/** A first search: two letters, the fewest it answers to, so the most tickets to rank. */
const SEARCH = 'ma';
const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const uptime = () => execFileSync('uptime').toString().trim();

// BENCH_DIST=<a built dist>: that build is served instead of this tree's, so two trees can be
// benched in turn with the same bench (an A/B; each tree built with `npx vite build --outDir`).
// An empty BENCH_DIST is unset: as an empty path it would name this folder, which Vite's build
// empties.
const givenDist = process.env.BENCH_DIST || undefined;
if (givenDist !== undefined && !existsSync(join(givenDist, 'index.html')))
  throw new Error(
    `BENCH_DIST=${givenDist} is not a built app (no index.html there): build one with npx vite build --outDir`,
  );
const distDir = givenDist ?? mkdtempSync(join(tmpdir(), 'phone-bench-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'phone-bench-data-'));
const profile = mkdtempSync(join(tmpdir(), 'phone-bench-profile-'));
// The joins after the first each on a profile of their own, gone after it.
const joinProfiles = Array.from({ length: JOIN_RUNS }, (_, run) =>
  run === 0 ? profile : mkdtempSync(join(tmpdir(), 'phone-bench-profile-')),
);
const binDir = mkdtempSync(join(tmpdir(), 'phone-bench-bin-'));
// Unminified with BENCH_TRACE, for readable function names in where the time goes.
if (!givenDist)
  await build({
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true, minify: !process.env.BENCH_TRACE },
  });
console.log(`# load average at start: ${uptime()}`);
// What this host's kernel charges (a paravirtualised VM's many times a phone's), before the
// browser starts.
const kernelCost = medianKernelCost();
line(
  'host-kernel-cost',
  describeKernelCost(kernelCost),
  '(CPU time of the bench process, browser/host-kernel-cost.ts; median of 3)',
);
const kernelNote = kernelWarning(kernelCost);
if (kernelNote) console.log(kernelNote);

const server = await startServerProcess(
  {
    PORT,
    MOCK_DATA_DIR: dataDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: String(TICKETS),
    DIST_DIR: distDir,
  },
  240_000,
);
const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
// Guests come to a door in no order: each code is a ticket from a page of its own, the pages
// drawn across the whole list (a fixed seed, so every run scans the same tickets). Tickets in a
// row of the list's pages would let a keyed read after a restart find its page already opened
// for the scan before, which a queue seldom does.
const slugs: string[] = [];
const needed = (JOIN_RUNS + SCAN_RUNS) * SCANS + COLD_RUNS + CAMERA_RUNS;
{
  const firstPage = (await (await fetch(`${listUrl}/tickets?page=1`)).json()) as { slug: string }[];
  const pages = Math.ceil(TICKETS / firstPage.length);
  let seed = 20261202;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const drawn = new Set<number>();
  while (slugs.length < needed) {
    const page = 1 + Math.floor(random() * pages);
    if (drawn.has(page) && drawn.size < pages) continue;
    drawn.add(page);
    const tickets = (await (await fetch(`${listUrl}/tickets?page=${page}`)).json()) as { slug: string }[];
    const ticket = tickets[Math.floor(random() * tickets.length)];
    if (ticket && !slugs.includes(ticket.slug)) slugs.push(ticket.slug);
  }
}
const nextSlugs = (n: number) => slugs.splice(0, n);
const priority = benchPriority(binDir);
priority.add(server.child.pid!);
console.log(`# priority of the browser and the server: ${priority.status}`);
const awake = benchAwake();
console.log(`# the host's cores: ${awake.status}`);
const doorOptions = {
  profile,
  origin: server.origin,
  serverPid: server.child.pid!,
  executablePath: priority.executablePath,
};

// This host's speed by CPU time, now that the server has seeded its list and is idle, again after
// the join and at the end; the figures are printed once all three are in.
const hostMeasures = [await hostCpuScore(priority.executablePath)];
const figures: PhoneFigure[] = [];
const print = (figure: PhoneFigure) => {
  figures.push(figure);
  // BENCH_DUMP=folder: each run's trace over its stretches and the stretches, for a diagnosis
  // (test/bench/trace-tree.ts reads them).
  if (process.env.BENCH_DUMP)
    for (const [i, run] of (figure.runs ?? [figure]).entries()) {
      const { clock, events } = run.recording;
      const spans = run.spans.map((span) => span.map((at) => clock.toTrace(at)));
      if (!spans.length) continue;
      const first = spans[0]![0]! - 50_000;
      const last = spans.at(-1)![1]! + 50_000;
      writeFileSync(
        join(process.env.BENCH_DUMP, `${figure.name}${figure.runs ? `-${i}` : ''}.json`),
        JSON.stringify({
          spans,
          pid: clock.pid,
          // The threads' names, and the sampler's profile whole (its nodes come in chunks from the
          // start): stacks by time.
          events: events.filter(
            (e) =>
              (e.ts >= first && e.ts <= last) ||
              e.ph === 'M' ||
              e.name === 'Profile' ||
              e.name === 'ProfileChunk',
          ),
        }),
      );
    }
};

try {
  // 1. A phone joins the list, then scans online right after; each join on a fresh profile, the
  // first one's kept for the restarts below.
  const downloads: PhoneFigure[] = [];
  const onlineScans: PhoneFigure[] = [];
  for (const [run, joinProfile] of joinProfiles.entries()) {
    const door = await openDoor({ ...doorOptions, profile: joinProfile });
    const { page } = door;
    await page.addInitScript(watchJoin, TICKETS);
    await page.goto('/');
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(page, Date.now());
    await page.waitForFunction(
      () => (window as unknown as { __join: { ready: number } }).__join.ready > 0,
      null,
      {
        timeout: 600_000,
        polling: 200,
      },
    );
    // The pointer off the page: left where "Join list" was clicked, it has Blink hit-test for
    // hover after each verdict's layout (about 2 ms of this host's CPU a scan), which a phone's
    // touch screen, with no pointer resting on it, never asks.
    await page.mouse.move(-1, -1);
    const joined = await joinMarks(page);
    await wedgeScansToVerdict(page, nextSlugs(SCANS), 'enter');
    const spans = await scanSpans(page);
    const frame = await firstFrameAt(page);
    const recording = await door.finish();
    downloads.push({
      name: 'first-download',
      recording,
      spans: [[joined.start, joined.ready]],
      what: `median of ${JOIN_RUNS} joins, join to ready`,
    });
    onlineScans.push({
      name: 'enter-to-verdict-online-p95',
      recording,
      spans,
      p95: true,
      what: `${SCANS} tickets a join, online right after joining, Enter to verdict`,
      longTasksFrom: frame ? { when: 'join', at: frame } : undefined,
    });
    await door.context.close();
    if (run > 0) rmSync(joinProfile, { recursive: true, force: true });
    if (run > 0) continue;
    // The host's speed again between the stretches (a score moves from minute to minute here).
    hostMeasures.push(await hostCpuScore(priority.executablePath));
    const du = execFileSync('du', ['-sk', join(profile, 'Default', 'IndexedDB')]).toString();
    line(
      'door-idb-size',
      (Number(du.split('\t')[0]) / 1024).toFixed(1),
      `MB (the profile's IndexedDB folder, ${TICKETS} tickets)`,
    );
  }
  print({ ...downloads[0]!, runs: downloads });
  print({ ...onlineScans[0]!, runs: onlineScans });

  // 2. A restarted phone, offline: the first verdict; after the first, scans, the heap, a search.
  const colds: PhoneFigure[] = [];
  const offlineScans: PhoneFigure[] = [];
  for (let run = 0; run < COLD_RUNS; run++) {
    const door = await openDoor({ ...doorOptions, offline: true });
    const { page } = door;
    const marks = await coldStart(page, nextSlugs(1)[0]!);
    let spans: Span[] = [];
    if (run < SCAN_RUNS) {
      // Dismissed by plain evaluates, as the cold start is waited for: a locator or
      // waitForFunction would have Playwright build its injected script in the page now, a task
      // of the bench's own (about 8 ms of this host's CPU) that was this run's longest after
      // the scan screen's first frame.
      await page.evaluate(() =>
        (document.querySelector('.verdict .button--solid') as HTMLButtonElement).click(),
      );
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const look = () =>
              document.querySelector('[data-testid="verdict"]') === null ? resolve() : setTimeout(look, 50);
            look();
          }),
      );
      await wedgeScansToVerdict(page, nextSlugs(SCANS), 'enter');
      spans = await scanSpans(page);
    }
    // Every restart's long tasks up to its list loaded in the background (the load's end
    // re-renders the counts), so each run's longest covers the same stretch of a restart.
    if (run > 0) await listLoaded(page);
    const frame = await firstFrameAt(page);
    const recording = await door.finish();
    colds.push({
      name: 'cold-start-to-verdict',
      recording,
      spans: [[0, marks.verdict, marks.shown]],
      what: `median of ${COLD_RUNS} restarts offline, navigation to the first wedge verdict`,
      longTasksFrom: frame ? { when: 'restart', at: frame } : undefined,
    });
    if (run < SCAN_RUNS)
      offlineScans.push({
        name: 'enter-to-verdict-p95',
        recording,
        spans,
        p95: true,
        what: `${SCANS} tickets a restart, offline after it, Enter to verdict`,
      });
    if (run === 0) await hostFigures(door.page, door.cdp);
    await door.context.close();
  }
  print({ ...offlineScans[0]!, runs: offlineScans });
  print({ ...colds[0]!, runs: colds });

  // 3. A restarted phone, offline, its list loaded: the first search, then the heap with its index.
  const searches: PhoneFigure[] = [];
  const searchWalls: number[] = [];
  for (let run = 0; run < SEARCH_RUNS; run++) {
    const door = await openDoor({ ...doorOptions, offline: true });
    const { page } = door;
    await page.goto('/');
    await listLoaded(page);
    const span = await firstSearch(page, SEARCH);
    const recording = await door.finish();
    searchWalls.push(span[1] - span[0]);
    searches.push({
      name: 'first-search',
      recording,
      spans: [span],
      what: `median of ${SEARCH_RUNS} restarts offline, the list loaded: "${SEARCH}" typed to its answer on screen`,
    });
    if (run === 0)
      line(
        'door-worker-heap-with-search',
        await workerHeapMb(door.cdp),
        'MB (the same once the search index is built)',
      );
    await door.context.close();
  }
  line(
    'door-first-search',
    median(searchWalls).toFixed(0),
    `ms (unthrottled, this host: "${SEARCH}" typed to its answer on screen, marked in the page; median of ${SEARCH_RUNS}, runs ${searchWalls.map((ms) => ms.toFixed(0)).join(', ')})`,
  );
  print({ ...searches[0]!, runs: searches });

  // 4. The camera: its first video frame to the verdict on screen, online.
  const cameras: PhoneFigure[] = [];
  for (const [run, slug] of nextSlugs(CAMERA_RUNS).entries()) {
    const video = await makeQrVideo(`phone-bench-${slug}`, slug);
    const door = await openDoor({ ...doorOptions, video });
    await watchCamera(door.page);
    await door.page.goto('/');
    const seen = await cameraMarked(door.page, 90_000).then(
      () => true,
      () => false,
    );
    const marks: CameraMarks = await readCameraMarks(door.page);
    const recording = await door.finish();
    console.log(`# camera run ${run}: ${describeFramesTried(marks)}`);
    if (seen)
      cameras.push({
        name: 'camera-frame-to-verdict',
        recording,
        spans: [[marks.firstFrame, marks.verdict, marks.shown]],
        what: `median of the runs that read: first video frame to verdict on screen, online`,
      });
    else console.log(`# camera run ${run}: no verdict within 90 s`);
    await door.context.close();
  }
  if (cameras.length) print({ ...cameras[0]!, runs: cameras });
  hostMeasures.push(await hostCpuScore(priority.executablePath));
  const phones = setUpPhones(hostMeasures);
  for (const figure of figures) phoneLines(phones, figure);
  console.log(`# load average at end: ${uptime()}`);
} finally {
  awake.stop();
  await killHard(server);
  priority.stop();
  for (const dir of [...(givenDist ? [] : [distDir]), dataDir, ...joinProfiles, binDir])
    rmSync(dir, { recursive: true, force: true });
}

/** The sync worker's JS heap after a garbage collection, in MB. */
async function workerHeapMb(cdp: import('@playwright/test').CDPSession): Promise<string> {
  const devtools = await workerDevtools(cdp);
  await devtools('HeapProfiler.collectGarbage');
  const heap = await devtools<{ usedSize: number }>('Runtime.getHeapUsage');
  return (heap.usedSize / 1024 / 1024).toFixed(1);
}

/** The whole list loaded after a restart (the download progress says all of it is in). */
function listLoaded(page: import('@playwright/test').Page): Promise<void> {
  // A plain evaluate, not a locator: a restart's long tasks are read up to here, and a locator
  // would have Playwright build its injected script in the page, a task of the bench's own.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the list did not load within 120 s')), 120_000);
  });
  const loaded = page.evaluate(
    (whole) =>
      new Promise<void>((resolve) => {
        const look = () =>
          document.querySelector('[data-testid="progress"]')?.textContent?.includes(whole)
            ? resolve()
            : setTimeout(look, 200);
        look();
      }),
    `/ ${TICKETS} in`,
  );
  return Promise.race([loaded, late]).finally(() => clearTimeout(timer));
}

/** This host's own figure, unthrottled: the worker's heap with the list loaded. */
async function hostFigures(
  page: import('@playwright/test').Page,
  cdp: import('@playwright/test').CDPSession,
) {
  await listLoaded(page);
  line(
    'door-worker-heap',
    await workerHeapMb(cdp),
    `MB (the sync worker's JS heap after GC, ${TICKETS} tickets loaded)`,
  );
}
