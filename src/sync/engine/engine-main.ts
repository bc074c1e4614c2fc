// The door's sync engine in a dedicated worker, loaded by the worker's script (engine-worker.ts).
// A 100,000-ticket list lives in this worker's
// memory, so its downloads, parsing, indexing and garbage-collection pauses never hold the
// page's main thread: the scan screen keeps painting while a list downloads. The page talks
// to the engine through `src/ui/app/door-runtime.ts`, by the protocol of door-protocol.ts; the built-in demo service stays in the
// page (the organiser screens share it), so its requests travel back there. The worker owns the
// door's database: the page never opens it, and reads what it needs of it through here.
import * as Comlink from 'comlink';
import { createCheckinClient } from '../../api/checkin-client';
import { createDoorsClient } from '../../api/doors-client';
import { createTransport, type FetchLike } from '../../api/http';
import { CheckinDatabase } from '../../db/database';
import { doorNamesOnThisDevice } from '../../db/door-names';
import { LOCKED } from '../../domain/door-roles';
import type { Decided, DoorHost, DoorSettings, DoorWorker, SyncStatus, WireCommands } from './door-protocol';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { systemClock } from '../clock';
import { broadcastForgottenLists } from '../lists/forgotten-elsewhere';
import { pacedReports } from '../status/report-pace';
import { readWarmCodes, type WarmCodes } from '../open-list/warm-start';

const NULL_BODY = new Set([101, 204, 205, 304]);
/** At most ten status renders a second on the page (a first download publishes one a page). */
const REPORT_PACE_MS = 100;

