// One stretch of a dumped trace as a tree of events with their wall and CPU time: where a scan's
// time went, task by task. Diagnostic, not a bench figure. Dump first with the phone bench:
//   BENCH_DUMP=/tmp/dump BENCH_CATEGORIES=devtools.timeline node --import tsx test/bench/phone.bench.ts
//   node --import tsx test/bench/trace-tree.ts /tmp/dump/enter-to-verdict-p95.json page 25
// (thread: `page`, or a thread id of the page's process; the stretch's index; events under
// `min` µs, default 40, left out).
import { readFileSync } from 'node:fs';
import type { TraceEventWithProfile } from './browser/phone-trace';

interface Dump {
  spans: [number, number][];
  pid: number;
  events: (TraceEventWithProfile & { dur: number })[];
}
const [file, thread = 'page', stretch = '0', min = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-tree.ts <dump.json> [page|tid] [stretch] [min µs]');
const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
const [from, to] = dump.spans[Number(stretch)]!;
const tid = thread === 'page' ? dump.pid : Number(thread);
const events = dump.events
  .filter(
    (e) =>
      e.ph === 'X' && e.pid === dump.pid && e.tid === tid && e.ts + e.dur > from - 2000 && e.ts < to + 1000,
  )
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const open: (typeof events)[number][] = [];
for (const e of events) {
  while (open.length && open.at(-1)!.ts + open.at(-1)!.dur <= e.ts) open.pop();
  if (e.dur >= Number(min)) {
    const data = (e.args as { data?: { functionName?: string; type?: string } } | undefined)?.data;
    const what = data?.functionName || data?.type || '';
    const cpu = e.tdur ? ` cpu ${(e.tdur / 1000).toFixed(2)}` : '';
    console.log(
      `${((e.ts - from) / 1000).toFixed(2).padStart(7)} ${'  '.repeat(open.length)}${e.name} ${what} ${(e.dur / 1000).toFixed(2)}ms${cpu}`,
    );
  }
  open.push(e);
}
console.log(`stretch ends at ${((to - from) / 1000).toFixed(2)}`);
