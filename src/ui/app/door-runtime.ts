// The composition root of the door app: one local database, and one sync engine in a worker
// that owns it and reaches the built-in demo service (in this tab) through the page, or the
// network. Only the app's shell imports this file; screens reach it through
// DoorRuntimeContext (src/ui/hooks/useDoor.ts), and the page never opens the database itself.
import * as Comlink from 'comlink';
import { embeddedFetch } from '../../api/embedded-service';
import {
  WITH_STATUS,
  type Decided,
  type WithStatusName,
  type DoorEngine,
  type DoorHost,
  type DoorWorker,
  type WireCommands,
} from '../../sync/engine/door-protocol';
import { appStore } from '../../state/app-store';
import { accessOf } from '../../state/supervisor';
import { syncReporter } from '../../state/sync-slice';
import type { DoorRuntime, DoorStart } from '../hooks/useDoor';
import { BUILT_IN_CHECKIN_URL, thisServerCheckinUrl } from '../shared/checkin-addresses';
import { servedBy } from '../shared/served-by';
import { DOOR_DATABASE } from '../../platform/database-names';
import { onceOnline } from '../../platform/once-online';
import { isDoorAddress, takeDoorWorker } from './door-worker';
import { deviceFacts } from './device-facts';

const host: DoorHost = {
  report: syncReporter(appStore),
  async builtInFetch(request) {
    const response = await embeddedFetch(
      new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
    );
    return { status: response.status, headers: [...response.headers], body: await response.text() };
  },
  deviceFacts,
};

/**
 * Doors on a relay that keeps a venue mirror sync at least this often: the relay answers from
 * its own copy (no load on the real service), and another door's admission must reach this one
 * within 5 s so a double admission is caught at the door (docs/relay.md).
 */
const MIRROR_SYNC_MS = 3000;
let syncCapMs = Number.POSITIVE_INFINITY;

/** What the engine needs of the person's settings. */
const engineSettings = (state: ReturnType<typeof appStore.getState>) => ({
  deviceName: state.settings.deviceName.trim() || 'Door',
  syncIntervalMs: Math.min(state.settings.syncIntervalSeconds * 1000, syncCapMs),
  access: accessOf(state),
});

/** `online`: what the engine was told at its start, for the page to follow from. */
let running: { remote: Comlink.Remote<DoorWorker>; online: boolean; worker: Worker } | null = null;