function throughHost(host: Comlink.Remote<DoorHost>): FetchLike {
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
let settings: DoorSettings | null = null;
/** Settles with the engine once the page's init has made it (or failed to): commands wait for it. */
let engineMade: (made: SyncEngine) => void = () => {};
let engineFailed: (error: unknown) => void = () => {};
const started = new Promise<SyncEngine>((resolve, reject) => {
  engineMade = resolve;
  engineFailed = reject;
});
// A failed init is answered to the page by init itself, and to each command that waits.
started.catch(() => undefined);

async function startEngine(host: Comlink.Remote<DoorHost & Comlink.ProxyMarked>, initial: DoorSettings) {
  performance.mark('door:worker-init');
  settings = { ...initial };
  const builtIn = throughHost(host);
  const network: FetchLike = (request) => fetch(request);
  // The early database, unless it is another one or it failed to open (the engine then meets
  // the failure itself, as a storage status).
  const warm = early?.name === initial.databaseName && (await early.opened) ? early : null;
  if (early && !warm) early.database.close();
  db = warm?.database ?? new CheckinDatabase(initial.databaseName);
  reportTo = (status) => void host.report(status);
  engine = createSyncEngine({
    db,
    warm: warm?.warm,
    clientFor: (baseUrl) =>
      createCheckinClient(
        createTransport({
          baseUrl,
          fetch: baseUrl.startsWith(initial.builtInPrefix) ? builtIn : network,
          // The clock readiness compares (src/domain/readiness.ts) comes from every answer.
          onServerTime: (serverTime) => engine?.serviceClockSeen(serverTime),
        }),
      ),
    defaultBaseUrl: initial.defaultBaseUrl,
    deviceName: () => settings?.deviceName ?? '',
    syncIntervalMs: () => settings?.syncIntervalMs ?? 10_000,
    online: initial.online,
    access: () => settings?.access ?? LOCKED,
    // The fleet's endpoints are the app's own server's, over the network (never the built-in demo).
    doorsFor: (serverUrl) => createDoorsClient(serverUrl, network),
    appVersion: initial.appVersion,
    deviceFacts: () => host.deviceFacts(),
    report: reports,
    forgottenLists: broadcastForgottenLists(),
  });
  engineMade(engine);
}

/** Where status reports go once the page's init has given its host. */
let reportTo: (status: SyncStatus) => void = () => {};
const reports = pacedReports(
  (status: SyncStatus) => reportTo(status),
  systemClock,
  REPORT_PACE_MS,
  // Only a download's progress comes in bursts; every other change shows at once.
  (status) => status.download !== null,
);

/**
 * A decision's answer with the status it left, taken from the pace in the task that answers:
 * the page applies both at once, so the verdict and the counts it moved are one render there.
 */
const decided = async <T>(answer: Promise<T>): Promise<Decided<T>> => {
  const value = await answer;
  return { answer: value, status: reports.take() };
};

/** Each command as the page sends it, answered by the engine once it is made. */
const commands: WireCommands = {
  // Always the whole status, not only one still held: a report already sent crosses on the
  // host's port, which keeps no order with this answer's.
  start: async (...args) => {
    const engine = await started;
    await engine.start(...args);
    reports.take();
    return { answer: undefined, status: engine.status() };
  },
  choosePasscode: async (...args) => (await started).choosePasscode(...args),
  unlock: async (...args) => (await started).unlock(...args),
  learnRelay: async (...args) => (await started).learnRelay(...args),
  join: async (...args) => (await started).join(...args),
  joinByCode: async (...args) => (await started).joinByCode(...args),
  dismissFarewell: async (...args) => (await started).dismissFarewell(...args),
  dismissForgottenElsewhere: async () => (await started).dismissForgottenElsewhere(),
  open: async (...args) => (await started).open(...args),
  scan: async (...args) => decided((await started).scan(...args)),
  admit: async (...args) => decided((await started).admit(...args)),
  admitAnyway: async (...args) => decided((await started).admitAnyway(...args)),
  exitScan: async (...args) => decided((await started).exitScan(...args)),
  exit: async (...args) => decided((await started).exit(...args)),
  typed: async (...args) => decided((await started).typed(...args)),
  admitOrder: async (...args) => decided((await started).admitOrder(...args)),
  orderAround: async (...args) => (await started).orderAround(...args),
  undo: async (...args) => decided((await started).undo(...args)),
  undoAll: async (...args) => decided((await started).undoAll(...args)),
  dismissParked: async (...args) => (await started).dismissParked(...args),
  badgesFor: async (...args) => (await started).badgesFor(...args),
  find: async (...args) => (await started).find(...args),
  ticket: async (...args) => (await started).ticket(...args),
  stats: async (...args) => (await started).stats(...args),
  answers: async (...args) => (await started).answers(...args),
  syncNow: async (...args) => (await started).syncNow(...args),
  flush: async (...args) => (await started).flush(...args),
  setOnline: async (...args) => (await started).setOnline(...args),
  facts: async (...args) => (await started).facts(...args),
  forget: async (...args) => (await started).forget(...args),
  unsentByList: async (...args) => (await started).unsentByList(...args),
  wipeDevice: async (...args) => (await started).wipeDevice(...args),
  exportUnsent: async (...args) => (await started).exportUnsent(...args),
  auditLog: async (...args) => (await started).auditLog(...args),
  exportAudit: async (...args) => (await started).exportAudit(...args),
};

const worker: DoorWorker = {
  async init(host, initial) {
    if (engine || settings) return;
    try {
      await startEngine(host, initial);
    } catch (error) {
      engineFailed(error);
      throw error;
    }
  },
  configure(change) {
    if (!settings) return;
    const retime = change.syncIntervalMs !== undefined && change.syncIntervalMs !== settings.syncIntervalMs;
    Object.assign(settings, change);
    // The page may learn its relay mirrors (a 3 s cap) after the engine's timer was set.
    if (retime) engine?.retime();
  },
  /** Which door made each check-in of a list, as far as this device's door app knows. */
  async doorNames(listSlug) {
    await started;
    if (!db) throw new Error('The sync engine has not been started');
    return doorNamesOnThisDevice(db, listSlug);
  },
  commands: Comlink.proxy(commands),
};

// User Timing marks of a start (DevTools, test/bench/cold-marks.ts): a few, once each.
performance.mark('door:worker-script');
Comlink.expose(worker);
