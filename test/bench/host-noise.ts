// How steady this host's cores are, for reading the phone bench's quiet/loaded pairs
// (docs/benchmarks.md). Not part of `npm run bench`: run it alone, on an otherwise idle host:
//   node --import tsx test/bench/host-noise.ts
//
// Two workloads run pinned to one core (taskset), each timed by its own CPU time: `arith` (a
// register-only loop) and `memory` (a Map of 50,000 objects churned: allocation, hashing,
// garbage collection, the kind of work the door's page and worker do). It prints:
// - `host-noise-<kind>-loaded`: CPU time beside a busy loop on the other core over CPU time
//   without it, alternated, the median of the pairs (what "two busy processes" do to a thread
//   that has a core of its own);
// - `host-noise-memory-spread`: the slowest over the fastest of 300 ms windows run back to back
//   on one quiet core, and `host-noise-memory-lag`: how alike two windows a second apart are
//   (autocorrelation; 0 is not at all);
// - `host-noise-memory-cores`: how alike the two cores' windows are at the same moments
//   (correlation): whether a measure taken on one core tells another core's speed.
import { execFileSync, spawn } from 'node:child_process';

const PAIRS = Number(process.env.NOISE_PAIRS ?? 5);
const SERIES_MS = Number(process.env.NOISE_SERIES_MS ?? 20_000);

const WORKLOADS = {
  arith: 'let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x * 31 + i) | 0; return x;',
  memory:
    "const m = new Map(); let s = 0; for (let i = 0; i < 100000; i++) { m.set('k' + (i % 50000), { i, s: 'v' + i }); s += m.get('k' + ((i * 7) % 50000))?.i ?? 0; } return s;",
} as const;
type Kind = keyof typeof WORKLOADS;

const pinned = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

/** `node -e source` on `core`, its stdout. */
function node(core: number, source: string): Promise<string> {
  const [command, args] = pinned
    ? ['taskset', ['-c', String(core), process.execPath, '-e', source]]
    : [process.execPath, ['-e', source]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('close', (status) => (status === 0 ? resolve(out) : reject(new Error(`exit ${status}`))));
  });
}

/** The workload's CPU milliseconds over `rounds` runs, after a warm-up. */
const cpuOf = async (kind: Kind, rounds: number) =>
  Number(
    await node(
      0,
      `const f = () => { ${WORKLOADS[kind]} }; for (let i = 0; i < 3; i++) f();
       const t = process.cpuUsage(); for (let i = 0; i < ${rounds}; i++) f();
       const c = process.cpuUsage(t); console.log((c.user + c.system) / 1000);`,
    ),
  );

/** Windows of about 300 ms of the memory workload on `core` for `ms`: [wall start, CPU ms]. */
const series = async (core: number, ms: number): Promise<[number, number][]> =>
  JSON.parse(
    await node(
      core,
      `const f = () => { ${WORKLOADS.memory} }; for (let i = 0; i < 5; i++) f();
       const out = []; const end = Date.now() + ${ms};
       while (Date.now() < end) { const at = performance.timeOrigin + performance.now();
         const t = process.cpuUsage(); for (let i = 0; i < 3; i++) f(); const c = process.cpuUsage(t);
         out.push([at, (c.user + c.system) / 1000]); }
       console.log(JSON.stringify(out));`,
    ),
  );

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function correlation(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    dx += (xs[i]! - mx) ** 2;
    dy += (ys[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

console.log(`# host noise: ${pinned ? 'pinned with taskset' : 'taskset missing, unpinned'}; ${PAIRS} pairs`);
for (const kind of ['arith', 'memory'] as const) {
  const ratios: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const quiet = await cpuOf(kind, 10);
    const loop = spawn(pinned ? 'taskset' : process.execPath, [
      ...(pinned ? ['-c', '1', process.execPath] : []),
      '-e',
      'for (;;) {}',
    ]);
    try {
      ratios.push((await cpuOf(kind, 10)) / quiet);
    } finally {
      loop.kill('SIGKILL');
    }
  }
  const shown = ratios.map((r) => r.toFixed(2)).join(', ');
  console.log(
    `bench host-noise-${kind}-loaded: x${median(ratios).toFixed(2)} (CPU time beside a busy loop on the other core / alone, median of ${PAIRS} alternated pairs: ${shown})`,
  );
}

const alone = await series(0, SERIES_MS);
const times = alone.map(([, cpu]) => cpu);
const window = median(alone.slice(1).map(([at], i) => at - alone[i]![0]));
const lag = Math.max(1, Math.round(1000 / window));
console.log(
  `bench host-noise-memory-spread: x${(Math.max(...times) / Math.min(...times)).toFixed(2)} (slowest / fastest of ${times.length} windows of ${window.toFixed(0)} ms back to back on one quiet core; median ${median(times).toFixed(0)} ms)`,
);
console.log(
  `bench host-noise-memory-lag: ${correlation(times.slice(lag), times.slice(0, -lag)).toFixed(2)} (autocorrelation of windows ${(lag * window).toFixed(0)} ms apart; 1 moves together, 0 not at all)`,
);

const [first, second] = await Promise.all([series(0, SERIES_MS), series(1, SERIES_MS)]);
const bin = (points: [number, number][]) => {
  const bins = new Map<number, number[]>();
  for (const [at, cpu] of points)
    bins.set(Math.floor(at / 1000), [...(bins.get(Math.floor(at / 1000)) ?? []), cpu]);
  return new Map([...bins].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]));
};
const [a, b] = [bin(first), bin(second)];
const shared = [...a.keys()].filter((k) => b.has(k));
console.log(
  `bench host-noise-memory-cores: ${correlation(
    shared.map((k) => a.get(k)!),
    shared.map((k) => b.get(k)!),
  ).toFixed(
    2,
  )} (correlation of the two cores' 1 s windows at the same moments, ${shared.length} windows; 1: one core's speed tells the other's)`,
);
