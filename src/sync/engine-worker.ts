// The door's sync engine in a dedicated worker. A 100,000-ticket list lives in this worker's
// memory, so its downloads, parsing, indexing and garbage-collection pauses never hold the
// page's main thread: the scan screen keeps painting while a list downloads. The page talks
// to the engine through `src/ui/app/door-runtime.ts`; the built-in demo service stays in the
// page (the organiser screens share it), so its requests travel back there. The worker owns the
// door's database: the page never opens it, and reads what it needs of it through here.
import * as Comlink from 'comlink';
import { createCheckinClient } from '../api/checkin-client';
import { createTransport, type FetchLike } from '../api/http';
import { CheckinDatabase } from '../db/database';
import { doorNamesOnThisDevice } from '../db/door-names';
import { type DoorAccess, LOCKED } from '../domain/door-roles';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import type { SyncStatus } from './sync-status';
import { systemClock } from './clock';
import { pacedReports } from './report-pace';
import { readWarmCodes, type WarmCodes } from './warm-start';

export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

export interface WireResponse {
  status: number;
  headers: [string, string][];
  body: string;
}

/** What the page offers the worker. */
export interface EngineHost {
  report(status: SyncStatus): void;
  builtInFetch(request: WireRequest): Promise<WireResponse>;
}

export interface EngineSettings {
  databaseName: string;
  defaultBaseUrl: string;
  /** Check-in base addresses under this prefix are the built-in service in the page. */
  builtInPrefix: string;
  deviceName: string;
  syncIntervalMs: number;
  online: boolean;
  /** The supervisor lock, as the page knows it (src/state/supervisor.ts). */
  access?: DoorAccess;
}

const NULL_BODY = new Set([101, 204, 205, 304]);
/** At most ten status renders a second on the page (a first download publishes one a page). */
const REPORT_PACE_MS = 100;

function throughHost(host: Comlink.Remote<EngineHost>): FetchLike {
  return async (request) => {
    const answer = await host.builtInFetch({
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.text(),
    });
    return new Response(NULL_BODY.has(answer.status) ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/**
 * The database the page named in this worker's name (src/ui/app/door-worker.ts), opened as the
 * script starts, with the last list's codes read (warm-start.ts): the page's init comes only
 * once the app's code has loaded.
 */
const early = (() => {
  const name = /^door-sync:(.+)$/.exec((globalThis as { name?: string }).name ?? '')?.[1];
  if (!name) return null;
  const database = new CheckinDatabase(name);
  const opened = database.open().then(
    () => true,
    () => false,
  );
  const warm: Promise<WarmCodes | null> = opened.then((ok) => (ok ? readWarmCodes(database) : null));
  return { name, database, opened, warm: warm.catch(() => null) };
})();

let db: CheckinDatabase | null = null;
let engine: SyncEngine | null = null;
let settings: EngineSettings | null = null;

const worker = {
  async init(host: Comlink.Remote<EngineHost>, initial: EngineSettings) {
    if (engine || settings) return;
    performance.mark('door:worker-init');
    settings = { ...initial };
    const builtIn = throughHost(host);
    const network: FetchLike = (request) => fetch(request);
    // The early database, unless it is another one or it failed to open (the engine then meets
    // the failure itself, as a storage status).
    const warm = early?.name === initial.databaseName && (await early.opened) ? early : null;
    if (early && !warm) early.database.close();
    db = warm?.database ?? new CheckinDatabase(initial.databaseName);
    engine = createSyncEngine({
      db,
      warm: warm?.warm,
      clientFor: (baseUrl) =>
        createCheckinClient(
          createTransport({ baseUrl, fetch: baseUrl.startsWith(initial.builtInPrefix) ? builtIn : network }),
        ),
      defaultBaseUrl: initial.defaultBaseUrl,
      deviceName: () => settings?.deviceName ?? '',
      syncIntervalMs: () => settings?.syncIntervalMs ?? 10_000,
      online: initial.online,
      access: () => settings?.access ?? LOCKED,
      report: pacedReports(
        (status) => void host.report(status),
        systemClock,
        REPORT_PACE_MS,
        // Only a download's progress comes in bursts; every other change shows at once.
        (status) => status.download !== null,
      ),
    });
  },
  configure(change: Partial<Pick<EngineSettings, 'deviceName' | 'syncIntervalMs' | 'access'>>) {
    if (!settings) return;
    const retime = change.syncIntervalMs !== undefined && change.syncIntervalMs !== settings.syncIntervalMs;
    Object.assign(settings, change);
    // The page may learn its relay mirrors (a 3 s cap) after the engine's timer was set.
    if (retime) engine?.retime();
  },
  /** Which door made each check-in of a list, as far as this device's door app knows. */
  doorNames(listSlug: string): Promise<Map<string, string>> {
    if (!db) throw new Error('The sync engine has not been started');
    return doorNamesOnThisDevice(db, listSlug);
  },
  get engine(): SyncEngine {
    if (!engine) throw new Error('The sync engine has not been started');
    return engine;
  },
};

export type EngineWorker = typeof worker;

// User Timing marks of a start (DevTools, test/bench/cold-marks.ts): a few, once each.
performance.mark('door:worker-script');
Comlink.expose(worker);
