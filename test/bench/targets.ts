// The figures the door is held to, on the simulated phones (browser/phone-sim.ts), and
// the summary `npm run bench` prints of them at its end: each figure's value as the benches
// printed it, beside its target, and any figure no bench printed (a bench that broke or lost a
// line). Speed is measured here, never asserted: a miss is printed, it does not fail the run.

export interface Target {
  name: string;
  /** The figure holds when its value is at most this, in `unit`. */
  max: number;
  unit: string;
  what: string;
}

export const TARGETS: Target[] = [
  {
    name: 'phone-cold-start-to-verdict',
    max: 1.5,
    unit: 's',
    what: 'phone, restart offline to first verdict',
  },
  { name: 'cold-start-to-verdict', max: 0.5, unit: 's', what: 'the same unthrottled, this host' },
  {
    name: 'phone-enter-to-verdict-p95',
    max: 50,
    unit: 'ms',
    what: 'phone, Enter to verdict p95, offline after a restart',
  },
  {
    name: 'phone-enter-to-verdict-online-p95',
    max: 50,
    unit: 'ms',
    what: 'phone, Enter to verdict p95, online',
  },
  { name: 'phone-camera-frame-to-verdict', max: 150, unit: 'ms', what: 'phone, camera frame to verdict' },
  { name: 'door-join-to-ready-ui', max: 4, unit: 's', what: 'join to ready unthrottled, this host' },
  { name: 'phone-first-download', max: 10, unit: 's', what: 'phone, join to ready' },
  { name: 'door-worker-heap', max: 40, unit: 'MB', what: "sync worker's heap, 100k tickets" },
  {
    name: 'phone-first-search',
    max: 300,
    unit: 'ms',
    what: 'phone, first search after a restart, the list loaded',
  },
  { name: 'door-js-gzip', max: 125, unit: 'KB', what: 'door route before the camera chunk, gzipped' },
  { name: 'phone-longest-task-after-join', max: 50, unit: 'ms', what: 'phone, longest task after a join' },
  {
    name: 'phone-longest-task-after-restart',
    max: 50,
    unit: 'ms',
    what: 'phone, longest task after a restart',
  },
  // The low-tier phone (browser/phone-sim.ts): the cheapest phone a volunteer brings.
  {
    name: 'low-phone-cold-start-to-verdict',
    max: 3,
    unit: 's',
    what: 'low-tier phone, restart offline to first verdict',
  },
  {
    name: 'low-phone-enter-to-verdict-p95',
    max: 100,
    unit: 'ms',
    what: 'low-tier phone, Enter to verdict p95, offline after a restart',
  },
  {
    name: 'low-phone-enter-to-verdict-online-p95',
    max: 100,
    unit: 'ms',
    what: 'low-tier phone, Enter to verdict p95, online',
  },
  {
    name: 'low-phone-camera-frame-to-verdict',
    max: 300,
    unit: 'ms',
    what: 'low-tier phone, camera frame to verdict',
  },
  { name: 'low-phone-first-download', max: 20, unit: 's', what: 'low-tier phone, join to ready' },
  {
    name: 'low-phone-first-search',
    max: 1000,
    unit: 'ms',
    what: 'low-tier phone, first search after a restart, the list loaded',
  },
];

/** The lines that say which phone the figures are of, and whether it held, repeated in the summary. */
const CONTEXT = [
  'host-score',
  'phone-sim',
  'low-phone-sim',
  'phone-page-rate',
  'phone-worker-quota',
  'phone-throttle-page',
  'phone-throttle-worker',
];

const BENCH_LINE = /^bench ([a-z0-9-]+): (\S+)(?: (.*))?$/;

export interface Figure {
  value: string;
  rest: string;
  /** The bench that printed it. */
  bench: string;
}

/** Every `bench <name>: <value> <unit>` line of each bench's output, by name, in order. */
export function figuresOf(outputs: { bench: string; output: string }[]): Map<string, Figure[]> {
  const figures = new Map<string, Figure[]>();
  for (const { bench, output } of outputs)
    for (const line of output.split('\n')) {
      const match = BENCH_LINE.exec(line.trim());
      if (!match) continue;
      const name = match[1]!;
      figures.set(name, [...(figures.get(name) ?? []), { value: match[2]!, rest: match[3] ?? '', bench }]);
    }
  return figures;
}

/** The summary's lines, and the names of the targets no bench printed. */
export function summarise(figures: Map<string, Figure[]>): { lines: string[]; missing: string[] } {
  const lines = ['# the targets, on the simulated phones'];
  for (const name of CONTEXT)
    for (const figure of figures.get(name) ?? [])
      lines.push(`#   ${name} (${figure.bench}): ${figure.value} ${figure.rest}`);
  const missing: string[] = [];
  for (const target of TARGETS) {
    const figure = figures.get(target.name)?.at(-1);
    const value = figure ? Number(figure.value) : Number.NaN;
    let verdict: string;
    if (!figure) {
      missing.push(target.name);
      verdict = 'MISSING: no bench printed it';
    } else if (Number.isNaN(value)) verdict = `${figure.value}: not a number`;
    else verdict = `${figure.value} ${target.unit} ${value <= target.max ? 'within' : 'MISSES'} its target`;
    lines.push(`#   ${target.name} (${target.what}; <= ${target.max} ${target.unit}): ${verdict}`);
  }
  return { lines, missing };
}
