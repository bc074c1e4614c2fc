// The door's readiness, callable outside React: the door's reports to the organiser read it as
// the screens do. Guarantees: `currentReadiness` judges what the store holds now (the engine's
// status, the settings, the shell, what the camera and the scanner have shown, the last
// platform readings) and never waits; `checkReadiness` reads the platform again first (battery,
// storage, and the camera's permission unless its picture answers that), each reading bounded
// so a browser that never answers cannot hold it. Neither touches a scan: they read, and write
// only the readiness slice.
import {
  type CameraTrouble,
  judgeReadiness,
  type Readiness,
  type ReadinessFacts,
  readinessReport,
} from '../domain/readiness';
import type { ReadinessItem } from '../fleet/fleet-protocol';
import { readBattery } from '../platform/battery';
import { readCameraPermission } from '../platform/camera-permission';
import { readStorageHealth } from '../platform/storage-health';
import { type AppState, type AppStore, appStore } from './app-store';
import { badgeLayoutOf } from './badge-layouts';
import type { ReadinessProbes } from './readiness-slice';

export type { Readiness, ReadinessCheck } from '../domain/readiness';

/** What the judgement reads of the app's state (a screen selects just this, not every scan's flag). */
export interface ReadinessState {
  sync: AppState['sync'];
  settings: Pick<AppState['settings'], 'badges' | 'kioskPin' | 'supervisorPin'>;
  shell: Pick<AppState['shell'], 'updateWaiting'>;
  readiness: AppState['readiness'];
}

/** The facts of the pure judgement (src/domain/readiness.ts), from the app's state at `now`. */
export function readinessFacts(state: ReadinessState, now: number): ReadinessFacts {
  const { sync, settings, shell } = state;
  const { signals, probes } = state.readiness;
  const slug = sync.list?.slug ?? null;
  const kept = slug ? badgeLayoutOf(slug) : null;
  return {
    now,
    list: sync.list && {
      complete: sync.complete,
      downloaded: sync.download && sync.download.total > 0 ? sync.download.done / sync.download.total : null,
      lastPullAt: sync.lastPullAt,
      tickets: sync.list.ticketsCount,
    },
    outbox: {
      pending: sync.pending,
      oldestPendingAt: sync.oldestPendingAt,
      parked: sync.parked.length,
      elsewhere: sync.elsewhere,
    },
    storage: {
      persisted: probes.storage?.persisted ?? null,
      usage: probes.storage?.usage ?? null,
      quota: probes.storage?.quota ?? null,
      failed: sync.storage !== null,
    },
    camera: {
      permission: probes.cameraPermission,
      frameReadAt: signals.cameraFrameAt,
      trouble: signals.cameraTrouble,
      scannerSeenAt: signals.scannerSeenAt,
    },
    clockOffsetMs: sync.clockOffsetMs,
    updateWaiting: shell.updateWaiting,
    battery: probes.battery,
    badges:
      settings.badges === 'off'
        ? null
        : { layout: kept !== null && 'layout' in kept, triedAt: signals.badgePrintAt },
    // Leaving the kiosk takes the supervisor PIN when one is set (KioskScreen.tsx).
    kiosk: signals.kioskOpen
      ? { pinSet: settings.kioskPin !== null || settings.supervisorPin !== null }
      : null,
  };
}

/** The door's readiness from what the store holds now; never waits. */
export function currentReadiness(store: AppStore = appStore, now: number = Date.now()): Readiness {
  return judgeReadiness(readinessFacts(store.getState(), now));
}

/** How the platform is read; tests pass their own. */
export interface PlatformProbes {
  battery: typeof readBattery;
  storage: typeof readStorageHealth;
  cameraPermission: typeof readCameraPermission;
}

const BROWSER: PlatformProbes = {
  battery: () => readBattery(),
  storage: () => readStorageHealth(),
  cameraPermission: () => readCameraPermission(),
};

/** A platform reading that has not answered by then is taken as "not known". */
const PROBE_WAIT_MS = 2000;

function within<T>(reading: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    reading.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PROBE_WAIT_MS)),
  ]);
}

/** Reads the platform again, then judges: on a list's opening, on "Check again", before a report. */
export async function checkReadiness(
  store: AppStore = appStore,
  probes: PlatformProbes = BROWSER,
  now: () => number = Date.now,
): Promise<Readiness> {
  const [battery, storage, permission] = await Promise.all([
    within(probes.battery(), null),
    within(probes.storage(), null),
    cameraShows(store) ? null : within(probes.cameraPermission(), null),
  ]);
  // Judged when the readings are in: a picture that came meanwhile answers over the reading.
  const cameraPermission = cameraShows(store) ? 'granted' : permission;
  const read: ReadinessProbes = { battery, storage, cameraPermission, at: now() };
  store.getState().setReadinessProbes(read);
  return currentReadiness(store, now());
}

/** What a door's report carries (src/fleet/fleet-protocol.ts `DoorReport.readiness`). */
export async function readinessForReport(
  store: AppStore = appStore,
  probes: PlatformProbes = BROWSER,
  now: () => number = Date.now,
): Promise<{ ready: boolean; items: ReadinessItem[] }> {
  return readinessReport(await checkReadiness(store, probes, now));
}

/**
 * The camera shows a picture now: the browser allowed it, so its permission is not asked. A
 * permission taken back stops the picture first (the camera's trouble), and is asked again then.
 */
function cameraShows(store: AppStore): boolean {
  const { signals } = store.getState().readiness;
  return signals.cameraFrameAt !== null && signals.cameraTrouble === null;
}

/** A running camera is the browser's answer: allowed (no platform reading in a queue's scans). */
function noteCameraAllowed(store: AppStore): void {
  const { probes } = store.getState().readiness;
  if (probes.cameraPermission !== 'granted')
    store.getState().setReadinessProbes({ ...probes, cameraPermission: 'granted' });
}

/** The camera's decoder read a frame: the camera works (noted once a session), so it was allowed. */
export function noteCameraFrame(store: AppStore, at: number): void {
  const { signals } = store.getState().readiness;
  if (signals.cameraFrameAt === null || signals.cameraTrouble !== null)
    store.getState().setReadinessSignals({ cameraFrameAt: signals.cameraFrameAt ?? at, cameraTrouble: null });
  noteCameraAllowed(store);
}

/** The camera failed (or, with null, runs again: then it was allowed). */
export function noteCameraTrouble(store: AppStore, trouble: CameraTrouble | null): void {
  if (store.getState().readiness.signals.cameraTrouble !== trouble)
    store.getState().setReadinessSignals({ cameraTrouble: trouble });
  if (trouble === null) noteCameraAllowed(store);
}

/** A hardware scanner read a code (noted once a session: every scan need not render anything). */
export function noteScannerRead(store: AppStore, at: number): void {
  if (store.getState().readiness.signals.scannerSeenAt === null)
    store.getState().setReadinessSignals({ scannerSeenAt: at });
}

/** The kiosk screen opened or closed. */
export function noteKioskOpen(store: AppStore, open: boolean): void {
  if (store.getState().readiness.signals.kioskOpen !== open)
    store.getState().setReadinessSignals({ kioskOpen: open });
}

/** A badge print went to the printer (a test print or a guest's badge). */
export function noteBadgePrint(store: AppStore, at: number): void {
  store.getState().setReadinessSignals({ badgePrintAt: at });
}
