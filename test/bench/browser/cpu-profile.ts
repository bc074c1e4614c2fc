// Where a figure's time goes: a page's CPU profile over CDP, written as a .cpuprofile (open it
// in Chromium's DevTools, Performance panel) and summed by function for the bench's output.
// Set BENCH_PROFILE to a folder to have the phone bench record one per browser it opens.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A page's CDP session, or a worker's reached through it (the phone bench's workerDevtools). */
export type Devtools = CDPSession | (<T>(method: string, params?: object) => Promise<T>);

const sender = (devtools: Devtools) =>
  typeof devtools === 'function'
    ? devtools
    : <T>(method: string, params: object = {}) =>
        devtools.send(method as 'Profiler.start', params) as unknown as Promise<T>;

export async function startProfile(devtools: Devtools) {
  const send = sender(devtools);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
}

/**
 * Stops the profile, writes it to `folder/label.cpuprofile`, and returns its busiest
 * functions between `fromMs` and `toMs` (ms since the profile started; all when omitted).
 */
export async function stopProfile(
  devtools: Devtools,
  folder: string,
  label: string,
  window: { fromMs?: number; toMs?: number } = {},
): Promise<string> {
  const { profile } = await sender(devtools)<{ profile: Profile }>('Profiler.stop');
  writeFileSync(join(folder, `${label}.cpuprofile`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let at = 0;
  let total = 0;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    at += (deltas[i] ?? 0) / 1000;
    if (window.fromMs !== undefined && at < window.fromMs) return;
    if (window.toMs !== undefined && at > window.toMs) return;
    const frame = byId.get(id)?.callFrame;
    const file = frame?.url.split('/').pop() ?? '';
    const key = `${frame?.functionName || '(anonymous)'} ${file}${file ? `:${frame!.lineNumber + 1}` : ''}`;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + ms);
    total += ms;
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return [
    `# profile ${label}: ${total.toFixed(0)} ms sampled`,
    ...top.map(([key, ms]) => `#   ${ms.toFixed(0).padStart(6)} ms  ${key}`),
  ].join('\n');
}
