// This host's speed by CPU time, for the simulated phone (phone-sim.ts): the phone workload
// (phone-workload.ts) in a page and in a Worker, each run timed by its thread's CPU time in a
// trace rather than by the wall clock, so a host that is busy with other work scores what it
// would score quiet. The phone's multipliers are this score over the phone's. Beside it, the
// door's own kinds of work (door-kind-workload.ts), scored the same way: printed with every
// phone run so machines can be compared by what the door does, not by one hot loop.
//
// Guarantees: the score is rounds per CPU-second of the thread that ran them, the median of
// RUNS runs of RUN_MS each (the bench pools three such measures, taken before, between and
// after its figures), traced with the same categories as the bench's own traces (so the
// tracing's own cost weighs on both alike).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchChromiumArgs } from './bench-args';
import { median } from './phone-calibration';
import { type HostCpuScore, simulate, threadsOf } from './phone-sim';
import { startPhoneTrace } from './phone-trace';
import { doorKindPageBundle, PAGE_ECHO, WORKER_SOURCE } from './door-kind-workload';
import { workloadExpression } from './phone-workload';

const RUNS = 7;
const RUN_MS = 500;

export interface HostCpuMeasure extends HostCpuScore {
  /** The same runs by the wall clock (rounds/s): what a busy host does to a wall-clock score. */
  wall: HostCpuScore;
  /** Every run's score per CPU-second, to pool measures taken at different times. */
  runs: { page: number[]; worker: number[] };
  /** The door's kinds of work, every run's rounds per CPU-second (door-kind-workload.ts). */
  doorKind: { page: number[]; worker: number[] };
}

/** Runs the workload between two user timing marks of the thread that runs it. */
const markedRun = (dom: boolean, run: number) =>
  `(performance.mark('cpu-score:${dom ? 'page' : 'worker'}:${run}:start'), Object.assign(${workloadExpression(RUN_MS, dom)}, { end: performance.mark('cpu-score:${dom ? 'page' : 'worker'}:${run}:end').startTime }))`;
/** The door-kind workload the same way (the worker's part awaits its reads and messages). */
const markedDoorKind = (dom: boolean, run: number) => {
  const name = `door-kind:${dom ? 'page' : 'worker'}:${run}`;
  return `(async () => { performance.mark('${name}:start'); const r = await ${dom ? 'doorKindPage' : 'doorKindWorker'}(${RUN_MS}); performance.mark('${name}:end'); return r; })()`;
};

export async function hostCpuScore(executablePath = '/usr/bin/chromium'): Promise<HostCpuMeasure> {
  const profile = mkdtempSync(join(tmpdir(), 'host-cpu-score-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: benchChromiumArgs,
    viewport: { width: 390, height: 844 },
  });
  try {
    const origin = 'http://host-cpu-score.test';
    const bundle = await doorKindPageBundle();
    await context.route(`${origin}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/worker.js'))
        return route.fulfill({ contentType: 'text/javascript', body: WORKER_SOURCE });
      if (url.endsWith('/page.js'))
        return route.fulfill({ contentType: 'text/javascript', body: `${PAGE_ECHO}\n${bundle}` });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>cpu score</title><body><script src="/page.js"></script>',
      });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}/`);
    const workerSeen = page.waitForEvent('worker');
    await page.evaluate("globalThis.scoreWorker = new Worker('/worker.js'); echoWorker(scoreWorker)");
    const worker = await workerSeen;
    // Warm-up: the first runs compile the workloads.
    await page.evaluate(workloadExpression(300, true));
    await worker.evaluate(workloadExpression(300, false));
    await page.evaluate('doorKindPage(300)');
    await worker.evaluate('doorKindWorker(300)');
    const trace = await startPhoneTrace(context, page);
    const rounds = { page: [] as number[], worker: [] as number[] };
    const wall = { page: [] as number[], worker: [] as number[] };
    const doorKindRounds = { page: [] as number[], worker: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      const p = (await page.evaluate(markedRun(true, run))) as { rounds: number; score: number };
      rounds.page.push(p.rounds);
      wall.page.push(p.score);
      const w = (await worker.evaluate(markedRun(false, run))) as { rounds: number; score: number };
      rounds.worker.push(w.rounds);
      wall.worker.push(w.score);
      doorKindRounds.page.push(
        ((await page.evaluate(markedDoorKind(true, run))) as { rounds: number }).rounds,
      );
      doorKindRounds.worker.push(
        ((await worker.evaluate(markedDoorKind(false, run))) as { rounds: number }).rounds,
      );
    }
    const events = await trace.stop();
    const threads = threadsOf(events, () => 'other');
    // A run the trace does not hold whole (its marks or its task lost, seen once in a few
    // dozen measures on a loaded host) is left out; a measure needs most of its runs.
    const perCpuSecond = (kind: 'page' | 'worker', workload = 'cpu-score', counts = rounds) => {
      const scores = counts[kind].flatMap((n, run) => {
        const start = events.find((e) => e.name === `${workload}:${kind}:${run}:start`);
        const end = events.find((e) => e.name === `${workload}:${kind}:${run}:end`);
        // The loop is one task; the door-kind worker's run is many (it awaits), on the thread
        // that set its marks.
        const thread =
          start &&
          end &&
          (threads.find((t) => t.tasks.some((task) => task.start <= start.ts && task.end >= end.ts)) ??
            threads.find((t) => t.key === `${start.pid}:${start.tid}`));
        if (!start || !end || !thread) return [];
        const cpuMs = simulate([thread], start.ts, end.ts, { page: 1, worker: 1, other: 1, server: 1 }).cpuMs;
        return [(n * 1000) / (cpuMs.get(thread.name) ?? Number.NaN)];
      });
      if (scores.length < Math.ceil(RUNS / 2))
        throw new Error(
          `the CPU score's trace holds ${scores.length} of its ${RUNS} ${workload} ${kind} runs whole`,
        );
      return scores;
    };
    const runs = { page: perCpuSecond('page'), worker: perCpuSecond('worker') };
    const doorKind = {
      page: perCpuSecond('page', 'door-kind', doorKindRounds),
      worker: perCpuSecond('worker', 'door-kind', doorKindRounds),
    };
    return {
      doorKind,
      page: median(runs.page),
      worker: median(runs.worker),
      wall: { page: median(wall.page), worker: median(wall.worker) },
      runs,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** `node --import tsx test/bench/browser/host-cpu-score.ts`: this host's scores. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await hostCpuScore();
  console.log(
    `per CPU-second: page ${s.page.toFixed(0)} / worker ${s.worker.toFixed(0)}; by the wall clock: page ${s.wall.page.toFixed(0)} / worker ${s.wall.worker.toFixed(0)} rounds/s; the door's kinds of work: page ${median(s.doorKind.page).toFixed(0)} / worker ${median(s.doorKind.worker).toFixed(0)} rounds per CPU-second`,
  );
}
