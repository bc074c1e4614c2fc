import { describe, expect, it } from 'vitest';
import { PHONES, phoneMultipliers, type SimEvent, simulate, threadsOf } from './browser/phone-sim';
import { longestPageTask, onPhones, recordingOf } from './browser/phone-trace';

// Shaped as Chromium writes them (`toplevel` with thread time): metadata, then complete events,
// a task's own RunTask nested in ThreadControllerImpl::RunTask at the same start.
const meta = (pid: number, tid: number, process: string, thread: string): SimEvent[] => [
  { name: 'process_name', ph: 'M', pid, tid, ts: 0, args: { name: process } },
  { name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: thread } },
];
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number): SimEvent[] => [
  { name: 'ThreadControllerImpl::RunTask', ph: 'X', pid, tid, ts, dur, tdur },
  { name: 'RunTask', ph: 'X', pid, tid, ts, dur: dur - 5, tdur: tdur - 5 },
];
const PAGE = [7, 1] as const;
const WORKER = [7, 9] as const;
const IDB = [3, 4] as const;
const kinds = (name: string, pid: number) =>
  pid === 7 && name.endsWith('/CrRendererMain')
    ? 'page'
    : name.includes('DedicatedWorker')
      ? 'worker'
      : 'other';

/** A scan: the page's key (1 ms), the worker's lookup (2 ms), IndexedDB (1 ms), the verdict drawn (3 ms). */
function scan(load: number): SimEvent[] {
  // Under load each task is held off its core: its wall time grows, its CPU time does not.
  return [
    ...meta(...PAGE, 'Renderer', 'CrRendererMain'),
    ...meta(...WORKER, 'Renderer', 'DedicatedWorker thread'),
    ...meta(...IDB, 'Browser', 'ThreadPoolForegroundWorker'),
    ...task(...PAGE, 1000, 1000 * load, 1000),
    ...task(...WORKER, 1000 + 1000 * load, 2000 * load, 2000),
    ...task(...IDB, 1000 + 1500 * load, 1000 * load, 1000),
    ...task(...PAGE, 1000 + 3000 * load, 3000 * load, 3000),
  ];
}

