// Two builds' cold starts side by side (a diagnostic, not a figure of its own): each build served
// by its own server with its own joined door, then offline restarts of the two in turn (A B, B A,
// ...), traced and simulated as the phone bench does (phone-door.ts, phone-sim.ts) against one
// host score, so a change of a tenth is not lost in the host's drift between two bench runs.
// Prints each build's runs on both phones, the page's and the sync worker's CPU time per restart
// on this host, the wall time to the verdict (the unthrottled figure), and B / A.
//   DIST_A=<dist> DIST_B=<dist> BENCH_PORT=44510 node --import tsx test/bench/cold-start-ab.ts [restarts]
// (uses BENCH_PORT and the port after it; build each tree with `npx vite build --outDir <dist>`)
// AB_SCANS=<n>: after each restart's first verdict, n more scans by wedge (Enter to verdict, as
// the phone bench's offline p95 times them): each build's p95 and its first scans' mean on both
// phones, and the page's longest task from the scan screen's first frame to the last verdict;
// with AB_TASKS=1 every thread's tasks in the first run's first scans, and with BENCH_TRACE=1
// (sampled; build unminified: `--minify false`) each of those scans' time by function.
// AB_PACE_MS=<ms>: that long between a verdict gone and the next code (a queue's pace).
// AB_LOCAL=1: after each restart, the page's speed measured in the door's own page and trace
// (browser/local-score.ts), and before it what the kernel charges (host-kernel-cost.ts), to see
// whether a restart's CPU time follows either.
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import {
  abPhones,
  type Build,
  cpuIn,
  joinBuildDoor,
  openBuildDoor,
  serveBuilds,
  stopBuilds,
} from './browser/ab-builds';
import { median } from './browser/phone-calibration';
import { coldStart, firstFrameAt, scanSpans } from './browser/phone-door';
import { describeFunctions, functionsIn } from './browser/phone-functions';
import { longestPageTask, onPhones, type Span, tasksIn } from './browser/phone-trace';
import { wedgeScansToVerdict } from './browser/wedge-scans';
import { localScoreFrom, runLocalScore } from './browser/local-score';
import { describeKernelCost, hostKernelCost } from './browser/host-kernel-cost';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 48122);
const RUNS = Number(process.argv[2] ?? 5);
/**
 * AB_WARM=<n>: restarts of each build before those measured (not printed). Chromium keeps a
 * module's code cache only from a script's second start on, and reads it from the third.
 */
const WARM = Number(process.env.AB_WARM ?? 0);
const SCANS = Number(process.env.AB_SCANS ?? 0);
/**
 * AB_PACE_MS=<ms>: this host's milliseconds between a verdict gone and the next code. Without
 * it the codes come one after another, which no pause of the door's (a restart's load waits for
 * a quarter of a second without a decision) ever fits between; with it they come at a queue's
 * pace scaled to this host, so the door's pauses fall between scans as they would on a phone.
 */
const PACE_MS = Number(process.env.AB_PACE_MS ?? 0);
/** The first scans after a restart's first verdict: the ones a warm-up would change. */
const FIRST = 5;

interface Variant extends Build {
  codes: string[];
  results: { mid: number; low: number; page: number; worker: number; wall: number }[];
  scans: ScanRun[];
}

/** One restart's scans after its first verdict, simulated on both phones (ms each). */
interface ScanRun {
  mid: number[];
  low: number[];
  longestMid: number;
  longestLow: number;
}

