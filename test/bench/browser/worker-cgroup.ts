// Slows the door's dedicated workers as a phone's CPU would: Chromium refuses CDP CPU throttling
// for workers, so each worker's thread (the sync engine's, the camera's decoder's) is moved into
// a CPU cgroup of its own with a CPU quota as soon as it appears (the quota is chosen by
// phone-calibration.ts so a worker scores the phone's figure on this host): a phone's cores are
// slow, but it has several, so two workers do not share one quota. Needs root and a writable
// cgroup CPU controller (v1 `cpu` or v2 `cpu.max`); otherwise it says why not and the bench
// carries on unthrottled in the worker.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The quota's period: a quota of PERIOD_US is one whole core. */
export const PERIOD_US = 100_000;
/** cgroups refuse a quota under 1 ms. */
export const MIN_QUOTA_US = 1_000;
/** How Chromium names a dedicated worker's thread (`comm` keeps 15 characters). */
const WORKER_THREAD = /^(DedicatedWorker|WebWorker)/;

interface Group {
  dir: string;
  /** The file a thread id is written to, to move that thread into the group. */
  threads: string;
  /** Where a thread goes back to, to run unthrottled. */
  home: string;
  /** `cpu.cfs_quota_us` (v1) or `cpu.max` (v2). */
  quotaFile: string;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

function writeQuota(group: Group, quotaUs: number) {
  if (group.quotaFile.endsWith('cpu.max')) writeFileSync(group.quotaFile, `${quotaUs} ${PERIOD_US}`);
  else writeFileSync(group.quotaFile, String(quotaUs));
}

function makeGroup(name: string, quotaUs: number): Group | string {
  if (process.getuid?.() !== 0) return 'not root';
  const v1 = '/sys/fs/cgroup/cpu';
  if (existsSync(join(v1, 'cpu.cfs_quota_us'))) {
    try {
      const dir = join(v1, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      const group = {
        dir,
        threads: join(dir, 'tasks'),
        home: join(v1, 'tasks'),
        quotaFile: join(dir, 'cpu.cfs_quota_us'),
      };
      writeQuota(group, quotaUs);
      return group;
    } catch (error) {
      return `cgroup v1 cpu: ${(error as Error).message}`;
    }
  }
  const v2 = '/sys/fs/cgroup';
  if (!read(join(v2, 'cgroup.controllers')).split(/\s+/).includes('cpu'))
    return 'no writable cgroup CPU controller (neither v1 cpu nor v2 cpu.max)';
  try {
    writeFileSync(join(v2, 'cgroup.subtree_control'), '+cpu');
    const dir = join(v2, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cgroup.type'), 'threaded');
    const group = {
      dir,
      threads: join(dir, 'cgroup.threads'),
      home: join(v2, 'cgroup.threads'),
      quotaFile: join(dir, 'cpu.max'),
    };
    writeQuota(group, quotaUs);
    return group;
  } catch (error) {
    return `cgroup v2 cpu.max: ${(error as Error).message}`;
  }
}

/** The processes descending from the browser started on `profile` (renderers come from its zygote). */
function browserFamily(profile: string): () => number[] {
  const parents = new Map<number, number>();
  let browser = 0;
  return () => {
    const alive = new Set<number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      alive.add(pid);
      if (!parents.has(pid)) {
        const stat = read(`/proc/${pid}/stat`);
        parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      }
      // Read again until found: the browser starts as a wrapper script that then execs it.
      if (browser) continue;
      const args = read(`/proc/${pid}/cmdline`).split('\0');
      if (args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith('--type=')))
        browser = pid;
    }
    for (const pid of parents.keys()) if (!alive.has(pid)) parents.delete(pid);
    if (!browser) return [];
    const family = new Set([browser]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid] of parents)
        if (!family.has(pid) && family.has(ppid)) {
          family.add(pid);
          grew = true;
        }
    }
    return [...family];
  };
}

export interface WorkerThrottle {
  /** `applied`, or `not applied` with the reason. */
  status(): string;
  /** How many worker threads were moved into the group. */
  moved(): number;
  /** Lets the worker threads run at full speed again, or slows them again. */
  release(): void;
  restore(): void;
  /** How often the group's quota held the worker back. */
  throttledPeriods(): number;
  /** Changes every group's quota (µs of CPU per PERIOD_US), and the quota of groups made later. */
  setQuota(quotaUs: number): void;
  stop(): void;
}

let made = 0;

/**
 * Watches the browser on `profile` and moves each dedicated worker thread into a group of its
 * own, each held to `quotaUs` of CPU per PERIOD_US.
 */
export function throttleWorkers(profile: string, quotaUs: number): WorkerThrottle {
  const name = `venue-phone-bench-${process.pid}-${made++}`;
  let quota = Math.round(quotaUs);
  // The first group says whether groups can be made here at all.
  const first = makeGroup(`${name}-0`, quota);
  const moved: { tid: number; group: Group }[] = [];
  const seen = new Set<string>();
  let failure = '';
  const family = browserFamily(profile);
  const scan = () => {
    if (typeof first === 'string') return;
    for (const pid of family()) {
      let tasks: string[] = [];
      try {
        tasks = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tasks) {
        const key = `${pid}/${tid}`;
        if (seen.has(key)) continue;
        if (!WORKER_THREAD.test(read(`/proc/${pid}/task/${tid}/comm`))) continue;
        seen.add(key);
        const group = moved.length === 0 ? first : makeGroup(`${name}-${moved.length}`, quota);
        if (typeof group === 'string') {
          failure = group;
          continue;
        }
        try {
          writeFileSync(group.threads, tid);
          moved.push({ tid: Number(tid), group });
        } catch (error) {
          failure = (error as Error).message;
        }
      }
    }
  };
  const timer = typeof first === 'string' ? undefined : setInterval(scan, 15);
  const move = (home: boolean) => {
    for (const { tid, group } of moved)
      try {
        writeFileSync(home ? group.home : group.threads, String(tid));
      } catch {
        // The thread has ended.
      }
  };
  return {
    status() {
      if (typeof first === 'string') return `not applied (${first})`;
      if (moved.length > 0)
        return `applied (cpu quota ${quota}/${PERIOD_US} us on each of ${moved.length} worker threads)`;
      return `not applied (${failure || 'no dedicated worker thread seen'})`;
    },
    moved: () => moved.length,
    release: () => move(true),
    restore: () => move(false),
    throttledPeriods() {
      let periods = 0;
      for (const group of new Set(moved.map((m) => m.group)))
        periods += Number(/nr_throttled (\d+)/.exec(read(join(group.dir, 'cpu.stat')))?.[1] ?? 0);
      return periods;
    },
    setQuota(quotaUs) {
      quota = Math.round(quotaUs);
      for (const group of new Set([
        ...(typeof first === 'string' ? [] : [first]),
        ...moved.map((m) => m.group),
      ]))
        writeQuota(group, quota);
    },
    stop() {
      clearInterval(timer);
      move(true);
      for (const group of new Set([
        ...(typeof first === 'string' ? [] : [first]),
        ...moved.map((m) => m.group),
      ]))
        try {
          rmdirSync(group.dir);
        } catch {
          // Still has a thread in it (it ends with the browser); the group is empty soon after.
        }
    },
  };
}
