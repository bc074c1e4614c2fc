// Every Chromium thread's user and system CPU time on this host, from /proc/<pid>/task/<tid>/stat
// (clock ticks of 10 ms): how much of a thread's CPU time its own code took, and how much the
// kernel took on its behalf. Trace events carry Linux's own pid and tid, so a sample lines up
// with a trace's threads by "pid:tid".
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadTimes {
  name: string;
  /** Clock ticks (USER_HZ: 100 a second on Linux). */
  user: number;
  system: number;
  /** First touches of a page of memory (minor faults) so far; absent where not read. */
  minorFaults?: number;
}

/** Every thread of every process whose command line names chromium, by "pid:tid". */
export function chromiumThreadTimes(): Map<string, ThreadTimes> {
  const out = new Map<string, ThreadTimes>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`).includes('chromium')) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}:${tid}`, {
          name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          user: Number(fields[11]),
          system: Number(fields[12]),
          minorFaults: Number(fields[7]),
        });
      }
    } catch {
      // A process or thread gone between the listing and the read.
    }
  }
  return out;
}

/**
 * Each thread's user share of the CPU time it took between two samples (a thread that took
 * under `minTicks` is left out: too few ticks to say).
 */
export function userShares(
  before: Map<string, ThreadTimes>,
  after: Map<string, ThreadTimes>,
  minTicks = 5,
): Map<string, number> {
  const shares = new Map<string, number>();
  for (const [key, end] of after) {
    const start = before.get(key) ?? { user: 0, system: 0 };
    const user = end.user - start.user;
    const total = user + end.system - start.system;
    if (total >= minTicks) shares.set(key, user / total);
  }
  return shares;
}

/** One thread's CPU time so far, ms, from `/proc/<pid>/task/<tid>/schedstat` (nanoseconds); NaN once gone. */
export function threadCpuMs(key: string): number {
  const [pid, tid] = key.split(':');
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Each kind of Chromium thread's CPU time and first touches of memory between two samples. */
export function threadKindsBetween(
  before: Map<string, ThreadTimes>,
  after: Map<string, ThreadTimes>,
): string[] {
  const byName = new Map<string, { user: number; system: number; faults: number }>();
  for (const [key, end] of after) {
    const start = before.get(key) ?? { name: end.name, user: 0, system: 0, minorFaults: 0 };
    const sum = byName.get(end.name) ?? { user: 0, system: 0, faults: 0 };
    sum.user += end.user - start.user;
    sum.system += end.system - start.system;
    sum.faults += (end.minorFaults ?? 0) - (start.minorFaults ?? 0);
    byName.set(end.name, sum);
  }
  return [...byName]
    .filter(([, t]) => t.user + t.system >= 5)
    .sort((a, b) => b[1].user + b[1].system - (a[1].user + a[1].system))
    .map(
      ([name, t]) =>
        `#   ${name.padEnd(16)} user ${t.user * 10} ms, system ${t.system * 10} ms, ${t.faults} minor faults`,
    );
}
