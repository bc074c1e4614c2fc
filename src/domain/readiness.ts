// Whether a door is ready before doors open, judged from plain facts (time included). Pure:
// the same facts always give the same items, in the same order. Guarantees: an item the
// platform cannot tell about is `unknown`, never red; an item that does not apply to this door
// (badges off, no kiosk, no list to be fresh) is left out; `ready` means no item is red, so
// amber ("check this") never holds a door back. Nothing here stops or delays a scan: the
// screens show the items beside the scan screen, and the door's reports carry them.
import type { ReadinessItem, ReadinessItemId, ReadinessLevel } from '../fleet/fleet-protocol';

export type { ReadinessItemId, ReadinessLevel };

/** What the camera last failed with, as the camera adapter names it (src/scanner/camera.ts). */
export type CameraTrouble = 'denied' | 'busy' | 'no-camera' | 'insecure' | 'failed';

export interface ReadinessFacts {
  now: number;
  /** The open list, or null when none is open. */
  list: {
    /** Its first download has finished: every ticket is on the device. */
    complete: boolean;
    /** The first download's share done (0 to 1) while it runs. */
    downloaded: number | null;
    lastPullAt: number | null;
    /** Tickets on the list by the service's count. */
    tickets: number;
  } | null;
  /**
   * The open list's outbox, and what the device's other lists hold that the service has not
   * taken (waiting or refused; `lists`: how many hold any).
   */
  outbox: {
    pending: number;
    oldestPendingAt: number | null;
    parked: number;
    elsewhere: { unsent: number; parked: number; lists: number };
  };
  storage: {
    /** The browser keeps the data through storage pressure; null where it cannot say. */
    persisted: boolean | null;
    usage: number | null;
    quota: number | null;
    /** Storage refused a write (full, or unavailable in a private window). */
    failed: boolean;
  };
  camera: {
    /** The Permissions API's answer for the camera; null where it has none. */
    permission: 'granted' | 'denied' | 'prompt' | null;
    /** When the decoder first read a frame of the camera's picture this session. */
    frameReadAt: number | null;
    /** The camera's last failure; null once it runs again. */
    trouble: CameraTrouble | null;
    /** When a hardware (keyboard-wedge) scanner last read a code this session. */
    scannerSeenAt: number | null;
  };
  /** The service's clock less this device's, from the Date of its last answer; null before one. */
  clockOffsetMs: number | null;
  updateWaiting: boolean;
  /** Null where the platform does not say. */
  battery: { level: number; charging: boolean } | null;
  /** Null while badges are off. */
  badges: { layout: boolean; triedAt: number | null } | null;
  /** Null while the device is not a kiosk. */
  kiosk: { pinSet: boolean } | null;
}

/** What an item says, with the fix, as a door message (`ready_<key>`) and its values. */
export interface ReadinessWords {
  key: ReadinessKey;
  /** Counts and percentages. */
  values?: Record<string, number>;
  /** Durations in milliseconds, said as "4 min". */
  durations?: Record<string, number>;
  /** Sizes in bytes, said as "120 MB". */
  sizes?: Record<string, number>;
}

export type ReadinessKey =
  | 'noList'
  | 'listDownloading'
  | 'listComplete'
  | 'listNeverSynced'
  | 'listFresh'
  | 'listBehind'
  | 'outboxEmpty'
  | 'outboxWaiting'
  | 'outboxStuck'
  | 'outboxParked'
  | 'outboxElsewhere'
  | 'storagePersistent'
  | 'storageNotPersistent'
  | 'storagePersistUnknown'
  | 'storageFailed'
  | 'storageRoomUnknown'
  | 'storageTooSmall'
  | 'storageLow'
  | 'storageRoom'
  | 'scannerSeen'
  | 'cameraWorks'
  | 'cameraDenied'
  | 'cameraBusy'
  | 'cameraInsecure'
  | 'cameraFailed'
  | 'cameraMissing'
  | 'cameraAsk'
  | 'cameraNotYet'
  | 'clockUnknown'
  | 'clockRight'
  | 'clockBehind'
  | 'clockAhead'
  | 'updateWaiting'
  | 'upToDate'
  | 'batteryUnknown'
  | 'batteryCharging'
  | 'batteryCharged'
  | 'batteryLow'
  | 'badgeNoLayout'
  | 'badgeUntried'
  | 'badgeTried'
  | 'kioskNoPin'
  | 'kioskPin';

/** An item as the door shows it: the protocol's item, `unknown` where the platform cannot tell. */
export interface ReadinessCheck {
  id: ReadinessItemId;
  level: ReadinessLevel | 'unknown';
  words: ReadinessWords;
}

