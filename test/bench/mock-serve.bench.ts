// Serving a 100,000-ticket check-in list over HTTP: the Node server seeded with 100,000 tickets,
// 100 pages of 1,000 fetched in order. Prints pages per second and the server's peak memory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard, startServerProcess } from '../server/server-process';

const TICKETS = 100_000;
const PAGES = 100;

/** Peak resident set of a process, from Linux's /proc (VmHWM); null elsewhere. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'mock-bench-'));
const startedAt = performance.now();
const server = await startServerProcess(
  { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: String(TICKETS) },
  120_000,
);
try {
  console.log(`bench mock-serve-start-with-seed: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const base = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
  const list = (await (await fetch(base)).json()) as { tickets_count: number };
  if (list.tickets_count < TICKETS) throw new Error(`list holds ${list.tickets_count} tickets`);
  let tickets = 0;
  const begin = performance.now();
  for (let page = 1; page <= PAGES; page++) {
    const body = (await (await fetch(`${base}/tickets?page=${page}`)).json()) as unknown[];
    tickets += body.length;
  }
  const seconds = (performance.now() - begin) / 1000;
  if (tickets !== PAGES * 1000) throw new Error(`fetched ${tickets} tickets`);
  console.log(`bench mock-serve-pages: ${(PAGES / seconds).toFixed(1)} pages/s`);
  console.log(`bench mock-serve-peak-rss: ${peakRssMb(server.child.pid) ?? 'unknown'} MB`);
} finally {
  await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
}
