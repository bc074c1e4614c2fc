// Where the sync worker's heap goes with a 100,000-ticket list loaded after an offline restart:
// a heap snapshot of the worker (CDP through the page's session), summed by kind of object.
// Keeps its server data, profile and build under WORK (default /tmp/worker-heap) between runs,
// so a run after the first one only builds the app and restarts the door:
//   node --import tsx test/bench/worker-heap-snapshot.ts [label]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { benchChromiumArgs } from './browser/bench-args';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { workerDevtools } from './browser/worker-devtools';
import { answerUnlockInPage, BENCH_PASSCODE, choosePasscodeIfAsked } from './browser/door-passcode';
import { waitForSynced } from './browser/door-synced';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const WORK = process.env.WORK ?? '/tmp/worker-heap';
// One origin for every run: the joined list and the app's offline copy belong to it.
const PORT = process.env.PORT ?? '4391';
const label = process.argv[2] ?? 'now';
const distDir = join(WORK, 'dist');
const dataDir = join(WORK, 'data');
const profile = join(WORK, 'profile');
mkdirSync(dataDir, { recursive: true });
await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
const server = await startServerProcess(
  { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS), DIST_DIR: distDir, PORT },
  240_000,
);

async function open(offline: boolean) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: benchChromiumArgs,
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
  });
  if (offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  await page.addInitScript(() => {
    localStorage.setItem(
      'venue-checkin.settings',
      JSON.stringify({ deviceName: 'Bench phone', sounds: false, vibration: false, autoReturnSeconds: 0 }),
    );
  });
  return { context, page };
}

try {
  if (!existsSync(join(profile, 'Default', 'IndexedDB'))) {
    const { context, page } = await open(false);
    await page.goto('/');
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(page, Date.now());
    await page
      .getByTestId('progress')
      .filter({ hasText: `/ ${TICKETS} in` })
      .waitFor({ state: 'attached', timeout: 600_000 });
    await waitForSynced(page, 600_000);
    await context.close();
  }
  const { context, page } = await open(true);
  const cdp = await context.newCDPSession(page);
  const chunks: string[] = [];
  const send = await workerDevtools(cdp, (method, params) => {
    if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push((params as { chunk: string }).chunk);
  });
  await page.goto('/');
  await page
    .getByTestId('progress')
    .filter({ hasText: `/ ${TICKETS} in` })
    .waitFor({ state: 'attached', timeout: 120_000 });
  // The search index builds ahead after 10 s of quiet: measured before it.
  await send('HeapProfiler.collectGarbage');
  const heap = await send<{ usedSize: number }>('Runtime.getHeapUsage');
  console.log(`worker heap after GC: ${(heap.usedSize / 1024 / 1024).toFixed(1)} MB`);
  await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const file = join(WORK, `${label}.heapsnapshot`);
  writeFileSync(file, chunks.join(''));
  await context.close();
  summarise(file);
} finally {
  await killHard(server);
}

function summarise(file: string) {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const groups = new Map<string, { count: number; size: number }>();
  const strings = new Map<string, { count: number; size: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt!]!]!;
    const name = snap.strings[snap.nodes[i + nameAt!]!]!;
    const size = snap.nodes[i + sizeAt!]!;
    total += size;
    const key =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? `(${type})`
        : `${type}: ${name.slice(0, 60)}`;
    const g = groups.get(key) ?? { count: 0, size: 0 };
    g.count++;
    g.size += size;
    groups.set(key, g);
    if (type === 'string') {
      const s = strings.get(name) ?? { count: 0, size: 0 };
      s.count++;
      s.size += size;
      strings.set(name, s);
    }
  }
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  console.log(`snapshot total self size: ${mb(total)} MB`);
  for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, 30))
    console.log(`${mb(g.size).padStart(8)} MB ${String(g.count).padStart(8)}  ${key}`);
  console.log('-- strings held more than once, by bytes wasted');
  const dup = [...strings]
    .filter(([, s]) => s.count > 1)
    .map(([v, s]) => [v, s, s.size - s.size / s.count] as const);
  console.log(
    `duplicate string bytes: ${mb(dup.reduce((a, [, , w]) => a + w, 0))} MB over ${dup.length} values`,
  );
  for (const [v, s, w] of dup.sort((a, b) => b[2] - a[2]).slice(0, 15))
    console.log(`${mb(w).padStart(8)} MB ${String(s.count).padStart(8)}  ${JSON.stringify(v.slice(0, 40))}`);
}
