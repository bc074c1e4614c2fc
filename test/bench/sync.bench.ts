// The door's sync in headless Chromium with a persistent profile (an ordinary context keeps
// IndexedDB in memory and flatters the figures), against the Node server seeded with 100,000
// tickets plus 20,000 check-ins made through batch POSTs. Builds a bench page of the real
// src/sync code with Vite and serves it from the same server (same origin, no CORS).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { benchChromiumArgs } from './browser/bench-args';
import { killHard, startServerProcess } from '../server/server-process';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const CHECKINS = Number(process.env.BENCH_CHECKINS ?? 20_000);
const FLUSH = 5_000;
const SCANS = FLUSH;
const MARGIN_MS = 10_000;

type G = { bench: import('./browser/bench-page').Bench };

const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const dirs = [
  mkdtempSync(join(tmpdir(), 'sync-bench-page-')),
  mkdtempSync(join(tmpdir(), 'sync-bench-data-')),
];
const [pageDir, dataDir] = dirs as [string, string];
const profileDir = mkdtempSync(join(tmpdir(), 'sync-bench-profile-'));

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
);
await build({
  root: resolve('test/bench/browser'),
  configFile: false,
  logLevel: 'warn',
  build: { outDir: pageDir, emptyOutDir: true, target: 'es2022' },
});
const server = await startServerProcess(
  { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS), DIST_DIR: pageDir },
  240_000,
);
const base = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url.replace(DEMO_CHECKIN_LIST, 'L')}: ${response.status}`);
  return (await response.json()) as T;
}

async function checkIn(ticketIds: number[]) {
  for (let i = 0; i < ticketIds.length; i += 1000) {
    const items = Object.fromEntries(
      ticketIds.slice(i, i + 1000).map((id, n) => [String(n), { ticket_id: id }]),
    );
    await json(`${base}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ batch: { checkins: items } }),
    });
  }
}

let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>> | null = null;
try {
  // 20,000 check-ins, on the first tickets of the list (existing before the door joins).
  const ids: number[] = [];
  for (let page = 1; ids.length < CHECKINS + 300; page++) {
    const tickets = await json<{ id: number }[]>(`${base}/tickets?page=${page}`);
    if (tickets.length === 0) break;
    ids.push(...tickets.map((t) => t.id));
  }
  let started = performance.now();
  await checkIn(ids.slice(0, CHECKINS));
  line(
    'sync-setup-service-batch-post',
    Math.round((performance.now() - started) / Math.ceil(CHECKINS / 1000)),
    'ms per 1,000-check-in batch (server side, from Node)',
  );
  started = performance.now();
  for (let p = 1; p <= 5; p++) await json(`${base}/tickets?page=${p}`);
  line(
    'sync-setup-service-page',
    Math.round((performance.now() - started) / 5),
    'ms per 1,000-ticket page (server side, from Node)',
  );
  // They are older than the sync margin when the door joins, as on a real list.
  await new Promise((r) => setTimeout(r, MARGIN_MS + 1_000));

  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: benchChromiumArgs,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => 'bench' in globalThis);

  const first = await page.evaluate(
    (slug) => (globalThis as unknown as G).bench.firstDownload(slug),
    DEMO_CHECKIN_LIST,
  );
  line(
    'sync-first-download',
    (first.ms / 1000).toFixed(2),
    `s (${first.counts.tickets} tickets, ${first.counts.checkedIn} checked in; target <= 12 s)`,
  );
  line(
    'sync-first-download-waiting',
    (first.networkMs / 1000).toFixed(2),
    's summed over requests (up to 4 at once)',
  );
  line(
    'sync-first-download-long-tasks',
    first.longTasks,
    `tasks over 50 ms, longest ${Math.round(first.longest)} ms (the download on this page's own thread; the app runs it in a worker: door-join-longest-main-thread-task)`,
  );

  const opened = await page.evaluate(
    (slug) => (globalThis as unknown as G).bench.openEngine(slug),
    DEMO_CHECKIN_LIST,
  );
  line('sync-open-list', Math.round(opened.ms), 'ms (load the local copy into memory)');

  await page.evaluate(() => (globalThis as unknown as G).bench.incremental());
  await new Promise((r) => setTimeout(r, MARGIN_MS + 1_000));
  await page.evaluate(() => (globalThis as unknown as G).bench.incremental());
  // Three rounds of 100 new check-ins, each older round beyond the margin: the median counts.
  const rounds: { ms: number; networkMs: number; checkedIn: number }[] = [];
  for (let round = 0; round < 3; round++) {
    if (round > 0) await new Promise((r) => setTimeout(r, MARGIN_MS + 1_000));
    await checkIn(ids.slice(CHECKINS + round * 100, CHECKINS + (round + 1) * 100));
    const result = await page.evaluate(() => (globalThis as unknown as G).bench.incremental());
    rounds.push({ ms: result.ms, networkMs: result.networkMs, checkedIn: result.counts.checkedIn });
  }
  const median = [...rounds].sort((x, y) => x.ms - y.ms)[1]!;
  line(
    'sync-incremental-100',
    Math.round(median.ms),
    `ms median of ${rounds.map((r) => Math.round(r.ms)).join(', ')}, timer pulls without the list GET (now ${rounds[2]!.checkedIn} checked in; target <= 300 ms)`,
  );
  line('sync-incremental-100-waiting', Math.round(median.networkMs), 'ms of it summed over its requests');
  let since = performance.now();
  for (const resource of ['tickets', 'checkins', 'answers']) {
    since = performance.now();
    await json(`${base}/${resource}?page=1&since=${(Date.now() / 1000 - 5).toFixed(3)}`);
    line(
      `sync-setup-service-since-${resource}`,
      Math.round(performance.now() - since),
      `ms for one \`since\` page of ${resource} (server side, from Node)`,
    );
  }
  since = performance.now();
  await json(`${base}?since=${(Date.now() / 1000 - 5).toFixed(3)}`);
  line(
    'sync-setup-service-since-list',
    Math.round(performance.now() - since),
    'ms for the list with `since` page counts (server side, from Node)',
  );

  const slugs = await page.evaluate((n) => (globalThis as unknown as G).bench.pick(n), SCANS);
  const scans = await page.evaluate((s) => (globalThis as unknown as G).bench.scans(s), slugs);
  line(
    'sync-scan-median',
    scans.median.toFixed(2),
    `ms (${scans.admitted} admitted offline; target <= 5 ms)`,
  );
  line('sync-scan-p99', scans.p99.toFixed(2), 'ms (target <= 30 ms)');

  const flush = await page.evaluate(() => (globalThis as unknown as G).bench.flush());
  line('sync-flush-5000', (flush.ms / 1000).toFixed(2), `s (${flush.pending} left; target <= 5 s)`);
  line('sync-flush-5000-waiting', (flush.networkMs / 1000).toFixed(2), 's of it waiting for the service');
  const active: { ticket_id: number; deleted_at: string | null }[] = [];
  for (let p = 1; ; p++) {
    const items = await json<typeof active>(`${base}/checkins?page=${p}`);
    if (items.length === 0) break;
    active.push(...items.filter((c) => c.deleted_at === null));
  }
  const distinct = new Set(active.map((c) => c.ticket_id)).size;
  line(
    'sync-service-checkins',
    active.length,
    `active check-ins on the service, ${active.length - distinct} duplicates (expected ${CHECKINS + 300 + scans.admitted}, 0)`,
  );
} finally {
  await context?.close();
  await killHard(server);
  for (const dir of [...dirs, profileDir]) rmSync(dir, { recursive: true, force: true });
}
