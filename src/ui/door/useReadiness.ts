// The door's readiness on screen: judged from the same store the door's reports read
// (src/state/readiness.ts), and checked again by itself when a list opens or finishes
// downloading, and every half minute while the scan or kiosk screen is open.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { judgeReadiness, type Readiness } from '../../domain/readiness';
import { badgeLayoutsVersion, onBadgeLayoutsChange } from '../../state/badge-layouts';
import type { CameraProblem } from '../../scanner/camera';
import { appStore } from '../../state/app-store';
import { checkReadiness, noteCameraFrame, noteCameraTrouble, readinessFacts } from '../../state/readiness';
import { useAppStore } from '../../state/use-app-store';
import type { SyncStatus } from '../../sync/engine/door-protocol';

const RECHECK_MS = 30_000;

/**
 * The readiness at `now` for the status the screen shows. Selects only what it reads: the
 * shell's flag of a scan under way changes with every verdict, and must not render this.
 */
export function useReadiness(status: SyncStatus, now: number): Readiness {
  const { badges, kioskPin, supervisorPin, updateWaiting, readiness } = useAppStore((s) => ({
    badges: s.settings.badges,
    kioskPin: s.settings.kioskPin,
    supervisorPin: s.settings.supervisorPin,
    updateWaiting: s.shell.updateWaiting,
    readiness: s.readiness,
  }));
  const layouts = useSyncExternalStore(onBadgeLayoutsChange, badgeLayoutsVersion, badgeLayoutsVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new layouts version means a layout came or went
  return useMemo(
    () =>
      judgeReadiness(
        readinessFacts(
          {
            sync: status,
            settings: { badges, kioskPin, supervisorPin },
            shell: { updateWaiting },
            readiness,
          },
          now,
        ),
      ),
    [status, badges, kioskPin, supervisorPin, updateWaiting, readiness, now, layouts],
  );
}

/** Reads the platform again when the list opens or completes, and now and then. */
export function useReadinessChecks(listSlug: string | null, complete: boolean): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a list opened or completed is a new check
  useEffect(() => {
    void checkReadiness();
    const timer = window.setInterval(() => void checkReadiness(), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [listSlug, complete]);
}

/**
 * The camera view's signs for the door's readiness (stable functions, for memoised views). A
 * camera that runs, or shows a picture, was allowed: that is noted without reading the platform,
 * which would land in the first scans of a queue. A camera that fails has its permission read
 * again, to tell a refusal from a camera in use elsewhere.
 */
export const cameraSigns = {
  onTrouble(problem: CameraProblem | null) {
    noteCameraTrouble(appStore, problem);
    if (problem !== null) void checkReadiness();
  },
  onPicture() {
    noteCameraFrame(appStore, Date.now());
  },
};
