// Where a restart's first verdict goes, task by task (a diagnostic, not a figure): the phone
// bench's join and offline restarts (phone-door.ts, the passcode typed at once), each restart
// traced with the timeline's categories too, then the page's main thread and the sync worker
// from navigation to the verdict: every task over a threshold with what ran inside it (scripts
// evaluated and compiled, with whether V8's code cache served them; style, layout, paint; React's
// work), the marks (unlock shown, scan screen, wedge listening, verdict) and the simulated phones'
// figures for the same stretch (so a change can be looked at without the whole phone bench).
//   BENCH_PORT=44510 node --import tsx test/bench/cold-start-timeline.ts [restarts]
// DIST=<a built dist> skips the build (an A/B of two trees' builds on one bench).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { benchChromiumArgs } from './browser/bench-args';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';
import { answerUnlockInPage, BENCH_PASSCODE, choosePasscodeIfAsked } from './browser/door-passcode';
import { hostCpuScore } from './browser/host-cpu-score';
import { coldStart, watchJoin } from './browser/phone-door';
import { PHONES, phoneMultipliers, simulate, type SimEvent, threadsOf } from './browser/phone-sim';
import { median } from './browser/phone-calibration';
import { chromiumThreadTimes, threadKindsBetween } from './browser/thread-times';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const PORT = process.env.BENCH_PORT ?? '48121';
const RUNS = Number(process.argv[2] ?? 3);
/** Tasks shown from this long (host CPU ms). */
const SHOW_MS = Number(process.env.SHOW_MS ?? 3);
const CATEGORIES = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'loading',
  ...(process.env.V8COMPILE
    ? ['disabled-by-default-v8.compile', 'disabled-by-default-v8.runtime_stats']
    : []),
  ...(process.env.PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
  // More of Chromium's categories for a diagnosis (`fonts,blink`, say), comma-separated.
  ...(process.env.CATEGORIES ? process.env.CATEGORIES.split(',') : []),
];

const distDir = process.env.DIST ?? mkdtempSync(join(tmpdir(), 'cold-timeline-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'cold-timeline-data-'));
const profile = mkdtempSync(join(tmpdir(), 'cold-timeline-profile-'));
if (!process.env.DIST)
  await build({
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true, minify: !process.env.UNMINIFIED },
  });
const server = await startServerProcess(
  { PORT, MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS), DIST_DIR: distDir },
  240_000,
);

