// How much of the browser's thread CPU time this host spends in its kernel, by thread name:
// runs a command (a bench) and samples every Chromium thread's user and system time from
// /proc/<pid>/task/<tid>/stat every half second until it ends. Diagnostic, not a bench figure:
//   node --import tsx test/bench/thread-kernel-share.ts node --import tsx test/bench/phone.bench.ts
// On a paravirtualised host every system call and page fault is the hypervisor's too, so a
// thread's CPU time holds work a phone's kernel does not do (docs/benchmarks.md).
import { spawn } from 'node:child_process';
import { chromiumThreadTimes, type ThreadTimes } from './browser/thread-times';

const TICK_S = 0.01; // USER_HZ, 100 on Linux
// Threads already running when the command starts (another browser on a shared host) count
// only what they take from then on.
const before = chromiumThreadTimes();
const seen = new Map<string, ThreadTimes>();
const sample = () => {
  for (const [key, times] of chromiumThreadTimes()) seen.set(key, times);
};

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: thread-kernel-share.ts <command> [args...]');
const child = spawn(command, args, { stdio: 'inherit' });
const timer = setInterval(sample, 500);
const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
clearInterval(timer);
const byName = new Map<string, { user: number; system: number }>();
for (const [key, t] of seen) {
  const start = before.get(key) ?? { user: 0, system: 0 };
  const sum = byName.get(t.name) ?? { user: 0, system: 0 };
  sum.user += t.user - start.user;
  sum.system += t.system - start.system;
  byName.set(t.name, sum);
}
console.log("# the browser threads' CPU time by name (seconds): user, system, system share");
for (const [name, t] of [...byName]
  .sort((a, b) => b[1].user + b[1].system - (a[1].user + a[1].system))
  .slice(0, 14))
  console.log(
    `#   ${name.padEnd(16)} ${(t.user * TICK_S).toFixed(1).padStart(7)} ${(t.system * TICK_S).toFixed(1).padStart(7)} ${((100 * t.system) / Math.max(1, t.user + t.system)).toFixed(0).padStart(4)} %`,
  );
process.exitCode = code ?? 1;
