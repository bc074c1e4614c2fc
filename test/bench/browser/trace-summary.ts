// A Chromium trace (devtools.timeline and friends) of a stretch of a bench, summed by thread and
// by event name: which thread was busy, and with what (script, style, layout, paint, GC,
// IndexedDB). Native work shows here that a CPU profile counts as idle.
import type { BrowserContext, Page } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const CATEGORIES =
  'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,loading,IndexedDB,toplevel';

/** Starts tracing the whole browser; `stop` ends it and gives its events. */
export async function traceOf(context: BrowserContext, page: Page) {
  const session = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<TraceEvent[]> {
      await session.send('Tracing.end');
      await complete;
      return events;
    },
  };
}

/**
 * Each busy thread: its top-level tasks' time, and its events' self time by name (an event's
 * time less its nested events'), so native work (style, layout, IndexedDB) shows apart from script.
 */
export function summariseTrace(events: TraceEvent[], top = 14): string {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const lines: string[] = [];
  const summaries = [...byThread].map(([key, list]) => {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, number>();
    const count = new Map<string, number>();
    const stack: { end: number; name: string; child: number; dur: number }[] = [];
    let tasks = 0;
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        self.set(done.name, (self.get(done.name) ?? 0) + (done.dur - done.child) / 1000);
        if (stack.length) stack.at(-1)!.child += done.dur;
      }
    };
    for (const e of list) {
      close(e.ts);
      if (!stack.length) tasks += e.dur! / 1000;
      stack.push({ end: e.ts + e.dur!, name: e.name, child: 0, dur: e.dur! });
      count.set(e.name, (count.get(e.name) ?? 0) + 1);
    }
    close(Number.POSITIVE_INFINITY);
    return { key, tasks, self, count };
  });
  for (const { key, tasks, self, count } of summaries.sort((a, b) => b.tasks - a.tasks)) {
    if (tasks < 20) continue;
    lines.push(`# thread ${names.get(key) ?? key}: busy ${tasks.toFixed(0)} ms (self time by event)`);
    for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
      lines.push(`#   ${ms.toFixed(1).padStart(8)} ms  ${name} (${count.get(name)} times)`);
  }
  return lines.join('\n');
}