const variants: Variant[] = [];
try {
  for (const build of await serveBuilds(PORT, TICKETS, 'cold-ab'))
    variants.push({ ...build, codes: [], results: [], scans: [] });
  for (const v of variants) {
    const listUrl = `${v.server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
    // The same tickets of each build's list (each server makes its own codes), each restart's
    // from a page of its own.
    // Pages drawn across the list, each once (37 steps apart, wrapping), while there are enough.
    const first = (await (await fetch(`${listUrl}/tickets?page=1`)).json()) as { slug: string }[];
    const pages = Math.ceil(TICKETS / first.length);
    for (let n = 0; v.codes.length < (RUNS + WARM) * (1 + SCANS); n++) {
      const page = 1 + ((2 + n * 37) % pages);
      const tickets = (await (await fetch(`${listUrl}/tickets?page=${page}`)).json()) as { slug: string }[];
      v.codes.push(tickets[(17 + n) % tickets.length]!.slug);
    }
    await joinBuildDoor(v, TICKETS);
  }
  const { host, phones } = await abPhones();
  console.log(
    `# host score page ${host.page.toFixed(0)} / worker ${host.worker.toFixed(0)}: low-tier page x${phones.low.page.toFixed(2)}, worker x${phones.low.worker.toFixed(2)}`,
  );
  for (let run = -WARM; run < RUNS; run++) {
    const order = (run + WARM) % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const kernel = process.env.AB_LOCAL ? describeKernelCost(hostKernelCost()) : '';
      const door = await openBuildDoor(v, { offline: true });
      const codes = v.codes.slice((run + WARM) * (1 + SCANS), (run + WARM + 1) * (1 + SCANS));
      const marks = await coldStart(door.page, codes[0]!);
      let spans: Span[] = [];
      if (SCANS > 0) {
        // Dismissed by plain evaluates, as the phone bench does (no Playwright script in the page).
        await door.page.evaluate(() =>
          (document.querySelector('.verdict .button--solid') as HTMLButtonElement).click(),
        );
        await door.page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              const look = () =>
                document.querySelector('[data-testid="verdict"]') === null ? resolve() : setTimeout(look, 50);
              look();
            }),
        );
        await wedgeScansToVerdict(door.page, codes.slice(1), 'enter', PACE_MS);
        spans = await scanSpans(door.page);
      }
      const frame = SCANS > 0 ? await firstFrameAt(door.page) : 0;
      const localRounds = process.env.AB_LOCAL ? await runLocalScore(door.page, 'ab') : [];
      const recording = await door.finish();
      await door.context.close();
      if (run < 0) continue;
      const sim = onPhones(recording, 0, marks.verdict, phones, undefined, marks.shown);
      // Each kind's CPU time in the stretch, from its threads' tasks (names repeat across processes).
      const cpu = (kind: string) => cpuIn(recording, kind, 0, marks.verdict);
      if (SCANS > 0) {
        const scans = spans.map(([from, to, shown]) =>
          onPhones(recording, from, to, phones, undefined, shown),
        );
        v.scans.push({
          mid: scans.map((scan) => scan.mid.ms),
          low: scans.map((scan) => scan.low.ms),
          longestMid: frame ? longestPageTask(recording, frame, phones.mid.page) : 0,
          longestLow: frame ? longestPageTask(recording, frame, phones.low.page) : 0,
        });
        console.log(
          `# run ${run} ${v.name} scans, low-tier: ${scans.map((scan) => scan.low.ms.toFixed(0)).join(' ')}`,
        );
        // AB_TASKS=1: every thread's tasks in the first scans and a later one, the first run's.
        if (process.env.AB_TASKS && run === 0)
          for (const at of [0, 1, 2, 3, 4, 20].filter((n) => n < spans.length))
            console.log(
              `# run 0 ${v.name} scan ${at}:\n#   ${tasksIn(recording, spans[at]![0], spans[at]![1]).join('\n#   ')}`,
            );
        // BENCH_TRACE=1 (sampled): where the first scans' time went by function, against later ones.
        if (process.env.BENCH_TRACE)
          for (const at of [0, 1, 2, 3, 4, 5, 20, 21].filter((n) => n < spans.length))
            console.log(
              `# run ${run} ${v.name} functions, scan ${at}: ${describeFunctions(functionsIn(recording, [spans[at]!]))}`,
            );
        // Where the first scans' phone time went against the rest's, by thread (low-tier, means).
        const byThread = (part: typeof scans) => {
          const sums = new Map<string, number>();
          for (const scan of part)
            for (const [name, ms] of scan.low.byThread)
              sums.set(name, (sums.get(name) ?? 0) + ms / part.length);
          return [...sums]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
            .join(', ');
        };
        console.log(
          `# run ${run} ${v.name} low-tier by thread: first ${FIRST}: ${byThread(scans.slice(0, FIRST))}; the rest: ${byThread(scans.slice(FIRST))}`,
        );
      }
      v.results.push({
        mid: sim.mid.ms,
        low: sim.low.ms,
        page: cpu('page'),
        worker: cpu('worker'),
        wall: marks.verdict,
      });
      if (process.env.AB_LOCAL)
        console.log(
          `# run ${run} ${v.name} local page score ${localScoreFrom(recording, 'ab', localRounds).toFixed(0)}, kernel before it: ${kernel}`,
        );
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
  if (SCANS > 0) {
    const p95 = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;
    const first = (xs: number[]) => mean(xs.slice(0, FIRST));
    const figures: [string, (run: ScanRun) => number][] = [
      ['p95-mid', (run) => p95(run.mid)],
      ['p95-low', (run) => p95(run.low)],
      ['first-mid', (run) => first(run.mid)],
      ['first-low', (run) => first(run.low)],
      ['rest-low', (run) => mean(run.low.slice(FIRST))],
      ['longest-mid', (run) => run.longestMid],
      ['longest-low', (run) => run.longestLow],
    ];
    for (const [name, of] of figures) {
      const [a, b] = variants.map((v) => v.scans.map(of));
      const show = (xs: number[]) =>
        `${mean(xs).toFixed(0)} ms (median ${median(xs).toFixed(0)}; ${xs.map((x) => x.toFixed(0)).join(', ')})`;
      console.log(
        `bench scan-ab-${name}: A ${show(a!)}, B ${show(b!)}; B / A x${(mean(b!) / mean(a!)).toFixed(2)} by the means`,
      );
    }
  }
} finally {
  await stopBuilds(variants);
}
