// Recording what the simulated phone (phone-sim.ts) is computed from: a Chromium trace of the
// whole browser with each task's thread CPU time, and the server's CPU time sampled from /proc
// on the same clock.
//
// Guarantees:
// - The trace's categories are few ("toplevel" gives every thread's tasks with `tdur`, user
//   timing gives the page's anchors), so tracing adds little CPU of its own to what is measured;
//   BENCH_TRACE adds the V8 sampler's stacks, for where a figure's time goes by function.
// - A time the page read from performance.now() is placed on the trace's clock by an anchor:
//   a user timing mark whose startTime and trace timestamp are both known (pageClock).
// - Chromium's trace clock and Node's process.hrtime are both CLOCK_MONOTONIC on Linux, so the
//   server's samples line up with the trace without an anchor.
import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import {
  FRAME_US,
  type Multipliers,
  type SimEvent,
  type SimResult,
  type SimThread,
  simulate,
  type Task,
  threadsOf,
} from './phone-sim';

const CATEGORIES = ['toplevel', 'blink.user_timing'];
/** With BENCH_TRACE: the sampler's stacks too (costs CPU: figures of such a run are not compared). */
const PROFILER = 'disabled-by-default-v8.cpu_profiler';

export interface TraceEventWithProfile extends SimEvent {
  id?: string;
  cat?: string;
  args?: SimEvent['args'] & { data?: { startTime?: number; cpuProfile?: unknown; timeDeltas?: number[] } };
}

/** Starts tracing the whole browser through `page`'s session; `stop` gives the events. */
export async function startPhoneTrace(context: BrowserContext, page: Page, profile = false) {
  const session = await context.newCDPSession(page);
  const events: TraceEventWithProfile[] = [];
  session.on('Tracing.dataCollected', (event) =>
    events.push(...(event.value as unknown as TraceEventWithProfile[])),
  );
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    // BENCH_CATEGORIES: more of them for a diagnosis (they cost CPU: figures are not compared).
    categories: [
      ...CATEGORIES,
      ...(profile ? [PROFILER] : []),
      ...(process.env.BENCH_CATEGORIES ? process.env.BENCH_CATEGORIES.split(',') : []),
    ].join(','),
    transferMode: 'ReportEvents',
  });
  return {
    async stop(): Promise<TraceEventWithProfile[]> {
      await session.send('Tracing.end');
      await complete;
      await session.detach().catch(() => undefined);
      return events;
    },
  };
}

/** Sets an anchor mark in the page's document now; returns its name and performance.now() value. */
export async function anchorPage(page: Page, name: string): Promise<{ name: string; at: number }> {
  const at = await page.evaluate((name) => performance.mark(name).startTime, name);
  return { name, at };
}

/** The page's clock on the trace's: performance.now() values to trace µs, and the page's process. */
export function pageClock(events: SimEvent[], anchor: { name: string; at: number }) {
  const mark = events.find((e) => e.name === anchor.name);
  if (!mark) throw new Error(`the trace has no "${anchor.name}" mark`);
  return { pid: mark.pid, toTrace: (pageMs: number) => mark.ts + (pageMs - anchor.at) * 1000 };
}

/** Total CPU time of a process's threads, ns (/proc/<pid>/task/<tid>/schedstat's first field). */
function processCpuNs(pid: number): number {
  let sum = 0;
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return Number.NaN;
  }
  for (const tid of tasks) {
    try {
      sum += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return sum;
}

/**
 * Samples the server process's CPU time every `everyMs` until `stop`, which gives it as a thread
 * for the simulation: each sample's interval a task, on the CPU for the share the server used.
 */
export function sampleServerCpu(pid: number, everyMs = 10) {
  const samples: { at: number; cpu: number }[] = [];
  const take = () =>
    samples.push({ at: Number(process.hrtime.bigint() / 1000n), cpu: processCpuNs(pid) / 1000 });
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop(): SimThread {
      clearInterval(timer);
      take();
      const tasks: Task[] = [];
      for (let i = 1; i < samples.length; i++) {
        const { at: start, cpu: before } = samples[i - 1]!;
        const { at: end, cpu: after } = samples[i]!;
        const used = after - before;
        if (end > start && used > 0) tasks.push({ start, end, onCpu: Math.min(1, used / (end - start)) });
      }
      return { name: 'server/node', kind: 'server', tasks };
    },
  };
}

/** One browser's recording, ready to be turned into phone figures. */
export interface Recording {
  threads: SimThread[];
  events: TraceEventWithProfile[];
  clock: ReturnType<typeof pageClock>;
  /** Each browser thread's user share of its CPU time over the recording, by "pid:tid" (/proc). */
  userShare?: Map<string, number>;
}

/**
 * The recording with the kernel's part of each thread's CPU time left out: every task of a
 * thread whose user share is known runs on the CPU that share of what it did. A bound for a host
 * whose kernel costs many times a phone's (a paravirtualised VM's system calls and page faults).
 */
export function userTimeOnly(recording: Recording): Recording {
  const shares = recording.userShare;
  if (!shares) return recording;
  return {
    ...recording,
    threads: recording.threads.map((thread) => {
      const share = thread.key ? shares.get(thread.key) : undefined;
      return share === undefined
        ? thread
        : { ...thread, tasks: thread.tasks.map((task) => ({ ...task, onCpu: task.onCpu * share })) };
    }),
  };
}

