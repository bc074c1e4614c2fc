// The simulated phones' figures as the phone bench prints them: one `bench` line per phone and
// figure, each saying how it was obtained, what this host's wall clock made of the same stretch,
// and its target; and a `#` line of where the phone's time went, by thread.
//
// Guarantees: the mid-tier's figures keep the names the targets have always had
// (`phone-cold-start-to-verdict`, ...); the low-tier's are the same names with `low-` in front;
// each figure's target is read from targets.ts, so the line and the summary agree.
import { TARGETS } from '../targets';
import type { HostCpuMeasure } from './host-cpu-score';
import { describeFunctions, functionsIn } from './phone-functions';
import { median } from './phone-calibration';
import {
  describeShares,
  type Multipliers,
  PHONES,
  phoneMultipliers,
  type SimResult,
  type ThreadKind,
} from './phone-sim';
import {
  longestPageTask,
  longestPageTaskWhere,
  onPhones,
  type Recording,
  type Span,
  tasksIn,
  userTimeOnly,
} from './phone-trace';

type PhoneName = keyof typeof PHONES;
export type Phones = Record<PhoneName, Multipliers>;
/** Each phone with every thread but the server slowed (phoneMultipliers' `nativeToo`). */
const slowAll = {} as Phones;
/**
 * How many times the phone workload's rounds a CPU-second the door's own kinds of work make on
 * this kind of host (browser/door-kind-workload.ts against browser/phone-workload.ts): the
 * medians of three phone bench runs on two vCPUs of an AMD EPYC (docs/benchmarks.md, the
 * twenty-sixth sitting). A phone is taken to keep the same ratio: no phone has been measured at
 * the door's kinds of work.
 */
const DOOR_KIND_PER_ROUND = { page: 2.64, worker: 1.92 };
/** Each phone's multipliers from this host's score at the door's own kinds of work. */
const byDoorKind = {} as Phones;

export interface PhoneFigure {
  /** The figure's name without its phone: "cold-start-to-verdict". */
  name: string;
  recording: Recording;
  /** Stretches on the page's clock (ms), a verdict's with when it was in the DOM. */
  spans: Span[];
  what: string;
  /** The 95th percentile of the spans (a scan each) rather than the one span. */
  p95?: boolean;
  /** Several runs of one span each: the median run. */
  runs?: PhoneFigure[];
  /** The page's longest task from the scan screen's first frame (on the page's clock). */
  longTasksFrom?: { when: string; at: number };
}

const line = (name: string, value: string, unit: string) => console.log(`bench ${name}: ${value} ${unit}`);
const prefix: Record<PhoneName, string> = { mid: 'phone-', low: 'low-phone-' };
const seconds = (name: string) => name === 'cold-start-to-verdict' || name === 'first-download';
const show = (name: string, ms: number) => (seconds(name) ? (ms / 1000).toFixed(2) : ms.toFixed(0));
const unit = (name: string) => (seconds(name) ? 's' : 'ms');

