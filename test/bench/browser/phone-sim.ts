// The simulated phone: turns a Chromium trace of the door, recorded unthrottled on this host,
// into how long a stretch of it takes on a phone, from each task's own thread CPU time rather
// than its wall time, so that the figure does not move with what else the host is running.
//
// Guarantees (pure: events in, milliseconds out, no clock, no host):
// - A thread's top-level tasks are its outermost complete events; each is taken to spend its CPU
//   time (`tdur`) evenly over its wall time (`dur`), so a task the host held off its core for half
//   its length counts half its length of work.
// - The stretch is cut at every task's start and end. A piece in which some thread runs a task
//   costs the phone the largest of (that thread's CPU time in the piece x its multiplier) over the
//   threads running then: the phone runs them side by side, each on a core of its own (a phone has
//   eight; the host two). A run of pieces in which no thread runs a task is a wait (a frame, a
//   hop between threads, a timer) and costs its wall time, up to `maxWaitUs` each: on the door's
//   timed paths nothing is waited on for longer than a frame but this host (a core it did not
//   give, a frame it delayed); the server's work is a thread of its own. What a cap drops is
//   counted (`waitDroppedMs`), and the bench prints it.
// - Given when the verdict was in the DOM (`shownAt`), the page's wait from then to the frame
//   the stretch ends in (frameWaitOf) counts only the page's own tasks: other threads' work then
//   (a push, the decoder's next frame) runs on cores of their own on a phone, and the frame that
//   draws the verdict does not wait for it. Their CPU time there is still counted in `cpuMs`.
// - A multiplier is host CPU speed / phone speed for that kind of thread (phoneMultipliers).
// - Each piece's cost is charged to the thread that set it (the largest), or to "waiting", so a
//   figure can say where its time went by thread.

/** A complete trace event as Chromium writes it (`ph: 'X'`), times in µs. */
export interface SimEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread CPU time of the event, µs; absent when the thread's clock was not read. */
  tdur?: number;
  args?: { name?: string };
}

/** A thread's outermost task: start and end (µs, trace clock) and its share of them on a CPU. */
export interface Task {
  start: number;
  end: number;
  /** tdur / dur, at most 1. */
  onCpu: number;
}

export interface SimThread {
  /** "Renderer/CrRendererMain", "server/node", ... */
  name: string;
  /** "pid:tid" in the trace; absent for the server. */
  key?: string;
  kind: ThreadKind;
  tasks: Task[];
}

/** The page's main thread, the app's own workers, and everything else (storage, compositor, ...). */
export type ThreadKind = 'page' | 'worker' | 'other' | 'server';

/** A phone's speed: the phone workload's rounds per second of its CPU (phone-workload.ts). */
export interface PhoneSpeed {
  name: string;
  page: number;
  worker: number;
}

/**
 * The two phones. Mid-tier: what the project's phone has been (phone-calibration.ts's
 * PHONE_TARGET, a Moto G / Galaxy A class phone). Low-tier: DevTools' low-tier preset, a Moto G4
 * Power class phone, about a quarter of the mid-tier's speed.
 */
export const PHONES = {
  mid: { name: 'mid-tier', page: 220, worker: 550 },
  low: { name: 'low-tier', page: 55, worker: 137.5 },
} as const satisfies Record<string, PhoneSpeed>;

/** Host rounds per CPU-second (phone-workload.ts, timed by thread CPU time). */
export interface HostCpuScore {
  page: number;
  worker: number;
}

export type Multipliers = Record<ThreadKind, number>;

/**
 * How many times slower each kind of thread runs on `phone` than on this host, per CPU second.
 * The page's main thread and the app's workers are the phone's; the browser's own threads
 * (storage, network, compositor, raster, crypto) keep this host's speed, as they did under CDP
 * throttling and do in Lighthouse's simulation, so the targets keep their meaning; with
 * `nativeToo` they go as a worker does (plain compute without the DOM): a bound for a phone
 * whose every core is that slow. The server is not the phone and keeps this host's speed.
 */
export function phoneMultipliers(host: HostCpuScore, phone: PhoneSpeed, nativeToo = false): Multipliers {
  const worker = host.worker / phone.worker;
  return { page: host.page / phone.page, worker, other: nativeToo ? worker : 1, server: 1 };
}

const threadKey = (e: { pid: number; tid: number }) => `${e.pid}:${e.tid}`;

/** Names "process/thread" from the trace's metadata events. */
function threadNames(events: SimEvent[]): Map<string, string> {
  const processes = new Map<number, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'process_name') processes.set(e.pid, e.args?.name ?? String(e.pid));
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(threadKey(e), `${processes.get(e.pid) ?? e.pid}/${e.args?.name ?? e.tid}`);
  return names;
}

/**
 * Every thread's outermost tasks. `kindOf` says which threads are the page's and the app's
 * workers (by name and process: the page's renderer is the one that set `pagePid`).
 */
export function threadsOf(
  events: SimEvent[],
  kindOf: (name: string, pid: number) => ThreadKind,
): SimThread[] {
  const names = threadNames(events);
  const byThread = new Map<string, SimEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const list = byThread.get(threadKey(e)) ?? [];
    list.push(e);
    byThread.set(threadKey(e), list);
  }
  const threads: SimThread[] = [];
  for (const [key, list] of byThread) {
    // Longest first at a tie, so an event that starts with its parent is seen inside it.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const tasks: Task[] = [];
    for (const e of list) {
      const end = e.ts + e.dur!;
      const last = tasks.at(-1);
      if (last && e.ts < last.end) continue; // nested in (or overlapping) a task already taken
      // No thread clock read (a handful of events): taken as on the CPU throughout.
      const cpu = e.tdur ?? e.dur!;
      tasks.push({ start: e.ts, end, onCpu: Math.min(1, cpu / e.dur!) });
    }
    const name = names.get(key) ?? key;
    threads.push({ name, key, kind: kindOf(name, list[0]!.pid), tasks });
  }
  return threads;
}

