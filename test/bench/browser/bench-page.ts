// The door's real sync code in a page, driven by test/bench/sync.bench.ts through Playwright.
import { createCheckinClient } from '../../../src/api/checkin-client';
import { createTransport } from '../../../src/api/http';
import type { CheckinDatabase } from '../../../src/db/database';
import { openCheckinDatabase } from '../../../src/db/storage';
import { createListIndex } from '../../../src/sync/index/list-index';
import { joinList } from '../../../src/sync/lists/join-list';
import { pullSince } from '../../../src/sync/pull/pull-since';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine/sync-engine';

const base = `${location.origin}/checkin`;
/** Time spent waiting for the service, to tell it apart from this device's own work. */
let networkMs = 0;
const timedFetch = async (request: Request) => {
  const started = performance.now();
  try {
    const response = await globalThis.fetch(request);
    await response.clone().arrayBuffer();
    return response;
  } finally {
    networkMs += performance.now() - started;
  }
};
const clientFor = (baseUrl: string) => createCheckinClient(createTransport({ baseUrl, fetch: timedFetch }));

let db: CheckinDatabase;
let engine: SyncEngine;
const longTasks: number[] = [];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const bench = {
  async firstDownload(slug: string) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    const opened = await openCheckinDatabase('bench-door');
    if (!opened.ok) throw new Error(opened.reason);
    db = opened.value;
    // The door's passcode, chosen as staff choose it at a join (its key stretched at full cost),
    // before the clock starts: the download is timed with its pages sealed.
    engine = createSyncEngine({ db, clientFor, defaultBaseUrl: base, deviceName: () => 'Bench door' });
    const chosen = await engine.choosePasscode('bench door passcode');
    if (!chosen.ok) throw new Error(chosen.reason);
    const started = performance.now();
    networkMs = 0;
    const joined = await joinList(db, clientFor, { code: slug, defaultBaseUrl: base, now: Date.now() });
    if (!joined.ok) throw new Error(joined.reason);
    const index = createListIndex();
    const pulled = await pullSince(db, clientFor(base), { listSlug: slug, now: Date.now(), index });
    if (!pulled.ok || Object.keys(pulled.value.errors).length) throw new Error(JSON.stringify(pulled));
    const ms = performance.now() - started;
    return {
      ms,
      networkMs,
      counts: index.counts(),
      longTasks: longTasks.length,
      longest: Math.max(0, ...longTasks),
    };
  },
  async openEngine(slug: string) {
    const started = performance.now();
    const opened = await engine.open(slug);
    if (!opened.ok) throw new Error(opened.reason);
    return { ms: performance.now() - started, counts: engine.status().counts };
  },
  async incremental() {
    const started = performance.now();
    networkMs = 0;
    await engine.tick();
    return {
      ms: performance.now() - started,
      networkMs,
      counts: engine.status().counts,
      errors: engine.status().errors,
    };
  },
  /** Scans tickets offline (each one a verdict, a check-in and its outbox row); returns timings. */
  async scans(slugs: string[]) {
    engine.setOnline(false);
    const times: number[] = [];
    let admitted = 0;
    for (const slug of slugs) {
      const started = performance.now();
      const result = await engine.scan(slug);
      times.push(performance.now() - started);
      if (result.ok && result.value.verdict.kind === 'admitted') admitted++;
    }
    return {
      admitted,
      median: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      pending: engine.status().pending,
    };
  },
  async flush() {
    engine.setOnline(true);
    const started = performance.now();
    networkMs = 0;
    await engine.flush();
    return {
      ms: performance.now() - started,
      networkMs,
      pending: engine.status().pending,
      errors: engine.status().errors,
    };
  },
  /** Slugs of tickets the door would admit (on the list, not void, unpaid or checked in). */
  async pick(count: number): Promise<string[]> {
    const found: string[] = [];
    for (let id = 1; found.length < count && id < 1_000_000; id++) {
      const t = await engine.ticket(id);
      if (
        t &&
        t.ticket.state !== 'void' &&
        t.ticket.paid !== false &&
        t.checkins.every((c) => c.deletedAt !== null)
      )
        found.push(t.ticket.slug);
    }
    return found;
  },
};

export type Bench = typeof bench;

Object.assign(globalThis, { bench });