/** Threads of the page's renderer main thread, the app's workers, the rest, and the server. */
export function recordingOf(
  events: TraceEventWithProfile[],
  anchor: { name: string; at: number },
  server?: SimThread,
): Recording {
  const clock = pageClock(events, anchor);
  const threads = threadsOf(events, (name, pid) =>
    pid === clock.pid && name.endsWith('/CrRendererMain')
      ? 'page'
      : /DedicatedWorker|WebWorker/.test(name)
        ? 'worker'
        : 'other',
  );
  return { threads: server ? [...threads, server] : threads, events, clock };
}

/**
 * A stretch on the page's clock (performance.now() values, ms): from, to, and for a verdict, when
 * it was in the DOM (the page then waits for its frame: phone-sim.ts, frameWaitOf).
 */
export type Span = [number, number] | [number, number, number];

/** A stretch of the page's time (performance.now() values) on each phone; waits up to a frame each. */
export function onPhones<P extends string>(
  recording: Recording,
  fromMs: number,
  toMs: number,
  phones: Record<P, Multipliers>,
  maxWaitUs = FRAME_US,
  shownMs?: number,
): Record<P, SimResult> {
  const from = recording.clock.toTrace(fromMs);
  const to = recording.clock.toTrace(toMs);
  const shown = shownMs === undefined ? undefined : recording.clock.toTrace(shownMs);
  const out = {} as Record<P, SimResult>;
  for (const phone of Object.keys(phones) as P[])
    out[phone] = simulate(recording.threads, from, to, phones[phone], maxWaitUs, shown);
  return out;
}

/**
 * The page main thread's longest task from `fromMs` on, on a phone: a task runs on one thread, so
 * on the phone it takes its own CPU time times the page's multiplier.
 */
export function longestPageTask(recording: Recording, fromMs: number, multiplier: number): number {
  const from = recording.clock.toTrace(fromMs);
  let longest = 0;
  for (const thread of recording.threads)
    if (thread.kind === 'page')
      for (const task of thread.tasks)
        if (task.start >= from)
          longest = Math.max(longest, ((task.end - task.start) * task.onCpu * multiplier) / 1000);
  return longest;
}

/**
 * Where the page main thread's longest task from `fromMs` on was, for a `#` line: its start after
 * `fromMs` (ms), its CPU time on this host (ms), and where Chromium posted it from (the nested
 * task's source, e.g. a timer, a message, a frame), since the bench's trace has no timeline events.
 */
export function longestPageTaskWhere(
  recording: Recording,
  fromMs: number,
): { afterMs: number; cpuMs: number; postedFrom: string } | null {
  const from = recording.clock.toTrace(fromMs);
  let longest: { start: number; end: number; cpu: number; key: string } | null = null;
  for (const thread of recording.threads)
    if (thread.kind === 'page')
      for (const task of thread.tasks) {
        const cpu = (task.end - task.start) * task.onCpu;
        if (task.start >= from && (!longest || cpu > longest.cpu))
          longest = { start: task.start, end: task.end, cpu, key: thread.key ?? '' };
      }
  if (!longest) return null;
  const { start, end, key } = longest;
  const posted = recording.events.find(
    (e) =>
      `${e.pid}:${e.tid}` === key &&
      e.ts >= start &&
      e.ts < end &&
      typeof (e.args as { src_func?: unknown } | undefined)?.src_func === 'string',
  );
  const args = posted?.args as { src_file?: string; src_func?: string } | undefined;
  return {
    afterMs: (start - from) / 1000,
    cpuMs: longest.cpu / 1000,
    postedFrom: args ? `${args.src_file?.split('/').pop()}:${args.src_func}` : 'unknown',
  };
}

/**
 * Every thread's tasks in a stretch, in order, for a `#` line (BENCH_TASKS): where each began
 * after the stretch's start and its CPU time (ms, this host), its thread, and what posted it.
 */
export function tasksIn(recording: Recording, fromMs: number, toMs: number): string[] {
  const from = recording.clock.toTrace(fromMs);
  const to = recording.clock.toTrace(toMs);
  const out: { start: number; text: string }[] = [];
  for (const thread of recording.threads) {
    if (thread.kind === 'server') continue;
    for (const task of thread.tasks) {
      if (task.end <= from || task.start >= to) continue;
      const cpu = ((task.end - task.start) * task.onCpu) / 1000;
      if (cpu < 0.05) continue;
      const posted = recording.events.find(
        (e) =>
          `${e.pid}:${e.tid}` === thread.key &&
          e.ts >= task.start &&
          e.ts < task.end &&
          typeof (e.args as { src_func?: unknown } | undefined)?.src_func === 'string',
      );
      const args = posted?.args as { src_file?: string; src_func?: string } | undefined;
      out.push({
        start: task.start,
        text: `+${((task.start - from) / 1000).toFixed(1)} ${thread.name.split('/').pop()} ${cpu.toFixed(2)}ms (wall ${((task.end - task.start) / 1000).toFixed(1)}) ${args ? `${args.src_file?.split('/').pop()}:${args.src_func}` : ''}`,
      });
    }
  }
  return out.sort((a, b) => a.start - b.start).map((t) => t.text);
}
