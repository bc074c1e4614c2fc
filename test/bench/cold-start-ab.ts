// Two builds' cold starts side by side (a diagnostic, not a figure of its own): each build served
// by its own server with its own joined door, then offline restarts of the two in turn (A B, B A,
// ...), traced and simulated as the phone bench does (phone-door.ts, phone-sim.ts) against one
// host score, so a change of a tenth is not lost in the host's drift between two bench runs.
// Prints each build's runs on both phones, the page's and the sync worker's CPU time per restart
// on this host, the wall time to the verdict (the unthrottled figure), and B / A.
//   DIST_A=<dist> DIST_B=<dist> BENCH_PORT=44510 node --import tsx test/bench/cold-start-ab.ts [restarts]
// (uses BENCH_PORT and the port after it; build each tree with `npx vite build --outDir <dist>`)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, type RunningServer, startServerProcess } from '../server/server-process';
import { choosePasscodeIfAsked } from './browser/door-passcode';
import { hostCpuScore } from './browser/host-cpu-score';
import { median } from './browser/phone-calibration';
import { coldStart, openDoor, watchJoin } from './browser/phone-door';
import { PHONES, phoneMultipliers } from './browser/phone-sim';
import { onPhones } from './browser/phone-trace';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 48122);
const RUNS = Number(process.argv[2] ?? 5);
/**
 * AB_WARM=<n>: restarts of each build before those measured (not printed). Chromium keeps a
 * module's code cache only from a script's second start on, and reads it from the third.
 */
const WARM = Number(process.env.AB_WARM ?? 0);
const builds = { A: process.env.DIST_A, B: process.env.DIST_B };
if (!builds.A || !builds.B) throw new Error('DIST_A and DIST_B: two built dist folders');

interface Variant {
  name: 'A' | 'B';
  server: RunningServer;
  profile: string;
  dataDir: string;
  codes: string[];
  results: { mid: number; low: number; page: number; worker: number; wall: number }[];
}

const variants: Variant[] = [];
try {
  for (const [index, name] of (['A', 'B'] as const).entries()) {
    const dataDir = mkdtempSync(join(tmpdir(), `cold-ab-data-${name}-`));
    const profile = mkdtempSync(join(tmpdir(), `cold-ab-profile-${name}-`));
    const server = await startServerProcess(
      {
        PORT: String(PORT + index),
        MOCK_DATA_DIR: dataDir,
        MOCK_SEED: 'demo',
        MOCK_SEED_TICKETS: String(TICKETS),
        DIST_DIR: builds[name]!,
      },
      240_000,
    );
    variants.push({ name, server, profile, dataDir, codes: [], results: [] });
  }
  for (const v of variants) {
    const listUrl = `${v.server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
    // The same tickets for both builds (the same seed), each restart's from a page of its own.
    for (let page = 3; v.codes.length < RUNS + WARM; page += 7) {
      const tickets = (await (await fetch(`${listUrl}/tickets?page=${page}`)).json()) as { slug: string }[];
      v.codes.push(tickets[17]!.slug);
    }
    const door = await openDoor({
      profile: v.profile,
      origin: v.server.origin,
      serverPid: v.server.child.pid!,
      executablePath: '/usr/bin/chromium',
    });
    await door.page.addInitScript(watchJoin, TICKETS);
    await door.page.goto('/');
    await door.page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await door.page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(door.page, Date.now());
    await door.page.waitForFunction(
      () => (window as unknown as { __join: { ready: number } }).__join.ready > 0,
      null,
      { timeout: 600_000, polling: 200 },
    );
    await door.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await door.finish();
    await door.context.close();
  }
  const scores = [];
  for (let tries = 0; scores.length < 2 && tries < 5; tries++)
    scores.push(await hostCpuScore().catch(() => null));
  const measured = scores.filter((s) => s !== null);
  if (!measured.length) throw new Error('no host score');
  const host = {
    page: median(measured.map((s) => s.page)),
    worker: median(measured.map((s) => s.worker)),
  };
  const phones = { mid: phoneMultipliers(host, PHONES.mid), low: phoneMultipliers(host, PHONES.low) };
  console.log(
    `# host score page ${host.page.toFixed(0)} / worker ${host.worker.toFixed(0)}: low-tier page x${phones.low.page.toFixed(2)}, worker x${phones.low.worker.toFixed(2)}`,
  );
  for (let run = -WARM; run < RUNS; run++) {
    const order = (run + WARM) % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const door = await openDoor({
        profile: v.profile,
        origin: v.server.origin,
        serverPid: v.server.child.pid!,
        executablePath: '/usr/bin/chromium',
        offline: true,
      });
      const marks = await coldStart(door.page, v.codes[run + WARM]!);
      const recording = await door.finish();
      await door.context.close();
      if (run < 0) continue;
      const sim = onPhones(recording, 0, marks.verdict, phones);
      // Each kind's CPU time in the stretch, from its threads' tasks (names repeat across processes).
      const from = recording.clock.toTrace(0);
      const to = recording.clock.toTrace(marks.verdict);
      const cpu = (kind: string) =>
        recording.threads
          .filter((t) => t.kind === kind)
          .flatMap((t) => t.tasks)
          .reduce(
            (sum, task) =>
              sum + (Math.max(0, Math.min(to, task.end) - Math.max(from, task.start)) * task.onCpu) / 1000,
            0,
          );
      v.results.push({
        mid: sim.mid.ms,
        low: sim.low.ms,
        page: cpu('page'),
        worker: cpu('worker'),
        wall: marks.verdict,
      });
      console.log(
        `# run ${run} ${v.name}: mid ${(sim.mid.ms / 1000).toFixed(2)} s, low ${(sim.low.ms / 1000).toFixed(2)} s, page CPU ${cpu('page').toFixed(0)} ms, worker CPU ${cpu('worker').toFixed(0)} ms, wall ${marks.verdict.toFixed(0)} ms (this host)`,
      );
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const summary = (v: Variant, key: 'mid' | 'low' | 'page' | 'worker' | 'wall') => {
    const xs = v.results.map((r) => r[key]);
    return { median: median(xs), mean: mean(xs), runs: xs };
  };
  for (const key of ['mid', 'low', 'page', 'worker', 'wall'] as const) {
    const [a, b] = variants.map((v) => summary(v, key));
    const unit = key === 'mid' || key === 'low' ? 's' : 'ms';
    const show = (x: number) => (unit === 's' ? (x / 1000).toFixed(2) : x.toFixed(0));
    console.log(
      `bench cold-ab-${key}: A ${show(a!.median)} ${unit} (mean ${show(a!.mean)}; ${a!.runs.map(show).join(', ')}), B ${show(b!.median)} ${unit} (mean ${show(b!.mean)}; ${b!.runs.map(show).join(', ')}); B / A x${(b!.mean / a!.mean).toFixed(2)} by the means`,
    );
  }
} finally {
  for (const v of variants) {
    await killHard(v.server);
    for (const dir of [v.profile, v.dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}
