// A first download's page writes: the app's (its transaction straight on IndexedDB,
// src/db/first-page-write.ts) against the same rows through Dexie, as before, in one browser on
// a persistent profile. The two ways alternate, a few pages at a time and each first in turn, and
// each stretch's CPU time on the page's main thread is read from /proc, so the host's drift falls
// on both alike. Pages of tickets (sealed as slices, with their codes) and of answers (sealed
// whole), made before each stretch and outside it.
//   node --import tsx test/bench/first-page-store.bench.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchChromiumArgs } from './browser/bench-args';
import { serveBuiltPage } from './browser/built-page';
import { chromiumThreadTimes, threadCpuMs } from './browser/thread-times';
import { startProfile, stopProfile } from './browser/cpu-profile';

type Way = 'straight' | 'dexie';
type Bench = {
  prepare(resource: string, from: number, to: number): void;
  store(way: Way, resource: string, from: number): Promise<number>;
  stored(way: Way): Promise<object>;
  spin(ms: number): number;
  ready(): Promise<unknown>;
  readBack(resource: string): Promise<{ items: number; wall: number }>;
};
type G = { bench: Bench };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Pages a stretch: five of tickets (about 5,000 tickets), ten of answers. */
const STRETCH = { tickets: 5, answers: 10 } as const;
/** Read-backs of every stored page of answers. */
const READS = 5;

const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);

const profile = mkdtempSync(join(tmpdir(), 'first-page-profile-'));
const built = await serveBuiltPage('test/bench/browser-first-page');
const { origin } = built;
console.log(`# load average at start: ${execFileSync('uptime').toString().trim()}`);
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  args: benchChromiumArgs,
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(origin);
  await page.waitForFunction(() => 'bench' in globalThis);
  await page.evaluate(() => (globalThis as unknown as G).bench.ready());
  // The page's main thread: the one whose CPU time a 500 ms spin moved (after a second, so that
  // a spare renderer Chromium starts meanwhile is not taken for it).
  await page.waitForTimeout(1000);
  const before = chromiumThreadTimes();
  await page.evaluate(() => (globalThis as unknown as G).bench.spin(500));
  const after = chromiumThreadTimes();
  // A process's main thread, in ms (its ticks are 10 ms).
  const moved = [...after]
    .filter(([key]) => key.split(':')[0] === key.split(':')[1])
    .map(([key, t]) => {
      const start = before.get(key) ?? t;
      return [key, 10 * (t.user + t.system - start.user - start.system)] as const;
    })
    .sort((a, b) => b[1] - a[1]);
  if (!moved[0] || moved[0][1] < 400 || (moved[1]?.[1] ?? 0) > 100)
    throw new Error(
      `no renderer's main thread alone took the 500 ms spin: ${JSON.stringify(moved.slice(0, 3))}`,
    );
  const thread = moved[0][0];
  // BENCH_PROFILE=folder: the page's CPU profile over both ways' stretches, summed by function.
  const profileTo = process.env.BENCH_PROFILE;
  const cdp = profileTo ? await context.newCDPSession(page) : null;
  if (cdp) await startProfile(cdp);
  const cpuMs = () => threadCpuMs(thread);

  for (const resource of ['tickets', 'answers'] as const) {
    const per = STRETCH[resource];
    const took: Record<Way, { wall: number[]; cpu: number[] }> = {
      straight: { wall: [], cpu: [] },
      dexie: { wall: [], cpu: [] },
    };
    let from = 1;
    for (let round = 0; round < ROUNDS; round++) {
      const ways: Way[] = round % 2 ? ['dexie', 'straight'] : ['straight', 'dexie'];
      // Both ways store the same pages: each way has a database of its own.
      await page.evaluate(([r, f, t]) => (globalThis as unknown as G).bench.prepare(r, f, t), [
        resource,
        from,
        from + per - 1,
      ] as const);
      for (const way of ways) {
        const cpu0 = cpuMs();
        const wall = await page.evaluate(
          ([w, r, f]) => (globalThis as unknown as G).bench.store(w as Way, r, f),
          [way, resource, from] as const,
        );
        took[way].cpu.push(cpuMs() - cpu0);
        took[way].wall.push(wall);
      }
      from += per;
    }
    const pages = ROUNDS * per;
    for (const way of ['dexie', 'straight'] as const) {
      const { cpu, wall } = took[way];
      const against =
        way === 'straight'
          ? `; x${(sum(cpu) / sum(took.dexie.cpu)).toFixed(2)} Dexie's CPU, x${(sum(wall) / sum(took.dexie.wall)).toFixed(2)} its wall time`
          : '';
      line(
        `first-page-store-${resource}-${way}`,
        (sum(cpu) / pages).toFixed(2),
        `ms of the page's CPU a page (${pages} pages of ${resource}, ${ROUNDS} stretches alternated; wall ${(sum(wall) / pages).toFixed(2)} ms a page; stretch CPU median ${median(cpu).toFixed(0)} ms${against})`,
      );
    }
  }
  // Every page of answers the app's way stored, read back and opened as a restart's answers load
  // does (stored-pages.ts's readPages), a few times.
  const reads: { cpu: number; wall: number; items: number }[] = [];
  for (let i = 0; i < READS; i++) {
    const cpu0 = cpuMs();
    const { items, wall } = await page.evaluate(() => (globalThis as unknown as G).bench.readBack('answers'));
    reads.push({ cpu: cpuMs() - cpu0, wall, items });
  }
  line(
    'first-page-read-answers',
    median(reads.map((r) => r.cpu)).toFixed(0),
    `ms of the page's CPU to read back and open ${reads[0]?.items} answers (${ROUNDS * STRETCH.answers} pages; median of ${READS}: ${reads.map((r) => r.cpu.toFixed(0)).join(', ')}; wall ${median(reads.map((r) => r.wall)).toFixed(0)} ms)`,
  );
  if (cdp && profileTo) console.log(await stopProfile(cdp, profileTo, 'first-page-store'));
  const [straight, dexie] = await Promise.all(
    (['straight', 'dexie'] as const).map((way) =>
      page.evaluate((w) => (globalThis as unknown as G).bench.stored(w), way),
    ),
  );
  if (JSON.stringify(straight) !== JSON.stringify(dexie))
    throw new Error(`the two ways stored different rows: ${JSON.stringify({ straight, dexie })}`);
  console.log(`# stored by each way: ${JSON.stringify(straight)}`);
  console.log(`# load average at end: ${execFileSync('uptime').toString().trim()}`);
} finally {
  await context.close();
  built.close();
  rmSync(profile, { recursive: true, force: true });
}
