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

let db: CheckinDatabase | null = null;
let engine: SyncEngine | null = null;
let settings: EngineSettings | null = null;

const worker = {
  init(host: Comlink.Remote<EngineHost>, initial: EngineSettings) {
    if (engine) return;
    settings = { ...initial };
    const builtIn = throughHost(host);
    const network: FetchLike = (request) => fetch(request);
    db = new CheckinDatabase(initial.databaseName);
    engine = createSyncEngine({
      db,
      clientFor: (baseUrl) =>
        createCheckinClient(
          createTransport({ baseUrl, fetch: baseUrl.startsWith(initial.builtInPrefix) ? builtIn : network }),
        ),
      defaultBaseUrl: initial.defaultBaseUrl,
      deviceName: () => settings?.deviceName ?? '',
      syncIntervalMs: () => settings?.syncIntervalMs ?? 10_000,
      online: initial.online,
      access: () => settings?.access ?? LOCKED,
      report: (status) => void host.report(status),
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

Comlink.expose(worker);