export interface SimResult {
  /** The stretch on the phone, ms. */
  ms: number;
  /** The stretch as it took on this host, ms. */
  wallMs: number;
  /** The phone's ms charged to each thread that set a piece's cost, and to "waiting". */
  byThread: Map<string, number>;
  /** Each thread's CPU time within the stretch on this host, ms. */
  cpuMs: Map<string, number>;
  /** Wait time beyond `maxWaitUs` in single waits, not counted in `ms`. */
  waitDroppedMs: number;
}

/** One frame at 60 Hz, µs: the longest a wait counts on the phone in the bench. */
export const FRAME_US = 16_667;

/**
 * The page's wait for the frame a stretch ends in, [start, end] (µs, trace clock), or null: from
 * `shownAt`, when the verdict was in the DOM (the bench's observer saw it, at the end of the task
 * that put it there), to the start of the frame the stretch ends in, when the stretch ends
 * strictly inside a page task (that frame, whose animation-frame callback marks the verdict
 * drawn; its paint goes on after it). The page then waits for the display's next refresh, doing
 * only what tasks of its own come meanwhile.
 */
export function frameWaitOf(
  threads: SimThread[],
  from: number,
  to: number,
  shownAt: number | undefined,
): [number, number] | null {
  if (shownAt === undefined) return null;
  const page = threads.find((t) => t.kind === 'page');
  const frame = page?.tasks.find((t) => t.start < to && t.end > to);
  const start = Math.max(from, shownAt);
  return frame && frame.start > start ? [start, frame.start] : null;
}

/**
 * The stretch [from, to] (µs, trace clock) on a phone with `multipliers`. With `shownAt`, the
 * page's wait for its frame (frameWaitOf) counts only the page's tasks, and its idle time as a
 * wait (its wall time, up to `maxWaitUs` with the waits beside it).
 */
export function simulate(
  threads: SimThread[],
  from: number,
  to: number,
  multipliers: Multipliers,
  maxWaitUs = Number.POSITIVE_INFINITY,
  shownAt?: number,
): SimResult {
  interface Edge {
    at: number;
    open: boolean;
    thread: number;
    onCpu: number;
  }
  const edges: Edge[] = [];
  threads.forEach((thread, index) => {
    for (const task of thread.tasks) {
      if (task.end <= from || task.start >= to) continue;
      const edge = { thread: index, onCpu: task.onCpu };
      edges.push({ at: Math.max(from, task.start), open: true, ...edge });
      edges.push({ at: Math.min(to, task.end), open: false, ...edge });
    }
  });
  // The frame's wait, cut out as pieces of its own (edges of no thread).
  const forFrame = frameWaitOf(threads, from, to, shownAt);
  if (forFrame) for (const at of forFrame) edges.push({ at, open: false, thread: -1, onCpu: 0 });
  // Ends before starts at the same instant: a thread's next task does not overlap its last.
  edges.sort((a, b) => a.at - b.at || Number(a.open) - Number(b.open));
  const running = new Map<number, number>(); // thread -> its task's onCpu
  const byThread = new Map<string, number>();
  const cpuMs = new Map<string, number>();
  const charge = (map: Map<string, number>, name: string, ms: number) =>
    map.set(name, (map.get(name) ?? 0) + ms);
  let at = from;
  let phoneUs = 0;
  // The wait so far, across pieces cut by tasks that only started or ended elsewhere.
  let waited = 0;
  let droppedUs = 0;
  const advance = (until: number) => {
    const span = until - at;
    if (span <= 0) return;
    // Waiting for its frame, the page's own tasks are all that counts.
    const waitingForFrame = forFrame !== null && at >= forFrame[0] && until <= forFrame[1];
    const counting = waitingForFrame
      ? new Map([...running].filter(([thread]) => threads[thread]!.kind === 'page'))
      : running;
    if (waitingForFrame)
      for (const [thread, onCpu] of running)
        if (!counting.has(thread)) charge(cpuMs, threads[thread]!.name, (span * onCpu) / 1000);
    if (counting.size === 0) {
      const counted = Math.max(0, Math.min(span, maxWaitUs - waited));
      waited += span;
      droppedUs += span - counted;
      phoneUs += counted;
      charge(byThread, 'waiting', counted / 1000);
    } else {
      waited = 0;
      let worst = -1;
      let cost = 0;
      for (const [thread, onCpu] of counting) {
        const name = threads[thread]!.name;
        charge(cpuMs, name, (span * onCpu) / 1000);
        const c = span * onCpu * multipliers[threads[thread]!.kind];
        if (c > cost || worst < 0) {
          cost = c;
          worst = thread;
        }
      }
      phoneUs += cost;
      charge(byThread, threads[worst]!.name, cost / 1000);
    }
    at = until;
  };
  for (const edge of edges) {
    advance(edge.at);
    if (edge.thread < 0) continue;
    if (edge.open) running.set(edge.thread, edge.onCpu);
    else running.delete(edge.thread);
  }
  advance(to);
  return { ms: phoneUs / 1000, wallMs: (to - from) / 1000, byThread, cpuMs, waitDroppedMs: droppedUs / 1000 };
}

/** "CrRendererMain 412 ms, waiting 90 ms, ..." : the largest shares of a simulated stretch. */
export function describeShares(shares: Map<string, number>, top = 5): string {
  return [...shares]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ');
}
