// The phone bench's browser and server ahead of whatever else the host runs: a CPU cgroup of
// their own with ten times the CPU weight of anything at the root (another session, a busy
// loop), so that beside other work their tasks start when they are due, as on a phone whose
// cores run nothing else. The simulation (phone-sim.ts) takes each task's CPU time, which load
// hardly moves; this keeps the rest load-free too: the waits between tasks, and the work a page
// does per second of wall time (frames, timers), which grows when the wall time does.
//
// Guarantees: the browser joins the group before its first instruction (a wrapper script that
// puts itself in and then becomes Chromium, so every process and thread it starts is inside);
// the server is moved in whole; `stop` moves whatever is left back to the root and removes the
// group. Needs root and cgroup v1's `cpu` controller (v2: `cpu.weight`); otherwise nothing is
// raised and `status` says why, and the bench runs at the host's ordinary priority.
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
