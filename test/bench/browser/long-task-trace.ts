// What each long task was: a Chromium trace (devtools.timeline, with the V8 sampler's stacks)
// of a throttled page, and for each of the page's main-thread tasks over 50 ms from the scan
// screen's first frame, what ran in it: the nested timeline events (script, style, layout,
// paint, parse) by self time and the script's functions by sampled time. A CPU profile alone
// cannot say this: style, layout and paint show there as "(program)".
// Set BENCH_TRACE to a folder to have the phone bench trace each throttled browser it opens.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';

interface Event {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      functionName?: string;
      url?: string;
      lineNumber?: number;
      type?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
].join(',');

/** The page mark the long-task watcher sets at the scan screen's first frame. */
export const FIRST_FRAME_MARK = 'scan-screen-first-frame';

export async function startTrace(cdp: CDPSession) {
  const events: Event[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as Event[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    /** Ends the trace, writes `folder/label.trace.json` and describes its long tasks. */
    async stop(folder: string, label: string): Promise<string> {
      await cdp.send('Tracing.end');
      await complete;
      writeFileSync(join(folder, `${label}.trace.json`), JSON.stringify({ traceEvents: events }));
      return describeLongTaskTrace(events, label);
    },
  };
}

const where = (url = '', line?: number) => {
  const file = url.split('/').pop() ?? '';
  return file ? ` ${file}${line !== undefined && line >= 0 ? `:${line + 1}` : ''}` : '';
};

function eventLabel(e: Event): string {
  const d = e.args?.data;
  if (!d) return e.name;
  if (d.type) return `${e.name} ${d.type}`;
  if (d.functionName || d.url)
    return `${e.name} ${d.functionName || '(anonymous)'}${where(d.url, d.lineNumber)}`;
  return e.name;
}

/** Every main-thread task over 50 ms after the first-frame mark, broken down. */
export function describeLongTaskTrace(events: Event[], label: string, minMs = 50): string {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: Event) => mainThreads.has(`${e.pid}:${e.tid}`);
  const mark = events.find((e) => e.name === FIRST_FRAME_MARK && onMain(e));
  if (!mark) return `# trace ${label}: no "${FIRST_FRAME_MARK}" mark`;
  if (process.env.DEBUG_TRACE) console.log(mark);
  // The page's own main thread: the one that set the mark (other renderers run Chromium's own pages).
  const pageThread = (e: Event) => e.pid === mark.pid && e.tid === mark.tid;
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && pageThread(e));
  const tasks = complete.filter((e) => e.name === 'RunTask' && e.dur! >= minMs * 1000 && e.ts >= mark.ts);

  // The sampler's stacks on the main thread: each sample's time and leaf node.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(
    events.filter((e) => e.name === 'Profile' && pageThread(e)).map((e) => `${e.pid}:${e.id}`),
  );
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && profileIds.has(`${e.pid}:${e.id}`));
  const start = events.find((e) => e.name === 'Profile' && pageThread(e));
  let at = (start?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of chunks) {
    const profile = chunk.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((node, i) => {
      at += deltas[i] ?? 0;
      samples.push({ ts: at, node });
    });
  }
  const frameName = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'}${where(node.callFrame.url, node.callFrame.lineNumber)}`;

  const lines = [
    `# trace ${label}: ${tasks.length} main-thread tasks over ${minMs} ms after the first frame`,
  ];
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inside = complete
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Self time by event: each event's time less its children's.
    const self = new Map<string, number>();
    const stack: { end: number; label: string; child: number; dur: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        self.set(done.label, (self.get(done.label) ?? 0) + (done.dur - done.child) / 1000);
        if (stack.length) stack.at(-1)!.child += done.dur;
      }
    };
    let outer = 0;
    for (const e of inside) {
      close(e.ts);
      if (!stack.length) outer += e.dur!;
      stack.push({ end: e.ts + e.dur!, label: eventLabel(e), child: 0, dur: e.dur! });
    }
    close(Number.POSITIVE_INFINITY);
    self.set('(task, outside any event)', (task.dur! - outer) / 1000);
    const top = inside.filter(
      (e) =>
        !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
    );
    // Sampled script time by function, inclusive (each function once per sample).
    const inclusive = new Map<string, number>();
    const taskSamples = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    taskSamples.forEach((s, i) => {
      const ms = ((taskSamples[i + 1]?.ts ?? s.ts) - s.ts) / 1000;
      const seen = new Set<string>();
      for (let node = nodes.get(s.node); node; node = node.parent ? nodes.get(node.parent) : undefined) {
        const name = frameName(node);
        if (seen.has(name) || name.startsWith('(root)')) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
    });
    lines.push(
      `# task ${(task.dur! / 1000).toFixed(0)} ms at +${((task.ts - mark.ts) / 1000).toFixed(0)} ms: ${top
        .slice(0, 6)
        .map((e) => `${eventLabel(e)} ${(e.dur! / 1000).toFixed(0)} ms`)
        .join('; ')}`,
    );
    lines.push(
      `#   self by event: ${[...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join('; ')}`,
    );
    lines.push(
      `#   script by function (sampled, inclusive): ${[...inclusive]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join('; ')}`,
    );
  }
  return lines.join('\n');
}

// Alone: `node --import tsx test/bench/browser/long-task-trace.ts <file.trace.json> [minMs]`.
if (process.argv[1]?.endsWith('long-task-trace.ts') && process.argv[2]) {
  const { readFileSync } = await import('node:fs');
  const { traceEvents } = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { traceEvents: Event[] };
  console.log(describeLongTaskTrace(traceEvents, process.argv[2], Number(process.argv[3] ?? 50)));
}