const percentile = <T>(items: T[], value: (item: T) => number, p: number): T => {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/**
 * Measures this host by CPU time (`measures`: taken at different times of the bench, pooled run
 * by run, since a score moves by tens of per cent from one run to the next on a shared host) and
 * prints it with both phones' multipliers.
 */
export function setUpPhones(measures: HostCpuMeasure[]): Phones {
  const pooled = (kind: 'page' | 'worker') => median(measures.flatMap((m) => m.runs[kind]));
  const host = { page: pooled('page'), worker: pooled('worker') };
  const each = (kind: 'page' | 'worker') => measures.map((m) => m[kind].toFixed(0)).join(', ');
  line(
    'host-score',
    `page ${host.page.toFixed(0)} / worker ${host.worker.toFixed(0)}`,
    `rounds per CPU-second (thread CPU time, median of ${measures.reduce((n, m) => n + m.runs.page.length, 0)} runs in ${measures.length} measures: page ${each('page')}, worker ${each('worker')}; by the wall clock page ${measures.map((m) => m.wall.page.toFixed(0)).join(', ')} / worker ${measures.map((m) => m.wall.worker.toFixed(0)).join(', ')} rounds/s)`,
  );
  // The door's own kinds of work on this host, pooled the same way: not a multiplier (no phone
  // has been measured at it), a second view of the host, so that machines whose loop scores
  // part from the door's own speed can be told apart (docs/benchmarks.md, the fourteenth sitting).
  const doorKind = (kind: 'page' | 'worker') => median(measures.flatMap((m) => m.doorKind[kind]));
  line(
    'host-door-kind-score',
    `page ${doorKind('page').toFixed(0)} / worker ${doorKind('worker').toFixed(0)}`,
    `rounds per CPU-second (browser/door-kind-workload.ts: React renders a verdict and a result list, and a worker's IndexedDB reads and a message to the page and back; median of the same runs; page ${measures.map((m) => median(m.doorKind.page).toFixed(0)).join(', ')}, worker ${measures.map((m) => median(m.doorKind.worker).toFixed(0)).join(', ')})`,
  );
  const phones = { mid: phoneMultipliers(host, PHONES.mid), low: phoneMultipliers(host, PHONES.low) };
  // A second view of every figure, not the figure: between one quiet and one loaded run the
  // door's kinds of work followed the door's CPU time more closely than the loop did, between
  // another pair less closely (docs/benchmarks.md, the twenty-sixth sitting).
  const kindHost = { page: doorKind('page'), worker: doorKind('worker') };
  for (const name of Object.keys(PHONES) as PhoneName[])
    byDoorKind[name] = phoneMultipliers(kindHost, {
      ...PHONES[name],
      page: PHONES[name].page * DOOR_KIND_PER_ROUND.page,
      worker: PHONES[name].worker * DOOR_KIND_PER_ROUND.worker,
    });
  slowAll.mid = phoneMultipliers(host, PHONES.mid, true);
  slowAll.low = phoneMultipliers(host, PHONES.low, true);
  for (const name of Object.keys(PHONES) as PhoneName[])
    line(
      `${prefix[name]}sim`,
      `page x${phones[name].page.toFixed(2)} / workers x${phones[name].worker.toFixed(2)}`,
      `(the ${PHONES[name].name} phone: page ${PHONES[name].page} / worker ${PHONES[name].worker} rounds per CPU-second; its figures are simulated from each thread's CPU time in a trace, browser/phone-sim.ts)`,
    );
  return phones;
}

/** Every phone's line for one figure, and where its time went. */
export function phoneLines(phones: Phones, figure: PhoneFigure) {
  const runs = figure.runs ?? [figure];
  // Each run's (or scan's) result on every phone, with this host's wall time.
  const byRun = runs.map((run) =>
    run.spans.map(([from, to, shown]) => onPhones(run.recording, from, to, phones, undefined, shown)),
  );
  const results = byRun.flat();
  if (!results.length) return;
  const p = figure.p95 ? 95 : 50;
  // Each run with its threads' kernel time left out, once for both phones; and the kernel's
  // share of each kind of thread's CPU time over the runs, as the line says it.
  const userOnlyRuns = runs.map((run) => ({ recording: userTimeOnly(run.recording), spans: run.spans }));
  const kernelShares = (kind: ThreadKind) => {
    const percents = runs.flatMap(({ recording }) =>
      recording.threads.flatMap((t) => {
        const share = t.kind === kind && t.key ? recording.userShare?.get(t.key) : undefined;
        return share === undefined ? [] : [Math.round(100 - 100 * share)];
      }),
    );
    if (!percents.length) return 'not read';
    const [low, high] = [Math.min(...percents), Math.max(...percents)];
    return low === high ? `${low} %` : `${low}-${high} %`;
  };
  // Several runs of scans: a figure is each run's p95, the median run's. (A p95 of all the runs'
  // scans together would sit on the first scans of every restart, the same few stretches each time.)
  const perRunP95 = Boolean(figure.p95) && byRun.length > 1;
  // The figure as its line picks it, simulated again with other multipliers: the bounds and
  // second views printed beside it.
  const figureWith = (
    those: { recording: Recording; spans: Span[] }[],
    multipliers: Multipliers,
    frameWait = true,
  ) => {
    const ms = those.map(({ recording, spans }) =>
      spans.map(
        ([from, to, shown]) =>
          onPhones(recording, from, to, { one: multipliers }, undefined, frameWait ? shown : undefined).one
            .ms,
      ),
    );
    return perRunP95
      ? median(ms.map((scans) => percentile(scans, (v) => v, p)))
      : percentile(ms.flat(), (v) => v, p);
  };
  for (const name of Object.keys(phones) as PhoneName[]) {
    const full = `${prefix[name]}${figure.name}`;
    const target = TARGETS.find((t) => t.name === full);
    const p95s = perRunP95 ? byRun.map((scans) => percentile(scans, (r) => r[name].ms, p)) : null;
    const pick: SimResult = p95s
      ? percentile(p95s, (r) => r[name].ms, 50)[name]
      : percentile(results, (r) => r[name].ms, p)[name];
    const wall = p95s
      ? percentile(
          byRun.map((scans) => percentile(scans, (r) => r.mid.wallMs, p)),
          (r) => r.mid.wallMs,
          50,
        ).mid.wallMs
      : percentile(results, (r) => r.mid.wallMs, p).mid.wallMs;
    const range = p95s
      ? `; runs ${p95s.map((r) => show(figure.name, r[name].ms)).join(', ')}`
      : results.length > 1 && !figure.p95
        ? `; runs ${results.map((r) => show(figure.name, r[name].ms)).join(', ')}`
        : '';
    const percentileSaid = figure.p95
      ? `, 95th percentile${p95s ? ` of each run's, the median run's` : ''}`
      : '';
    line(
      full,
      show(figure.name, pick.ms),
      `${unit(figure.name)} (${PHONES[name].name} phone, simulated from thread CPU time; ${figure.what}${percentileSaid}${range}; this host's wall clock ${show(figure.name, wall)} ${unit(figure.name)}; target${target ? ` <= ${target.max} ${target.unit}` : ': none'})`,
    );
    console.log(
      `# ${full}: where the phone's time went, by thread: ${describeShares(pick.byThread, 6)}; waits beyond a frame not counted: ${pick.waitDroppedMs.toFixed(0)} ms (uncounted in all ${results.length} stretch${results.length > 1 ? 'es' : ''}: ${results.reduce((sum, r) => sum + r[name].waitDroppedMs, 0).toFixed(0)} ms)`,
    );
    // A p95 is one stretch: the mean over all of them moves less from run to run (A/B of a change).
    if (figure.p95) {
      const mean = new Map<string, number>();
      for (const r of results)
        for (const [thread, ms] of r[name].byThread)
          mean.set(thread, (mean.get(thread) ?? 0) + ms / results.length);
      const total = results.reduce((sum, r) => sum + r[name].ms, 0) / results.length;
      console.log(
        `# ${full}: mean of all ${results.length} stretches ${total.toFixed(1)} ms, by thread: ${[...mean]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([t, ms]) => `${t} ${ms.toFixed(1)} ms`)
          .join(', ')}`,
      );
    }
    // Each scan in the order it was made: a p95 made of the first scans after a restart is
    // a warm-up, one spread through the run is not.
    if (figure.p95)
      console.log(
        `# ${full}: each stretch in order, ms: ${byRun.map((scans) => scans.map((r) => r[name].ms.toFixed(0)).join(' ')).join(' | ')}`,
      );
    // BENCH_TASKS: the tasks of the median stretch and of the slowest, thread by thread.
    if (figure.p95 && process.env.BENCH_TASKS && name === 'mid') {
      const order = results.map((r, i) => [r.mid.ms, i] as const).sort((a, b) => a[0] - b[0]);
      const spans = runs.flatMap((run) => run.spans.map((span) => [run.recording, span] as const));
      // BENCH_TASKS=1,3: those scans too (counted from 1).
      const asked = process.env.BENCH_TASKS.split(',')
        .map(Number)
        .filter((n) => n >= 1 && n <= results.length)
        .map((n) => [`asked`, n - 1] as const);
      for (const [label, at] of [
        ['median', order[Math.floor(order.length / 2)]![1]] as const,
        ['slowest', order.at(-1)![1]] as const,
        ...asked,
      ]) {
        const [recording, [fromMs, toMs]] = spans[at]!;
        console.log(
          `# ${full}: the ${label} stretch (scan ${at + 1}), its tasks:\n#   ${tasksIn(recording, fromMs, toMs).join('\n#   ')}`,
        );
      }
    }
    // The same stretches with every thread's work counted while the page waited for the frame
    // that draws the verdict, as the simulation did before it knew when the verdict was drawn.
    if (runs.some((run) => run.spans.some((span) => span.length > 2)))
      console.log(
        `# ${full} with the other threads' work counted while the page waited for the verdict's frame: ${show(figure.name, figureWith(runs, phones[name], false))} ${unit(figure.name)}`,
      );
    // The same stretch with the browser's own threads as slow as the phone's workers: a bound.
    const slowest = figureWith(runs, slowAll[name]);
    console.log(
      `# ${full} with the browser's own threads slowed as the workers are too: ${show(figure.name, slowest)} ${unit(figure.name)}`,
    );
    // The same stretch with each thread's kernel time left out: a bound for a host whose kernel
    // is a hypervisor's (docs/benchmarks.md, the fourteenth sitting).
    const userOnly = figureWith(userOnlyRuns, phones[name]);
    console.log(
      `# ${full} with each thread's kernel time left out: ${show(figure.name, userOnly)} ${unit(figure.name)} (the kernel's share of the CPU time over each run: page ${kernelShares('page')}, workers ${kernelShares('worker')})`,
    );
    // The same stretches with the phone's multipliers from the door's kinds of work.
    const doorKindMs = figureWith(runs, byDoorKind[name]);
    console.log(
      `# ${full} with this host scored by the door's own kinds of work: ${show(figure.name, doorKindMs)} ${unit(figure.name)} (page x${byDoorKind[name].page.toFixed(2)}, workers x${byDoorKind[name].worker.toFixed(2)}; the phone at ${DOOR_KIND_PER_ROUND.page} and ${DOOR_KIND_PER_ROUND.worker} times its workload's rounds)`,
    );
  }
  // The host's own wall clock, where it is a figure of its own.
  if (figure.name === 'cold-start-to-verdict') {
    const walls = results.map((r) => r.mid.wallMs).sort((a, b) => a - b);
    line(
      'cold-start-to-verdict',
      (walls[Math.floor(walls.length / 2)]! / 1000).toFixed(2),
      `s (unthrottled on this host, traced; median of ${walls.length} restarts offline; target <= 0.5 s)`,
    );
  }
  if (process.env.BENCH_TRACE) {
    const byKind = new Map<string, Map<string, number>>();
    for (const run of runs)
      for (const [kind, fns] of functionsIn(run.recording, run.spans))
        for (const [fn, ms] of fns) {
          const into = byKind.get(kind) ?? new Map<string, number>();
          into.set(fn, (into.get(fn) ?? 0) + ms);
          byKind.set(kind, into);
        }
    console.log(
      `# ${figure.name}: sampled self time by function over all its stretches, host ms (times the phone's multiplier on the phone): ${describeFunctions(byKind)}`,
    );
  }
  const tasksFrom = runs.filter((r) => r.longTasksFrom);
  if (!tasksFrom.length) return;
  const when = tasksFrom[0]!.longTasksFrom!.when;
  for (const name of Object.keys(phones) as PhoneName[]) {
    // Each run's longest task, and their median: the longest of all runs is one task of one
    // run, an extreme that moved by 30 % between two runs of the bench on the same tree.
    const longest = tasksFrom.map((r) =>
      longestPageTask(r.recording, r.longTasksFrom!.at, phones[name].page),
    );
    const median = [...longest].sort((a, b) => a - b)[Math.floor(longest.length / 2)]!;
    const runsSaid =
      longest.length > 1
        ? `median of ${longest.length} runs' longest, runs ${longest.map((ms) => ms.toFixed(0)).join(', ')}`
        : '1 run';
    line(
      `${prefix[name]}longest-task-after-${when}`,
      median.toFixed(0),
      `ms (${PHONES[name].name} phone: the page's longest task from the scan screen's first frame, its CPU time scaled; ${runsSaid}; target: none over 50 ms)`,
    );
  }
  // Which task it was: each run's longest, where it began and what posted it.
  console.log(
    `# longest-task-after-${when}: each run's longest page task (host CPU ms, ms after the scan screen's first frame, posted from): ${tasksFrom
      .map((r, i) => {
        const where = longestPageTaskWhere(r.recording, r.longTasksFrom!.at);
        return where
          ? `run ${i}: ${where.cpuMs.toFixed(1)} ms at +${where.afterMs.toFixed(0)} ms (${where.postedFrom})`
          : `run ${i}: none`;
      })
      .join('; ')}`,
  );
}
