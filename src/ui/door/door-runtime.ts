// The composition root of the door app: one local database, and one sync engine in a worker
// that reaches the built-in demo service (in this tab) through the page, or the network.
import * as Comlink from 'comlink';
import { embeddedFetch } from '../../api/embedded-service';
import type { EngineHost, EngineWorker } from '../../sync/engine-worker';
import type { SyncEngine } from '../../sync/sync-engine';
import { appStore } from '../../state/app-store';
import { accessOf } from '../../state/supervisor';
import { syncReporter } from '../../state/sync-slice';

/** The sync engine as the page sees it: every call answers asynchronously, from the worker. */
export type DoorEngine = Comlink.Remote<SyncEngine>;

export const DATABASE = 'venue-checkin-door';

/** The built-in service's address: a reserved name, so it can never be a real host. */
export const BUILT_IN_CHECKIN_URL = 'https://built-in.invalid/checkin';

export function thisServerCheckinUrl(): string {
  return `${window.location.origin}/checkin`;
}

const host: EngineHost = {
  report: syncReporter(appStore),
  async builtInFetch(request) {
    const response = await embeddedFetch(
      new Request(request.url, { method: request.method, headers: request.headers, body: request.body }),
    );
    return { status: response.status, headers: [...response.headers], body: await response.text() };
  },
};

/** What the engine needs of the person's settings. */
const engineSettings = (state: ReturnType<typeof appStore.getState>) => ({
  deviceName: state.settings.deviceName.trim() || 'Door',
  syncIntervalMs: state.settings.syncIntervalSeconds * 1000,
  access: accessOf(state),
});

function startEngine(): DoorEngine {
  const worker = new Worker(new URL('../../sync/engine-worker.ts', import.meta.url), {
    type: 'module',
    name: 'door-sync',
  });
  // A page kept in the back/forward cache would hold its worker's database connection open
  // and so hold back "Forget this device's data" in the page that replaced it: it lets the
  // worker go, and starts afresh if it is shown again.
  window.addEventListener('pagehide', (event) => {
    if (event.persisted) worker.terminate();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
  const remote = Comlink.wrap<EngineWorker>(worker);
  // Comlink's types describe the far side; the page hands over a proxy of its host.
  const ready = remote.init(Comlink.proxy(host) as unknown as Comlink.Remote<EngineHost>, {
    databaseName: DATABASE,
    defaultBaseUrl: thisServerCheckinUrl(),
    builtInPrefix: BUILT_IN_CHECKIN_URL,
    ...engineSettings(appStore.getState()),
    online: navigator.onLine,
  });
  appStore.subscribe((state, before) => {
    if (state.settings === before.settings && state.shell.supervisorUntil === before.shell.supervisorUntil)
      return;
    void remote.configure(engineSettings(state));
  });
  // Calls made before the worker is ready wait for it.
  return new Proxy({} as DoorEngine, {
    get(_, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        await ready;
        return (remote.engine as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
      };
    },
  });
}

let started = false;
const startListeners = new Set<() => void>();

/** True once the engine has opened the last list (or found none). */
export const doorStarted = {
  get: () => started,
  subscribe(listener: () => void) {
    startListeners.add(listener);
    return () => startListeners.delete(listener);
  },
};

let engine: DoorEngine | null = null;
export function doorEngine(): DoorEngine {
  if (engine) return engine;
  const created = startEngine();
  // The flag is also read every few seconds: Firefox left a page loaded while offline without
  // an `online` event when the network came back, and its check-ins waited forever.
  let online = navigator.onLine;
  const follow = () => {
    if (navigator.onLine === online) return;
    online = navigator.onLine;
    void created.setOnline(online);
  };
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
  setInterval(follow, 3000);
  void created.start().finally(() => {
    started = true;
    for (const listener of startListeners) listener();
  });
  engine = created;
  return created;
}
