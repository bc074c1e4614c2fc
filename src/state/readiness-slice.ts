// What the door's readiness check knows beyond the engine's status and the settings: what the
// camera, a hardware scanner, the kiosk and the badge printer have shown this session, and the
// platform's last answers (battery, storage, camera permission). Screens and the platform
// adapters put them here; src/state/readiness.ts judges them. The last badge print is kept in
// localStorage, so a reload mid-shift does not ask for another test print.
import type { CameraTrouble } from '../domain/readiness';
import type { BatteryState } from '../platform/battery';
import type { CameraPermission } from '../platform/camera-permission';
import type { StorageHealth } from '../platform/storage-health';

export interface ReadinessSignals {
  /** When the decoder first read a frame of the camera's picture this session. */
  cameraFrameAt: number | null;
  /** The camera's last failure; null once it runs. */
  cameraTrouble: CameraTrouble | null;
  /** When a hardware scanner last read a code. */
  scannerSeenAt: number | null;
  /** The kiosk screen is open: the device faces attendees. */
  kioskOpen: boolean;
  /** When a badge print (a test print or a guest's badge) was last sent to the printer. */
  badgePrintAt: number | null;
}

export interface ReadinessProbes {
  battery: BatteryState | null;
  /** Null before the first reading. */
  storage: StorageHealth | null;
  cameraPermission: CameraPermission | null;
  /** When they were read; null before the first check. */
  at: number | null;
}

export interface ReadinessSlice {
  readiness: { signals: ReadinessSignals; probes: ReadinessProbes };
  setReadinessSignals(patch: Partial<ReadinessSignals>): void;
  setReadinessProbes(probes: ReadinessProbes): void;
}

const BADGE_PRINT_KEY = 'venue-checkin.badge-print-at';

function readBadgePrintAt(): number | null {
  try {
    const at = Number(globalThis.localStorage?.getItem(BADGE_PRINT_KEY) ?? Number.NaN);
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

function saveBadgePrintAt(at: number | null): void {
  try {
    if (at === null) globalThis.localStorage?.removeItem(BADGE_PRINT_KEY);
    else globalThis.localStorage?.setItem(BADGE_PRINT_KEY, String(at));
  } catch {
    // A private window may refuse storage: the print counts until the page closes.
  }
}

export const NO_PROBES: ReadinessProbes = { battery: null, storage: null, cameraPermission: null, at: null };

export function createReadinessSlice(
  set: (partial: Pick<ReadinessSlice, 'readiness'>) => void,
  get: () => Pick<ReadinessSlice, 'readiness'>,
): ReadinessSlice {
  return {
    readiness: {
      signals: {
        cameraFrameAt: null,
        cameraTrouble: null,
        scannerSeenAt: null,
        kioskOpen: false,
        badgePrintAt: readBadgePrintAt(),
      },
      probes: NO_PROBES,
    },
    setReadinessSignals(patch) {
      const { readiness } = get();
      if ('badgePrintAt' in patch) saveBadgePrintAt(patch.badgePrintAt ?? null);
      set({ readiness: { ...readiness, signals: { ...readiness.signals, ...patch } } });
    },
    setReadinessProbes(probes) {
      set({ readiness: { ...get().readiness, probes } });
    },
  };
}