export interface Readiness {
  /** No item is red. */
  ready: boolean;
  items: ReadinessCheck[];
  /** When the facts were taken. */
  at: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The list may be this far behind the service and still be green; then amber, then red. */
export const LIST_FRESH_MS = MINUTE;
export const LIST_STALE_MS = 15 * MINUTE;
/** A check-in unsent for longer than this is failing to send, not just waiting. */
export const OUTBOX_STUCK_MS = 5 * MINUTE;
/** The device's clock may differ from the service's by this much. */
export const CLOCK_TOLERANCE_MS = MINUTE;
/** A test print counts for one shift. */
export const SHIFT_MS = 12 * 60 * MINUTE;
/** Battery levels (0 to 1) below which a door not charging is amber, then red. */
export const BATTERY_LOW = 0.5;
export const BATTERY_VERY_LOW = 0.2;
/**
 * What a ticket takes on the device, with its check-ins, answers and index: about 0.5 kB in
 * Chromium for the demo list; four times that covers longer answers and other engines.
 */
export const BYTES_PER_TICKET = 2000;
/** Room kept for a shift's check-ins, audit rows and the app's updates, whatever the list. */
export const SHIFT_RESERVE_BYTES = 20_000_000;

const check = (id: ReadinessItemId, level: ReadinessCheck['level'], words: ReadinessWords) => ({
  id,
  level,
  words,
});

function listItems(list: ReadinessFacts['list'], now: number): ReadinessCheck[] {
  if (!list) return [check('list-complete', 'red', { key: 'noList' })];
  const complete = list.complete
    ? check('list-complete', 'green', { key: 'listComplete', values: { n: list.tickets } })
    : check('list-complete', 'red', {
        key: 'listDownloading',
        values: { percent: Math.floor((list.downloaded ?? 0) * 100) },
      });
  if (list.lastPullAt === null) return [complete, check('list-fresh', 'red', { key: 'listNeverSynced' })];
  const age = Math.max(0, now - list.lastPullAt);
  const fresh =
    age <= LIST_FRESH_MS
      ? check('list-fresh', 'green', { key: 'listFresh' })
      : check('list-fresh', age <= LIST_STALE_MS ? 'amber' : 'red', {
          key: 'listBehind',
          durations: { age },
        });
  return [complete, fresh];
}

/**
 * Green ("every check-in has reached the service") only when no list on the device holds one.
 * Another list's rows come after the open list's: they go with the cycle while online (amber),
 * but one the service refused waits there for staff, who see it only with that list open (red).
 */
function outboxItem({ pending, oldestPendingAt, parked, elsewhere }: ReadinessFacts['outbox'], now: number) {
  if (parked > 0) return check('outbox-empty', 'red', { key: 'outboxParked', values: { n: parked } });
  const held = elsewhere.unsent + elsewhere.parked;
  if (pending === 0 && held > 0)
    return check('outbox-empty', elsewhere.parked > 0 ? 'red' : 'amber', {
      key: 'outboxElsewhere',
      values: { n: held, lists: elsewhere.lists },
    });
  if (pending === 0) return check('outbox-empty', 'green', { key: 'outboxEmpty' });
  const waited = oldestPendingAt === null ? 0 : Math.max(0, now - oldestPendingAt);
  return waited > OUTBOX_STUCK_MS
    ? check('outbox-empty', 'red', { key: 'outboxStuck', values: { n: pending }, durations: { age: waited } })
    : check('outbox-empty', 'amber', { key: 'outboxWaiting', values: { n: pending } });
}

function persistentItem({ persisted }: ReadinessFacts['storage']) {
  if (persisted === null) return check('storage-persistent', 'unknown', { key: 'storagePersistUnknown' });
  return persisted
    ? check('storage-persistent', 'green', { key: 'storagePersistent' })
    : check('storage-persistent', 'amber', { key: 'storageNotPersistent' });
}

/** Room for the list still to come and a shift's writes, against what the browser allows. */
function roomItem(storage: ReadinessFacts['storage'], list: ReadinessFacts['list']) {
  if (storage.failed) return check('storage-room', 'red', { key: 'storageFailed' });
  if (storage.usage === null || !storage.quota)
    return check('storage-room', 'unknown', { key: 'storageRoomUnknown' });
  const free = Math.max(0, storage.quota - storage.usage);
  const listBytes = (list?.tickets ?? 0) * BYTES_PER_TICKET;
  const toCome = list && !list.complete ? listBytes * (1 - (list.downloaded ?? 0)) : 0;
  const need = toCome + Math.max(SHIFT_RESERVE_BYTES, listBytes / 2);
  if (free < toCome) return check('storage-room', 'red', { key: 'storageTooSmall', sizes: { free, need } });
  if (free < need) return check('storage-room', 'amber', { key: 'storageLow', sizes: { free, need } });
  return check('storage-room', 'green', { key: 'storageRoom', sizes: { free } });
}

const CAMERA_TROUBLE: Record<Exclude<CameraTrouble, 'no-camera'>, ReadinessKey> = {
  denied: 'cameraDenied',
  busy: 'cameraBusy',
  insecure: 'cameraInsecure',
  failed: 'cameraFailed',
};

/** A code read by a hardware scanner proves the door can scan, whatever the camera does. */
function cameraItem({ permission, frameReadAt, trouble, scannerSeenAt }: ReadinessFacts['camera']) {
  if (scannerSeenAt !== null) return check('camera', 'green', { key: 'scannerSeen' });
  if (permission === 'denied') return check('camera', 'red', { key: 'cameraDenied' });
  if (trouble === 'no-camera') return check('camera', 'amber', { key: 'cameraMissing' });
  if (trouble !== null) return check('camera', 'red', { key: CAMERA_TROUBLE[trouble] });
  if (frameReadAt !== null) return check('camera', 'green', { key: 'cameraWorks' });
  return check('camera', 'amber', { key: permission === 'prompt' ? 'cameraAsk' : 'cameraNotYet' });
}

function clockItem(offset: number | null) {
  if (offset === null) return check('clock', 'unknown', { key: 'clockUnknown' });
  const by = Math.abs(offset);
  if (by <= CLOCK_TOLERANCE_MS) return check('clock', 'green', { key: 'clockRight' });
  // The service's clock ahead of the device's: the device's is behind.
  return check('clock', 'red', { key: offset > 0 ? 'clockBehind' : 'clockAhead', durations: { by } });
}

function batteryItem(battery: ReadinessFacts['battery']) {
  if (!battery) return check('battery', 'unknown', { key: 'batteryUnknown' });
  const percent = Math.round(battery.level * 100);
  if (battery.charging) return check('battery', 'green', { key: 'batteryCharging', values: { percent } });
  if (battery.level >= BATTERY_LOW)
    return check('battery', 'green', { key: 'batteryCharged', values: { percent } });
  const level = battery.level < BATTERY_VERY_LOW ? 'red' : 'amber';
  return check('battery', level, { key: 'batteryLow', values: { percent } });
}

function badgeItem(badges: NonNullable<ReadinessFacts['badges']>, now: number) {
  if (!badges.layout) return check('badge-printing', 'red', { key: 'badgeNoLayout' });
  const age = badges.triedAt === null ? null : now - badges.triedAt;
  if (age === null || age > SHIFT_MS || age < 0)
    return check('badge-printing', 'amber', { key: 'badgeUntried' });
  return check('badge-printing', 'green', { key: 'badgeTried', durations: { age } });
}

/** Every item that applies to this door, in a fixed order. */
export function judgeReadiness(facts: ReadinessFacts): Readiness {
  const { now } = facts;
  const items: ReadinessCheck[] = [
    ...listItems(facts.list, now),
    outboxItem(facts.outbox, now),
    persistentItem(facts.storage),
    roomItem(facts.storage, facts.list),
    cameraItem(facts.camera),
    clockItem(facts.clockOffsetMs),
    facts.updateWaiting
      ? check('app-version', 'red', { key: 'updateWaiting' })
      : check('app-version', 'green', { key: 'upToDate' }),
    batteryItem(facts.battery),
  ];
  if (facts.badges) items.push(badgeItem(facts.badges, now));
  if (facts.kiosk)
    items.push(
      facts.kiosk.pinSet
        ? check('kiosk-pin', 'green', { key: 'kioskPin' })
        : check('kiosk-pin', 'red', { key: 'kioskNoPin' }),
    );
  return { ready: items.every((item) => item.level !== 'red'), items, at: now };
}

/** The worst level among the items: what a door's one readiness sign shows. */
export function overallLevel(readiness: Readiness): ReadinessLevel {
  if (!readiness.ready) return 'red';
  return readiness.items.some((item) => item.level === 'amber') ? 'amber' : 'green';
}

/** As the door reports it to the organiser: items the platform cannot tell about are left out. */
export function readinessReport(readiness: Readiness): { ready: boolean; items: ReadinessItem[] } {
  return {
    ready: readiness.ready,
    items: readiness.items.flatMap(({ id, level }) => (level === 'unknown' ? [] : [{ id, level }])),
  };
}
