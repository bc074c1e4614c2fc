// Everything this app keeps in the browser, erased and then counted again. Used by "Forget
// this device's data" after the sync engine has deleted its own database.
//
// The service worker is unregistered along with Cache Storage: its precache holds only the
// app shell, but a worker left without its caches would serve from the network alone and the
// app would stop opening offline until the next version. Unregistered, the next (online) load
// installs it afresh and precaches the app again.

import { DEMO_SERVICE_DATABASE, DOOR_DATABASE } from '../platform/database-names';

/** Databases this app creates, for browsers that cannot list them (indexedDB.databases). */
export const KNOWN_DATABASES = [DOOR_DATABASE, DEMO_SERVICE_DATABASE] as const;
export const ADMIN_CONNECTION_KEY = 'venue-checkin.organiser.connection';
export const SETTINGS_KEY = 'venue-checkin.settings';

export interface DeviceStorage {
  /** Database names found; null when the browser cannot list them. */
  databases: string[] | null;
  caches: string[];
  localStorageKeys: number;
  sessionStorageKeys: number;
  adminToken: boolean;
  settings: boolean;
  serviceWorkers: number;
}

async function databaseNames(): Promise<string[] | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  return (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []));
}

/** How long a deletion may wait for another tab to let go of the database. */
const BLOCKED_WAIT_MS = 5_000;
const UNREGISTER_WAIT_MS = 2_000;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    // Whatever could not be deleted shows in the count afterwards; the rest still goes.
    request.onerror = () => resolve();
    // Another tab of the app holds it open: the deletion completes once that tab closes it,
    // but the person is not kept waiting for that.
    request.onblocked = () => setTimeout(resolve, BLOCKED_WAIT_MS);
  });
}

const count = (storage: Storage | undefined) => {
  try {
    return storage?.length ?? 0;
  } catch {
    return 0;
  }
};

/** Deletes every database, cache, stored setting and the service worker of this origin. */
export async function eraseDeviceStorage(): Promise<void> {
  if (typeof indexedDB !== 'undefined') {
    const names = new Set([...KNOWN_DATABASES, ...((await databaseNames()) ?? [])]);
    await Promise.all([...names].map(deleteDatabase));
  }
  if ('caches' in globalThis) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  if ('serviceWorker' in navigator) {
    // Unregistering waits behind the worker's own pending jobs (an update check, say); it
    // completes in the background, so the person is not kept waiting for it.
    const unregistered = (await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister());
    await Promise.race([Promise.all(unregistered), new Promise((r) => setTimeout(r, UNREGISTER_WAIT_MS))]);
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage refused (private window): nothing was kept there either.
  }
}

/** What is left, read from the browser itself (not from what the erase believed it did). */
export async function inspectDeviceStorage(): Promise<DeviceStorage> {
  const has = (key: string) => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  };
  return {
    databases: typeof indexedDB === 'undefined' ? [] : await databaseNames(),
    caches: 'caches' in globalThis ? await caches.keys() : [],
    localStorageKeys: count(globalThis.localStorage),
    sessionStorageKeys: count(globalThis.sessionStorage),
    adminToken: has(ADMIN_CONNECTION_KEY),
    settings: has(SETTINGS_KEY),
    serviceWorkers:
      'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistrations()).length : 0,
  };
}

export const nothingLeft = (s: DeviceStorage) =>
  (s.databases?.length ?? 0) === 0 &&
  s.caches.length === 0 &&
  s.localStorageKeys === 0 &&
  s.sessionStorageKeys === 0 &&
  !s.adminToken &&
  !s.settings;