/** The worker, started on first use; its engine is built but does not sync until `start()`. */
function engineWorker() {
  if (running) return running;
  const { worker, errored } = takeDoorWorker();
  // A page kept in the back/forward cache would hold its worker's database connection open
  // and so hold back "Forget this device's data" in the page that replaced it: it lets the
  // worker go, and starts afresh if it is shown again.
  window.addEventListener('pagehide', (event) => {
    if (event.persisted) worker.terminate();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
  const remote = Comlink.wrap<DoorWorker>(worker);
  const online = navigator.onLine;
  // The worker's commands wait for this, and answer its failure, if any, themselves.
  const init = remote.init(Comlink.proxy(host), {
    databaseName: DOOR_DATABASE,
    defaultBaseUrl: thisServerCheckinUrl(),
    builtInPrefix: BUILT_IN_CHECKIN_URL,
    appVersion: __APP_VERSION__,
    ...engineSettings(appStore.getState()),
    online,
  });
  // Before its init is answered, the only code running in the worker is its loader (and the
  // database opened early, whose failure is the engine's to report): an error then is the
  // worker's script or the engine's chunk failing to load. Such a worker answers nothing ever,
  // so the door says it cannot start rather than "Opening the list…" for ever. An error after
  // the init is answered is one task's, not the worker's end.
  let initAnswered = false;
  const answered = () => {
    initAnswered = true;
  };
  // Both ways: a failed init is answered to each command, not left unhandled here.
  init.then(answered, answered);
  void errored.then(() => {
    if (initAnswered) return;
    worker.terminate();
    settleStart('unavailable');
  });
  appStore.subscribe((state, before) => {
    if (state.settings === before.settings && state.shell.supervisorUntil === before.shell.supervisorUntil)
      return;
    void remote.configure(engineSettings(state));
  });
  running = { remote, online, worker };
  // Which server this is can only be answered online: a door that starts offline asks once it
  // is back, not at its start, where the request (and its chunk) could only fail.
  onceOnline(() => {
    void servedBy().then((info) => {
      if (info?.mode !== 'relay') return;
      // Lists joined through this relay keep the service's own address, for when the relay is down.
      if (info.upstreamCheckinUrl)
        void remote.commands.learnRelay(thisServerCheckinUrl(), info.upstreamCheckinUrl);
      if (!info.mirror) return;
      syncCapMs = MIRROR_SYNC_MS;
      void remote.configure(engineSettings(appStore.getState()));
    });
  });
  return running;
}

let start: DoorStart = 'starting';
const startListeners = new Set<() => void>();

let becameUnavailable: () => void = () => {};
/** Settles if the worker could not load: what waits on its answers stops waiting then. */
const unavailable = new Promise<void>((resolve) => {
  becameUnavailable = resolve;
});

/** The first settling counts: a worker that could not load never starts later. */
function settleStart(settled: Exclude<DoorStart, 'starting'>) {
  if (start !== 'starting') return;
  start = settled;
  if (settled === 'unavailable') becameUnavailable();
  for (const listener of startListeners) listener();
}

/** `started` once the engine has opened the last list (or found none). */
const doorStart = {
  get: () => start,
  subscribe(listener: () => void) {
    startListeners.add(listener);
    return () => startListeners.delete(listener);
  },
};

/**
 * The commands as screens call them. A decision's answer (and the start's) brings the status
 * it left (door-protocol.ts): that status is the store's before the answer reaches the screen,
 * in the same task, so React draws the verdict and the counts it moved in one render, and no
 * door screen shows before the seal is known.
 */
function answering(remote: Comlink.Remote<WireCommands>): DoorEngine {
  const withStatus = new Set<string>(WITH_STATUS);
  const wrapped = new Map<string, unknown>();
  return new Proxy(remote, {
    get(target, name, receiver) {
      const command = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !withStatus.has(name)) return command;
      let decide = wrapped.get(name);
      if (!decide) {
        decide = async (...args: unknown[]) => {
          const ask = target[name as WithStatusName] as (...a: unknown[]) => Promise<Decided<unknown>>;
          const { answer, status } = await ask(...args);
          if (status) host.report(status);
          return answer;
        };
        wrapped.set(name, decide);
      }
      return decide;
    },
  }) as unknown as DoorEngine;
}

let engine: DoorEngine | null = null;
function doorEngine(): DoorEngine {
  if (engine) return engine;
  // Calls made before the worker is ready wait for it there.
  const created = answering(engineWorker().remote.commands);
  // The flag is also read every few seconds: Firefox left a page loaded while offline without
  // an `online` event when the network came back, and its check-ins waited forever.
  // The worker may have started earlier, for the door names of a report.
  let online = engineWorker().online;
  const follow = () => {
    if (navigator.onLine === online) return;
    online = navigator.onLine;
    void created.setOnline(online);
  };
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
  setInterval(follow, 3000);
  // A write's send waits a moment for the rest of a rush (sync-loop.ts); a phone locked or an
  // app switched to may not give the worker that moment soon: what waits goes now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void created.flush();
  });
  // In the background: the scan screen shows from the list's summary while the list loads.
  void created.start({ background: true }).finally(() => settleStart('started'));
  engine = created;
  return created;
}

/**
 * Starts the door's engine at boot, before the first render, on the door's own addresses: its
 * worker's script, database and list load while React renders (the organiser's screens and the
 * settings start no sync).
 */
export function bootDoor(pathname: string) {
  if (isDoorAddress(pathname)) doorEngine();
}

/**
 * Another tab erased this device's data: the door's worker goes, with the list it holds in
 * memory and its database connection (src/db/database.ts lets go of the deleted database too).
 * Nothing starts it again in this page; the person starts the app again.
 */
export function stopDoor() {
  running?.worker.terminate();
}

export const doorRuntime: DoorRuntime = {
  engine: doorEngine,
  start: doorStart,
  async doorNames(listSlug) {
    // Through the worker, which owns the database: a second connection here would hold back
    // its upgrades and "Forget this device's data". Asking starts no sync. A worker that could
    // not load answers nothing, and then no door's name is known on this device.
    const known = engineWorker().remote.doorNames(listSlug);
    return Promise.race([known, unavailable.then(() => new Map<string, string>())]);
  },
};
