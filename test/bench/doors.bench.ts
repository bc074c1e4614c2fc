// Forty doors against the real Node server on a 100,000-ticket list for a minute, through the
// app's own Check-in API client: each polls `since` every 2 s (the list, then tickets, check-ins
// and answers changed since its cursor, as pull-since does) and posts a batch of 25 check-ins
// every 5 s. Prints requests per second, latency, errors, and check-ins lost or doubled, found
// by reading every check-in back at the end. DOORS_BENCH_SECONDS shortens a trial run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CheckinClient, createCheckinClient, type PagedResource } from '../../src/api/checkin-client';
import type { Result } from '../../src/domain/result';
import { createTransport } from '../../src/api/http';
import { DEMO_CHECKIN_LIST as LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';

const TICKETS = 100_000;
const DOORS = 40;
const SECONDS = Number(process.env.DOORS_BENCH_SECONDS ?? 60);
const POLL_MS = 2_000;
const POST_MS = 5_000;
const BATCH = 25;
const MARGIN_MS = 10_000; // pulled-pages' DEFAULT_MARGIN_MS
const PAGE = 1000;
const RESOURCES: PagedResource[] = ['tickets', 'checkins', 'answers'];

const latencies: number[] = [];
const postLatencies: number[] = [];
let errors = 0;
const answered: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request through the client, timed; a failure is counted, never thrown. */
async function timed<T>(call: () => Promise<Result<T>>, into = latencies): Promise<T | null> {
  const began = performance.now();
  const result = await call().catch(() => null);
  const ms = performance.now() - began;
  into.push(ms);
  if (into !== latencies) latencies.push(ms);
  if (!result?.ok) {
    errors += 1;
    return null;
  }
  return result.value;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function poll(client: CheckinClient, cursor: number): Promise<number> {
  const list = await timed(() => client.getList(LIST, cursor));
  let next = list?.serverTime ?? null;
  for (const resource of RESOURCES) {
    for (let page = 1; ; page++) {
      const items = await timed(() => client.listPageTimed(resource, LIST, page, cursor));
      if (!items) break;
      next ??= items.serverTime;
      if (items.value.length < PAGE) break;
    }
  }
  return next === null ? cursor : Math.max(cursor, next - MARGIN_MS);
}

/** Runs `step` every `everyMs` until `until`, starting `offsetMs` in; a slow step is not overlapped. */
async function every(everyMs: number, offsetMs: number, until: number, step: () => Promise<void>) {
  let next = performance.now() + offsetMs;
  for (;;) {
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() >= until) return;
    await step();
    next = Math.max(next + everyMs, performance.now());
  }
}

async function door(client: CheckinClient, ticketIds: number[], until: number, n: number) {
  let cursor = ((await timed(() => client.getList(LIST)))?.serverTime ?? Date.now()) - MARGIN_MS;
  // Pull and push run side by side, as in the sync engine; doors do not start in step.
  await Promise.all([
    every(POLL_MS, (n * 53) % POLL_MS, until, async () => {
      cursor = await poll(client, cursor);
    }),
    every(POST_MS, (n * 131) % POST_MS, until, async () => {
      const items = Array.from({ length: BATCH }, () => ({
        ticketId: ticketIds[Math.floor(Math.random() * ticketIds.length)] as number,
      }));
      const created = await timed(() => client.createCheckins(LIST, items), postLatencies);
      if (created) answered.push(...created.map((c) => c.uuid));
    }),
  ]);
}

async function allCheckins(client: CheckinClient): Promise<string[]> {
  const uuids: string[] = [];
  for (let page = 1; ; page++) {
    const items = await client.listPage('checkins', LIST, page);
    if (!items.ok) throw new Error(`reading check-ins back failed: ${items.reason}`);
    uuids.push(...items.value.map((c) => c.uuid));
    if (items.value.length === 0) return uuids;
  }
}

/** CPU seconds a process has used, from Linux's /proc (utime + stime); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'doors-bench-'));
const server = await startServerProcess(
  { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS) },
  180_000,
);
try {
  const client = createCheckinClient(
    createTransport({ baseUrl: `${server.origin}/checkin`, fetch: (request) => fetch(request) }),
  );
  const ticketIds: number[] = [];
  for (let page = 1; page <= 5; page++) {
    const tickets = await client.listPage('tickets', LIST, page);
    if (!tickets.ok) throw new Error(`tickets page ${page}: ${tickets.reason}`);
    ticketIds.push(...tickets.value.map((t) => t.id));
  }
  const before = new Set(await allCheckins(client));

  const serverCpuBefore = cpuSeconds(server.child.pid);
  const clientCpuBefore = process.cpuUsage();
  const began = performance.now();
  const until = began + SECONDS * 1000;
  await Promise.all(Array.from({ length: DOORS }, (_, n) => door(client, ticketIds, until, n)));
  const seconds = (performance.now() - began) / 1000;
  const serverCpuAfter = cpuSeconds(server.child.pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);

  const stored = (await allCheckins(client)).filter((uuid) => !before.has(uuid));
  const counts = new Map<string, number>();
  for (const uuid of stored) counts.set(uuid, (counts.get(uuid) ?? 0) + 1);
  const lost = answered.filter((uuid) => !counts.has(uuid)).length;
  const acknowledged = new Set(answered);
  const doubled =
    stored.length - counts.size + [...counts.keys()].filter((uuid) => !acknowledged.has(uuid)).length;

  console.log(`bench doors-requests: ${(latencies.length / seconds).toFixed(1)} req/s`);
  console.log(`bench doors-latency-p50: ${percentile(latencies, 50).toFixed(1)} ms`);
  console.log(`bench doors-latency-p99: ${percentile(latencies, 99).toFixed(1)} ms`);
  console.log(`bench doors-post-latency-p50: ${percentile(postLatencies, 50).toFixed(1)} ms`);
  console.log(`bench doors-post-latency-p99: ${percentile(postLatencies, 99).toFixed(1)} ms`);
  console.log(`bench doors-errors: ${errors} errors`);
  console.log(`bench doors-checkins-answered: ${answered.length} check-ins`);
  console.log(`bench doors-lost: ${lost} check-ins`);
  console.log(`bench doors-doubled: ${doubled} check-ins`);
  // Where the time went: the doors' client and the server share the machine's cores.
  const serverCpu =
    serverCpuBefore === null || serverCpuAfter === null
      ? 'unknown'
      : ((100 * (serverCpuAfter - serverCpuBefore)) / seconds).toFixed(0);
  console.log(`bench doors-server-cpu: ${serverCpu} % of one core`);
  const clientSeconds = (clientCpu.user + clientCpu.system) / 1e6;
  console.log(`bench doors-client-cpu: ${((100 * clientSeconds) / seconds).toFixed(0)} % of one core`);
  if (errors > 0 || lost > 0 || doubled > 0) process.exitCode = 1;
} finally {
  await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
}
