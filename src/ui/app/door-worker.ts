// The door's sync worker, created by the page's first module (src/main.ts) before the app's
// own code has arrived: on a phone the app's bundle takes a second or more to load and parse,
// and the worker's script, database and list load in that time rather than after it, so a
// restart's first verdict does not wait for both one after the other. The runtime (door-runtime.ts) takes this worker, or
// makes one when none was started early. It is in the entry's chunk: it imports only the
// database's name, a module free of imports.
import { DOOR_DATABASE } from '../../platform/database-names';

/** The organiser's screens and the settings start no sync; every other address is the door's. */
export const isDoorAddress = (pathname: string) => !/^\/(organiser|settings)(\/|$)/.test(pathname);

/**
 * The door's worker, and its first `error` event: listened for from its creation, since a
 * script that cannot load (a chunk the browser's cache lost while offline, one the server no
 * longer has) may fail before the app's code that takes the worker has arrived.
 */
export interface DoorWorkerStart {
  worker: Worker;
  errored: Promise<void>;
}

let early: DoorWorkerStart | null = null;

function createDoorWorker(): DoorWorkerStart {
  const worker = new Worker(new URL('../../sync/engine/engine-worker.ts', import.meta.url), {
    type: 'module',
    // The database named in the worker's name, so the worker opens it before its init.
    name: `door-sync:${DOOR_DATABASE}`,
  });
  const errored = new Promise<void>((resolve) => {
    worker.addEventListener('error', () => resolve(), { once: true });
  });
  return { worker, errored };
}

/** At the first line of the page, on a door address only. */
export function startDoorWorkerEarly(pathname: string) {
  if (isDoorAddress(pathname) && !early) early = createDoorWorker();
}

/** The worker started early (once), or a new one. */
export function takeDoorWorker(): DoorWorkerStart {
  const worker = early ?? createDoorWorker();
  early = null;
  return worker;
}
