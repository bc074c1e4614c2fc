// The composition root of the door app: one local database, one sync engine, and the choice
// of transport per list (the built-in demo service in this tab, or the network).
import { createCheckinClient } from '../../api/checkin-client';
import { embeddedFetch } from '../../api/embedded-service';
import { createTransport } from '../../api/http';
import { CheckinDatabase } from '../../db/database';
import { createSyncEngine, type SyncEngine } from '../../sync/sync-engine';
import { appStore } from '../../state/app-store';
import { syncReporter } from '../../state/sync-slice';

/** The built-in service's address: a reserved name, so it can never be a real host. */
export const BUILT_IN_CHECKIN_URL = 'https://built-in.invalid/checkin';

export function thisServerCheckinUrl(): string {
  return `${window.location.origin}/checkin`;
}

export function isBuiltIn(baseUrl: string): boolean {
  return baseUrl.startsWith(BUILT_IN_CHECKIN_URL);
}

const networkFetch = (request: Request) => fetch(request);

function clientFor(baseUrl: string) {
  return createCheckinClient(
    createTransport({ baseUrl, fetch: isBuiltIn(baseUrl) ? embeddedFetch : networkFetch }),
  );
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

let engine: SyncEngine | null = null;
let database: CheckinDatabase | null = null;

/** The door's local database (read-only use by screens: stats, answers). */
export function doorDb(): CheckinDatabase {
  database ??= new CheckinDatabase('venue-checkin-door');
  return database;
}

export function doorEngine(): SyncEngine {
  if (engine) return engine;
  const created = createSyncEngine({
    db: doorDb(),
    clientFor,
    defaultBaseUrl: thisServerCheckinUrl(),
    deviceName: () => appStore.getState().settings.deviceName.trim() || 'Door',
    syncIntervalMs: () => appStore.getState().settings.syncIntervalSeconds * 1000,
    online: navigator.onLine,
    report: syncReporter(appStore),
  });
  window.addEventListener('online', () => created.setOnline(true));
  window.addEventListener('offline', () => created.setOnline(false));
  void created.start().finally(() => {
    started = true;
    for (const listener of startListeners) listener();
  });
  engine = created;
  return created;
}