async function open(offline: boolean) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: benchChromiumArgs,
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
  });
  if (offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  await page.addInitScript(() => {
    (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
    localStorage.setItem(
      'venue-checkin.settings',
      JSON.stringify({ deviceName: 'Bench phone', sounds: false, vibration: false, autoReturnSeconds: 0 }),
    );
  });
  return { context, page };
}

interface Ev extends SimEvent {
  cat?: string;
  args?: { name?: string; data?: Record<string, unknown>; [k: string]: unknown };
}

// The score's trace now and then misses its run on this host: tried again, up to three times.
const host = await (async () => {
  for (let tries = 1; ; tries++)
    try {
      return await hostCpuScore();
    } catch (error) {
      if (tries < 3) continue;
      await killHard(server);
      throw error;
    }
})();
const phones = {
  mid: phoneMultipliers(host, PHONES.mid),
  low: phoneMultipliers(host, PHONES.low),
};
console.log(
  `# host page ${host.page.toFixed(0)} / worker ${host.worker.toFixed(0)}: page x${phones.mid.page.toFixed(2)} / x${phones.low.page.toFixed(2)}, worker x${phones.mid.worker.toFixed(2)} / x${phones.low.worker.toFixed(2)}`,
);

try {
  const listUrl = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
  const codes: string[] = [];
  for (let page = 3; codes.length < RUNS; page += 7) {
    const tickets = (await (await fetch(`${listUrl}/tickets?page=${page}`)).json()) as { slug: string }[];
    codes.push(tickets[17]!.slug);
  }
  {
    const { context, page } = await open(false);
    await page.addInitScript(watchJoin, TICKETS);
    await page.goto('/');
    await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
    await page.getByRole('button', { name: 'Join list' }).click();
    await choosePasscodeIfAsked(page, Date.now());
    await page.waitForFunction(
      () => (window as unknown as { __join: { ready: number } }).__join.ready > 0,
      null,
      {
        timeout: 600_000,
        polling: 200,
      },
    );
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await context.close();
  }
  const mid: number[] = [];
  const low: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = await open(true);
    const cdp = await context.newCDPSession(page);
    const events: Ev[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as Ev[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
    const marks = await coldStart(page, codes[run]!);
    // Every thread of this browser from its start to the verdict (the browser is new each restart).
    const threadKinds = threadKindsBetween(new Map(), chromiumThreadTimes());
    // LONG=1: on until the whole list has loaded, as the phone bench's first restart goes on
    // (its longest task after a restart may come after the verdict).
    if (process.env.LONG)
      await page
        .getByTestId('progress')
        .filter({ hasText: `/ ${TICKETS} in` })
        .waitFor({ state: 'attached', timeout: 120_000 });
    const unlock = await page.evaluate(() => (window as unknown as { __unlock: object }).__unlock);
    const anchor = await page.evaluate(() => performance.mark('cold-anchor').startTime);
    const appMarks = await page.evaluate(() => [
      ...performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)] as const),
      ...performance
        .getEntriesByType('measure')
        .map((m) => [`${m.name}=${m.duration.toFixed(1)}`, Math.round(m.startTime)] as const),
    ]);
    await cdp.send('Tracing.end');
    await complete;
    await context.close();
    // TRACE_OUT=<prefix>: each restart's raw trace events as JSON, for what this script does not print.
    if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${run}.json`, JSON.stringify(events));
    const mark = events.find((e) => e.name === 'cold-anchor');
    if (!mark) throw new Error('no anchor in the trace');
    const toTrace = (ms: number) => mark.ts + (ms - anchor) * 1000;
    const toPage = (ts: number) => (ts - mark.ts) / 1000 + anchor;
    const threads = threadsOf(events, (name, pid) =>
      pid === mark.pid && name.endsWith('/CrRendererMain')
        ? 'page'
        : /DedicatedWorker|WebWorker/.test(name)
          ? 'worker'
          : 'other',
    );
    const from = toTrace(0);
    const to = toTrace(marks.verdict);
    const simMid = simulate(threads, from, to, phones.mid, 16_667);
    const simLow = simulate(threads, from, to, phones.low, 16_667);
    mid.push(simMid.ms);
    low.push(simLow.ms);
    const shares = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([n, ms]) => `${n.split('/').pop()} ${ms.toFixed(0)}`)
        .join(', ');
    console.log(
      `\n## restart ${run}: mid ${simMid.ms.toFixed(0)} ms (${shares(simMid.byThread)}), low ${simLow.ms.toFixed(0)} ms (${shares(simLow.byThread)}); host wall ${marks.verdict.toFixed(0)} ms; host CPU ${shares(simMid.cpuMs)}`,
    );
    console.log(["# Chromium's threads from its start to the verdict, by name:", ...threadKinds].join('\n'));
    console.log(
      `# marks: unlock ${JSON.stringify(unlock)}, scan screen ${marks.scanScreen.toFixed(0)}, wedge ${marks.wedgeListening.toFixed(0)}, verdict ${marks.verdict.toFixed(0)}; app marks ${appMarks
        .filter(([n]) => !n.startsWith('cold-'))
        .map(([n, t]) => `${n}@${t}`)
        .join(' ')}`,
    );
    // The page's and the worker's tasks in the stretch, with what ran inside.
    for (const thread of threads.filter((t) => t.kind !== 'other' || /Crypto|IndexedDB/i.test(t.name))) {
      const [pid, tid] = thread.key!.split(':').map(Number);
      const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
      let total = 0;
      const lines: string[] = [];
      for (const task of thread.tasks) {
        if (task.end < from || task.start > to) continue;
        const cpu = ((task.end - task.start) * task.onCpu) / 1000;
        total += cpu;
        if (cpu < SHOW_MS) continue;
        const inside = own
          .filter((e) => e.ts >= task.start && e.ts + (e.dur ?? 0) <= task.end && (e.dur ?? 0) >= 1000)
          .filter((e) => !['ThreadControllerImpl::RunTask', 'RunTask', 'RunMicrotasks'].includes(e.name))
          .slice(0, 14)
          .map((e) => {
            const d = e.args?.data ?? {};
            const url = typeof d.url === 'string' ? ` ${d.url.split('/').pop()}` : '';
            const cache = [
              d.cacheConsumeOptions ? `consume=${d.cacheConsumeOptions}` : '',
              d.consumedCacheSize ? `cache=${d.consumedCacheSize}` : '',
              d.cacheRejected ? 'REJECTED' : '',
              d.streamed !== undefined ? `streamed=${d.streamed}` : '',
              d.notStreamedReason ? `why=${d.notStreamedReason}` : '',
              typeof d.functionName === 'string' && d.functionName ? `fn=${d.functionName}` : '',
              typeof d.type === 'string' ? `type=${d.type}` : '',
            ]
              .filter(Boolean)
              .join(' ');
            return `${e.name}${url}${cache ? ` [${cache}]` : ''} ${((e.tdur ?? e.dur!) / 1000).toFixed(1)}`;
          });
        lines.push(
          `  @${toPage(task.start).toFixed(0)} cpu ${cpu.toFixed(1)} wall ${((task.end - task.start) / 1000).toFixed(1)}: ${inside.join(' | ')}`,
        );
      }
      if (total < 1) continue;
      console.log(`# ${thread.name} (${thread.kind}): CPU ${total.toFixed(0)} ms in the stretch`);
      for (const l of lines) console.log(l);
      // Self CPU time by event name (an event's own less its children's), over the stretch.
      const inStretch = own
        .filter((e) => e.ts >= from && e.ts < to)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const self = new Map<string, number>();
      const stack: { end: number; name: string; cpu: number }[] = [];
      const label = (e: Ev) => {
        const d = e.args?.data ?? {};
        if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile')
          return `${e.name} ${typeof d.functionName === 'string' ? d.functionName : ''} ${String(d.url ?? '')
            .split('/')
            .pop()}`;
        if (e.name === 'EventDispatch' || e.name === 'TimerFire') return `${e.name} ${String(d.type ?? '')}`;
        return e.name;
      };
      for (const e of inStretch) {
        while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
        const cpu = (e.tdur ?? e.dur ?? 0) / 1000;
        const parent = stack.at(-1);
        if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - cpu);
        const name = label(e);
        self.set(name, (self.get(name) ?? 0) + cpu);
        stack.push({ end: e.ts + (e.dur ?? 0), name, cpu });
      }
      if (process.env.RUNTASKS) {
        // Tasks whose own time (not in any traced child) is large: where they were posted from.
        const open: { e: Ev; child: number }[] = [];
        const rows: string[] = [];
        const flush = (o: { e: Ev; child: number }) => {
          const own = (o.e.tdur ?? o.e.dur ?? 0) / 1000 - o.child;
          if (o.e.name.includes('RunTask') && own >= 1)
            rows.push(
              `${JSON.stringify(o.e.args ?? {}).slice(0, 160)} own ${own.toFixed(1)} @${toPage(o.e.ts).toFixed(0)}`,
            );
        };
        for (const e of inStretch) {
          while (open.length && open.at(-1)!.e.ts + (open.at(-1)!.e.dur ?? 0) <= e.ts) flush(open.pop()!);
          const parent = open.at(-1);
          if (parent) parent.child += (e.tdur ?? e.dur ?? 0) / 1000;
          open.push({ e, child: 0 });
        }
        while (open.length) flush(open.pop()!);
        for (const r of rows) console.log(`    runtask ${r}`);
        // Top-level tasks by where they were posted from: count and CPU.
        const bySrc = new Map<string, [number, number]>();
        let depth: Ev | null = null;
        for (const e of inStretch) {
          if (depth && e.ts < depth.ts + (depth.dur ?? 0)) continue;
          depth = e;
          const end = e.ts + (e.dur ?? 0);
          const withSrc =
            inStretch.find(
              (c) => c.ts >= e.ts && c.ts < end && (c.args as { src_func?: string })?.src_func,
            ) ?? e;
          const firstChild = inStretch.find(
            (c) => c !== e && c !== withSrc && c.ts >= e.ts && c.ts < end && !c.name.includes('RunTask'),
          );
          const a = { ...(withSrc.args ?? {}), ...(firstChild ? { child: firstChild.name } : {}) } as {
            src_func?: string;
            src_file?: string;
            child?: string;
          };
          const key = `${a.src_file?.split('/').pop() ?? ''}:${a.src_func ?? ''} (${a.child ?? ''})`;
          const v = bySrc.get(key) ?? [0, 0];
          v[0]++;
          v[1] += (e.tdur ?? e.dur ?? 0) / 1000;
          bySrc.set(key, v);
        }
        console.log(
          `    top-level tasks by source: ${[...bySrc]
            .sort((a, b) => b[1][1] - a[1][1])
            .slice(0, 25)
            .map(([k, [n, ms]]) => `${k} x${n} ${ms.toFixed(1)}`)
            .join('; ')}`,
        );
      }
      console.log(
        `  self CPU by event: ${[...self]
          .filter(([, ms]) => ms >= 0.5)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 30)
          .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
          .join(', ')}`,
      );
    }
    {
      // The page's longest tasks from the scan screen on (the long-task figure's stretch), with
      // their own time by event inside.
      const page = threads.find((t) => t.kind === 'page')!;
      const [pid, tid] = page.key!.split(':').map(Number);
      const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
      const after = page.tasks
        .filter((t) => t.start >= toTrace(marks.scanScreen))
        .map((t) => ({ t, cpu: ((t.end - t.start) * t.onCpu) / 1000 }))
        .sort((a, b) => b.cpu - a.cpu)
        .slice(0, process.env.LONG ? 6 : 3);
      for (const { t, cpu } of after) {
        const inside = own
          .filter((e) => e.ts >= t.start && e.ts + (e.dur ?? 0) <= t.end)
          .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
        const self = new Map<string, number>();
        const stack: { end: number; name: string }[] = [];
        for (const e of inside) {
          while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
          const c = (e.tdur ?? e.dur ?? 0) / 1000;
          const parent = stack.at(-1);
          if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - c);
          const d = e.args?.data ?? {};
          const name =
            e.name === 'FunctionCall' || e.name === 'EventDispatch' || e.name === 'TimerFire'
              ? `${e.name} ${String(d.functionName ?? d.type ?? '')}`
              : e.name;
          self.set(name, (self.get(name) ?? 0) + c);
          stack.push({ end: e.ts + (e.dur ?? 0), name });
        }
        console.log(
          `  long task @${toPage(t.start).toFixed(0)} (verdict ${marks.verdict.toFixed(0)}) cpu ${cpu.toFixed(1)}: ${[
            ...self,
          ]
            .filter(([, ms]) => ms >= 0.3)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
            .join(', ')}`,
        );
      }
    }
    if (process.env.DUMP) {
      // Every page event inside the app's measures named DUMP.
      const page = threads.find((t) => t.kind === 'page')!;
      const [pid, tid] = page.key!.split(':').map(Number);
      for (const [n, at] of appMarks) {
        if (!String(n).startsWith(`${process.env.DUMP}=`)) continue;
        const dur = Number(String(n).split('=')[1]);
        const a = toTrace(at);
        const b = toTrace(at + dur + 1);
        console.log(`  dump ${n}@${at}:`);
        for (const e of events)
          if (e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= a && e.ts <= b && (e.dur ?? 0) >= 200)
            console.log(
              `    ${e.name} @${toPage(e.ts).toFixed(1)} dur ${((e.dur ?? 0) / 1000).toFixed(1)} cpu ${((e.tdur ?? 0) / 1000).toFixed(1)} ${JSON.stringify(e.args ?? {}).slice(0, 200)}`,
            );
      }
    }
    if (process.env.V8COMPILE) {
      // Compile events on the page's main thread by script and kind.
      const page = threads.find((t) => t.kind === 'page')!;
      const [pid, tid] = page.key!.split(':').map(Number);
      const scripts = new Map<string, string>();
      for (const e of events)
        if (
          e.pid === pid &&
          /compile/i.test(e.name) &&
          e.args?.data?.scriptId !== undefined &&
          e.args?.data?.url
        )
          scripts.set(String(e.args.data.scriptId), String(e.args.data.url).split('/').pop()!);
      const by = new Map<string, number>();
      for (const e of events) {
        if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !/^V8\.(Parse|PreParse|Compile)/.test(e.name))
          continue;
        if (e.ts < from || e.ts > to) continue;
        const d = (e.args?.data ?? e.args ?? {}) as Record<string, unknown>;
        const key = `${e.name} ${scripts.get(String(d.scriptId ?? d.script_id)) ?? JSON.stringify(d).slice(0, 60)}`;
        by.set(key, (by.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
      }
      console.log(
        `  compiles by script: ${[...by]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
          .join(', ')}`,
      );
    }
    if (process.env.PROFILE) {
      profileLines(events, mark.pid, threads, from, to);
      // The page's longest module evaluation (the app chunk and what it imports, at its top
      // level) alone: what its own task runs, by function.
      const evaluation = events
        .filter((e) => e.pid === mark.pid && e.name === 'v8.evaluateModule' && e.ts >= from && e.ts <= to)
        .filter((e) => threads.some((t) => t.key === `${e.pid}:${e.tid}` && t.kind === 'page'))
        .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))[0];
      // With V8COMPILE=1, V8's runtime call stats of that evaluation (its C++ work by kind, µs).
      const stats = (evaluation?.args as Record<string, unknown> | undefined)?.['runtime-call-stats'] as
        | Record<string, [number, number]>
        | undefined;
      if (stats)
        console.log(
          `# evaluation runtime call stats (count, ms): ${Object.entries(stats)
            .sort((a, b) => b[1][1] - a[1][1])
            .slice(0, 25)
            .map(([k, [n, us]]) => `${k} ${n} ${(us / 1000).toFixed(1)}`)
            .join(', ')}`,
        );
      if (evaluation)
        profileLines(
          events,
          mark.pid,
          threads,
          evaluation.ts,
          evaluation.ts + (evaluation.dur ?? 0),
          'evaluation',
        );
    }
    // Every script compile in the page's process, with the code cache's part.
    const compiles = events.filter(
      (e) =>
        e.pid === mark.pid && /^v8\.(compile|compileModule|produceCache|produceModuleCache)$/.test(e.name),
    );
    for (const c of compiles) {
      const d = c.args?.data ?? {};
      console.log(
        `  compile ${c.name} ${String(d.url ?? '')
          .split('/')
          .pop()} @${toPage(c.ts).toFixed(0)} ${((c.dur ?? 0) / 1000).toFixed(1)} ms ${JSON.stringify({ ...d, url: undefined })}`,
      );
    }
  }
  const fmt = (xs: number[]) =>
    `${(median(xs) / 1000).toFixed(2)} s (runs ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
  console.log(`\nbench cold-timeline mid: ${fmt(mid)}`);
  console.log(`bench cold-timeline low: ${fmt(low)}`);
} finally {
  await killHard(server);
  for (const dir of [dataDir, profile, ...(process.env.DIST ? [] : [distDir])])
    rmSync(dir, { recursive: true, force: true });
}

/** Self and total (inclusive) sampled time by function, page and worker, in [from, to]. */
function profileLines(
  events: Ev[],
  pagePid: number,
  threads: ReturnType<typeof threadsOf>,
  from: number,
  to: number,
  label = 'profile',
) {
  interface Node {
    id: number;
    parent?: number;
    callFrame: { functionName: string; url: string; lineNumber?: number };
  }
  const kinds = new Map(threads.filter((t) => t.key).map((t) => [t.key!, t.kind]));
  for (const profile of events.filter((e) => e.name === 'Profile')) {
    const kind = kinds.get(`${profile.pid}:${profile.tid}`);
    if (kind !== 'page' && kind !== 'worker') continue;
    if (kind === 'page' && profile.pid !== pagePid) continue;
    const nodes = new Map<number, Node>();
    let at = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const name = (n: Node) =>
      `${n.callFrame.functionName || '(anonymous)'}${n.callFrame.url ? ` ${n.callFrame.url.split('/').pop()}:${(n.callFrame.lineNumber ?? 0) + 1}` : ''}`;
    for (const chunk of events) {
      if (
        chunk.name !== 'ProfileChunk' ||
        chunk.pid !== profile.pid ||
        (chunk as { id?: string }).id !== (profile as { id?: string }).id
      )
        continue;
      const data = chunk.args?.data as
        | { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] }
        | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const samples = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      samples.forEach((id, i) => {
        const delta = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
        at += deltas[i] ?? 0;
        if (at < from || at > to) return;
        const node = nodes.get(id);
        if (!node || node.callFrame.functionName === '(idle)') return;
        self.set(name(node), (self.get(name(node)) ?? 0) + delta);
        const seen = new Set<string>();
        for (
          let n: Node | undefined = node;
          n;
          n = n.parent !== undefined ? nodes.get(n.parent) : undefined
        ) {
          const k = name(n);
          if (seen.has(k)) continue;
          seen.add(k);
          total.set(k, (total.get(k) ?? 0) + delta);
        }
      });
    }
    // parents: nodes only carry children in some versions
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
        .join(', ');
    if (label !== 'profile' && kind !== 'page') continue;
    console.log(`# ${label} ${kind} self: ${top(self, 45)}`);
    console.log(`# ${label} ${kind} total: ${top(total, 60)}`);
  }
}