describe('the simulated phone', () => {
  it('takes each thread’s outermost tasks with their share on the CPU', () => {
    const threads = threadsOf(scan(2), kinds);
    const page = threads.find((t) => t.kind === 'page')!;
    expect(page.name).toBe('Renderer/CrRendererMain');
    expect(page.tasks).toEqual([
      { start: 1000, end: 3000, onCpu: 0.5 },
      { start: 7000, end: 13000, onCpu: 0.5 },
    ]);
  });

  it('gives the same phone time for a stretch whether the host was quiet or loaded', () => {
    const m = { page: 4, worker: 3, other: 1, server: 1 };
    const quiet = simulate(threadsOf(scan(1), kinds), 1000, 7000, m);
    const loaded = simulate(threadsOf(scan(3), kinds), 1000, 19000, m);
    // Page 1 + 3 ms at x4, the worker's 2 ms at x3 (IndexedDB runs beside it, shorter).
    expect(quiet.ms).toBeCloseTo(4 + 6 + 12, 6);
    expect(loaded.ms).toBeCloseTo(quiet.ms, 6);
    expect(loaded.wallMs).toBe(18);
    expect(loaded.byThread.get('Renderer/CrRendererMain')).toBeCloseTo(16, 6);
    expect(loaded.cpuMs.get('Browser/ThreadPoolForegroundWorker')).toBeCloseTo(1, 6);
  });

  it('keeps a wait with no task anywhere at its wall time', () => {
    const events = [
      ...meta(...PAGE, 'Renderer', 'CrRendererMain'),
      ...task(...PAGE, 0, 1000, 1000),
      ...task(...PAGE, 17000, 1000, 1000),
    ];
    const r = simulate(threadsOf(events, kinds), 0, 18000, { page: 2, worker: 1, other: 1, server: 1 });
    expect(r.ms).toBeCloseTo(2 + 16 + 2, 6);
    expect(r.byThread.get('waiting')).toBeCloseTo(16, 6);
  });

  it('counts a wait up to a cap, and says how much it dropped', () => {
    const events = [
      ...meta(...PAGE, 'Renderer', 'CrRendererMain'),
      ...task(...PAGE, 0, 1000, 1000),
      ...task(...PAGE, 41000, 1000, 1000),
      ...task(...PAGE, 50000, 1000, 1000),
    ];
    const m = { page: 2, worker: 1, other: 1, server: 1 };
    const r = simulate(threadsOf(events, kinds), 0, 51000, m, 16_667);
    // Waits of 40 ms (counted 16.667) and 8 ms (counted whole); three tasks of 1 ms at x2.
    expect(r.ms).toBeCloseTo(6 + 16.667 + 8, 6);
    expect(r.waitDroppedMs).toBeCloseTo(40 - 16.667, 6);
  });

  it('counts only the page’s own tasks from the verdict in the DOM to the frame that draws it', () => {
    // The page's key and its render (1 ms each, the verdict in the DOM at 3 ms), a status message
    // it handles at 8 ms (1 ms), then its frame at 12 ms, the stretch ending in it; meanwhile the
    // worker sends the outbox (3 ms from 4 ms): not on the verdict's path.
    const events = [
      ...meta(...PAGE, 'Renderer', 'CrRendererMain'),
      ...meta(...WORKER, 'Renderer', 'DedicatedWorker thread'),
      ...task(...PAGE, 0, 1000, 1000),
      ...task(...WORKER, 1000, 1000, 1000),
      ...task(...PAGE, 2000, 1000, 1000),
      ...task(...WORKER, 4000, 3000, 3000),
      ...task(...PAGE, 8000, 1000, 1000),
      ...task(...PAGE, 12000, 2000, 2000),
    ];
    const m = { page: 4, worker: 4, other: 1, server: 1 };
    const threads = threadsOf(events, kinds);
    const r = simulate(threads, 0, 13000, m, 16_667, 3000);
    // Key, worker, render at x4 (12 ms); waits of 5 and 3 ms around the status's 1 ms at x4; the
    // frame's first ms at x4.
    expect(r.ms).toBeCloseTo(12 + 5 + 4 + 3 + 4, 6);
    expect(r.byThread.get('waiting')).toBeCloseTo(8, 6);
    expect(r.cpuMs.get('Renderer/DedicatedWorker thread')).toBeCloseTo(4, 6);
    // Without the moment: the push's 3 ms at x4 in place of 3 ms of the wait.
    const plain = 12 + 1 + 12 + 1 + 4 + 3 + 4;
    expect(simulate(threads, 0, 13000, m, 16_667).ms).toBeCloseTo(plain, 6);
    // A stretch that does not end inside a page task (the frame) has no such wait.
    expect(simulate(threads, 0, 11000, m, 16_667, 3000).ms).toBeCloseTo(plain - 1 - 4, 6);
    expect(simulate(threads, 0, 14000, m, 16_667, 3000).ms).toBeCloseTo(plain + 4, 6);
  });

  it('cuts tasks at the stretch’s ends', () => {
    const r = simulate(threadsOf(scan(1), kinds), 1500, 2000, { page: 4, worker: 1, other: 1, server: 1 });
    expect(r.ms).toBeCloseTo(2, 6);
  });

  it('slows the page and workers by the host’s CPU score over the phone’s; the low-tier is four times the mid', () => {
    const host = { page: 880, worker: 2200 };
    expect(phoneMultipliers(host, PHONES.mid)).toEqual({ page: 4, worker: 4, other: 1, server: 1 });
    expect(phoneMultipliers(host, PHONES.low)).toEqual({ page: 16, worker: 16, other: 1, server: 1 });
    expect(phoneMultipliers(host, PHONES.low, true).other).toBe(16);
  });
});

describe('a recording on the page’s clock', () => {
  // The anchor mark was set at performance.now() 500 ms, at trace time 500,000 µs: the page's
  // time 0 is the trace's 0. A task of 30 ms (15 ms on the CPU) at 8 ms.
  const events: SimEvent[] = [
    ...scan(1),
    { name: 'phone-anchor-0', ph: 'R', pid: 7, tid: 1, ts: 500_000 },
    ...task(...PAGE, 8000, 30_000, 15_000),
  ];
  const recording = recordingOf(events, { name: 'phone-anchor-0', at: 500 });

  it('places the page’s times on the trace by its anchor, and the page by the anchor’s process', () => {
    expect(recording.clock.pid).toBe(7);
    expect(recording.clock.toTrace(1)).toBe(1000);
    expect(recording.threads.find((t) => t.kind === 'page')?.name).toBe('Renderer/CrRendererMain');
  });

  it('gives a stretch of the page’s time on each phone', () => {
    const r = onPhones(recording, 1, 7, { quiet: { page: 4, worker: 3, other: 1, server: 1 } });
    expect(r.quiet.ms).toBeCloseTo(22, 6);
  });

  it('times the page’s longest task on a phone by its own CPU time', () => {
    // The 30 ms task at 8 ms on the page's clock ran 15 ms on the CPU.
    expect(longestPageTask(recording, 7.5, 4)).toBeCloseTo(60, 6);
    expect(longestPageTask(recording, 100, 4)).toBe(0);
  });
});
