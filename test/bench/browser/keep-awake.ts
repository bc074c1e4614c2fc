// The host's cores kept busy through a phone bench, at the lowest priority there is: a spinner
// per core under SCHED_IDLE, which runs only when nothing else wants the core. Why: on this VM
// an idle core runs slower per CPU-second when work arrives (its clock, its wake-up): the CPU
// score measured beside two busy loops came out 46 % higher than on a quiet host, while the
// door's own CPU time moved 10 %, so a quiet run's phone was 30 % faster than a loaded run's.
// With the cores never idle, every run, quiet or not, measures the score and the door in the
// same state. The spinners take nothing from the bench's threads (any other policy preempts
// SCHED_IDLE); they are killed by their own pids when the bench ends, or when its process exits
// by any other way (a bench that throws before its `finally`), never left spinning.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface KeptAwake {
  status: string;
  stop(): void;
}

export function keepCoresAwake(): KeptAwake {
  try {
    execFileSync('chrt', ['--help'], { stdio: 'ignore' });
  } catch {
    return { status: 'not kept awake (no chrt)', stop: () => undefined };
  }
  const spinners: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
    spawn('chrt', ['--idle', '0', process.execPath, '-e', 'for(;;){}'], { stdio: 'ignore' }),
  );
  const stop = () => {
    for (const spinner of spinners) spinner.kill('SIGKILL');
    process.off('exit', stop);
  };
  process.on('exit', stop);
  return { status: `kept awake (${spinners.length} SCHED_IDLE spinners)`, stop };
}

/** The benches' choice: kept awake, unless `BENCH_AWAKE=0` (the figures then move with the host's load). */
export const benchAwake = (): KeptAwake =>
  process.env.BENCH_AWAKE === '0'
    ? { status: 'not kept awake (BENCH_AWAKE=0)', stop: () => undefined }
    : keepCoresAwake();
