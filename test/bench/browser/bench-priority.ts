// The phone bench's browser and server ahead of whatever else the host runs, so that beside
// other work their tasks start when they are due, as on a phone whose cores run nothing else:
// real-time threads (the bench's default), or else a CPU cgroup of their own with ten times the
// CPU weight of anything at the root (another session, a busy loop). The simulation
// (phone-sim.ts) takes each task's CPU time, which load hardly moves; this keeps the rest
// load-free too: the waits between tasks, and the work a page does per second of wall time
// (frames, timers), which grows when the wall time does. At load 15-20 here the cgroup still
// left tens of ms of waits between a scan's tasks; real-time left a few.
//
// Guarantees: the browser takes its priority before its first instruction (a wrapper script
// that sets it and then becomes Chromium, so every process and thread it starts has it); the
// server is given it whole. The group's `stop` moves whatever is left back to the root and
// removes the group. Needs root (and, for the group, cgroup v1's `cpu` or v2's `cpu.weight`);
// otherwise nothing is raised, `status` says why, and the bench runs at ordinary priority.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** cpu.shares of the group; the root's sessions and processes have 1024 each. */
const SHARES = 10_240;

export interface Priority {
  /** The browser to launch: Chromium, in the group once it starts. */
  executablePath: string;
  /** Moves a running process (every thread of it) into the group. */
  add(pid: number): void;
  status: string;
  stop(): void;
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/**
 * The browser and the server as real-time threads (SCHED_RR at the lowest real-time priority):
 * a woken thread takes a core from any ordinary process at once, so a task starts when it is
 * due however busy the host is. The kernel's real-time throttling still leaves the host's other
 * work 5 % of each core; the door is busy for seconds at a time (the download), and holds the
 * host's other users off that long. Where real-time is refused, the cgroup below instead.
 */
export function realTimePriority(tempDir: string): Priority {
  try {
    execFileSync('chrt', ['--rr', '1', 'true']);
  } catch (error) {
    const group = raisePriority(tempDir);
    return {
      ...group,
      status: `${group.status}; real-time refused (${(error as Error).message.split('\n')[0]})`,
    };
  }
  const wrapper = join(tempDir, 'chromium-real-time');
  writeFileSync(wrapper, '#!/bin/sh\nexec chrt --rr 1 /usr/bin/chromium "$@"\n');
  chmodSync(wrapper, 0o755);
  return {
    executablePath: wrapper,
    add(pid: number) {
      execFileSync('chrt', ['--all-tasks', '--rr', '--pid', '1', String(pid)]);
    },
    status: 'real-time (SCHED_RR 1 for the browser and the server)',
    stop: () => undefined,
  };
}

export function raisePriority(tempDir: string): Priority {
  const plain = { executablePath: '/usr/bin/chromium', add: () => undefined, stop: () => undefined };
  if (process.getuid?.() !== 0) return { ...plain, status: 'not raised (not root)' };
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  let dir: string;
  let home: string;
  try {
    if (existsSync(join(v1, 'cpu.shares'))) {
      dir = join(v1, `venue-phone-sim-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.shares'), String(SHARES));
      home = join(v1, 'cgroup.procs');
    } else if (read(join(v2, 'cgroup.controllers')).split(/\s+/).includes('cpu')) {
      writeFileSync(join(v2, 'cgroup.subtree_control'), '+cpu');
      dir = join(v2, `venue-phone-sim-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      // cpu.weight: 100 is the default, as 1024 shares are in v1.
      writeFileSync(join(dir, 'cpu.weight'), String((SHARES / 1024) * 100));
      home = join(v2, 'cgroup.procs');
    } else return { ...plain, status: 'not raised (no cgroup cpu controller)' };
  } catch (error) {
    return { ...plain, status: `not raised (${(error as Error).message})` };
  }
  const procs = join(dir, 'cgroup.procs');
  const wrapper = join(tempDir, 'chromium-in-group');
  writeFileSync(wrapper, `#!/bin/sh\necho $$ > ${procs}\nexec /usr/bin/chromium "$@"\n`);
  chmodSync(wrapper, 0o755);
  return {
    executablePath: wrapper,
    add(pid: number) {
      writeFileSync(procs, String(pid));
    },
    status: `raised (cgroup ${dir}, cpu weight ${SHARES / 1024} times the root's processes')`,
    stop() {
      for (const pid of read(procs).split('\n').filter(Boolean))
        try {
          writeFileSync(home, pid);
        } catch {
          // a process that ended meanwhile
        }
      try {
        rmdirSync(dir);
      } catch {
        // still busy: the kernel removes nothing, and the next run makes its own group
      }
    },
  };
}

/**
 * The benches' choice: real-time (the default), `BENCH_PRIORITY=group` the cgroup of high
 * weight, `BENCH_PRIORITY=0` neither.
 */
export function benchPriority(tempDir: string): Priority {
  if (process.env.BENCH_PRIORITY === '0')
    return {
      executablePath: '/usr/bin/chromium',
      add: () => undefined,
      stop: () => undefined,
      status: 'not raised (BENCH_PRIORITY=0)',
    };
  return process.env.BENCH_PRIORITY === 'group' ? raisePriority(tempDir) : realTimePriority(tempDir);
}
