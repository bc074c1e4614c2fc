// This host's speed for the page measured beside a stretch, in the door's own page and trace: the
// phone workload (phone-workload.ts) run a few times between user timing marks, each run's rounds
// over its thread's CPU time in the trace. Host-cpu-score.ts measures the host three times a
// bench in a blank page of its own; this one follows the host from one restart to the next.
import type { Page } from '@playwright/test';
import { median } from './phone-calibration';
import { simulate } from './phone-sim';
import type { Recording } from './phone-trace';
import { workloadExpression } from './phone-workload';

export const LOCAL_RUNS = 3;
const LOCAL_MS = 300;

/** Runs the page workload LOCAL_RUNS times in the door's page, marked `local-score:<tag>:<n>`. */
export async function runLocalScore(page: Page, tag: string): Promise<number[]> {
  const rounds: number[] = [];
  for (let run = 0; run < LOCAL_RUNS; run++) {
    const name = `local-score:${tag}:${run}`;
    const result = (await page.evaluate(
      `(performance.mark('${name}:start'), Object.assign(${workloadExpression(LOCAL_MS, true)}, { end: performance.mark('${name}:end').startTime }))`,
    )) as { rounds: number };
    rounds.push(result.rounds);
  }
  return rounds;
}

/** The page's rounds per CPU-second over the runs `runLocalScore` marked (their median); NaN if lost. */
export function localScoreFrom(recording: Recording, tag: string, rounds: number[]): number {
  const scores = rounds.flatMap((n, run) => {
    const name = `local-score:${tag}:${run}`;
    const start = recording.events.find((e) => e.name === `${name}:start`);
    const end = recording.events.find((e) => e.name === `${name}:end`);
    const thread = recording.threads.find((t) => t.key === `${start?.pid}:${start?.tid}`);
    if (!start || !end || !thread) return [];
    const cpuMs = simulate([thread], start.ts, end.ts, { page: 1, worker: 1, other: 1, server: 1 }).cpuMs;
    return [(n * 1000) / (cpuMs.get(thread.name) ?? Number.NaN)];
  });
  return scores.length ? median(scores) : Number.NaN;
}
