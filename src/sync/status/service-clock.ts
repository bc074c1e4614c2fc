// How far the service's clock is from this device's, read from the `Date` header of the
// service's answers (src/api/http.ts tells each one as it arrives). Guarantees: the offset is
// published whole through the status (`clockOffsetMs`), the first reading at once and later
// ones only when they move by more than the header's own precision, so a sync's answers do not
// each cost the page a status render.
import type { Clock } from '../clock';
import type { SyncStatus } from './sync-status';

/**
 * The header has whole seconds: a service answering at 12:00:00.900 says 12:00:00. The middle
 * of its second is the best guess, and a move of less than two seconds is that rounding and the
 * time the answer took, not the clock.
 */
const HALF_SECOND_MS = 500;
const MOVE_MS = 2000;

export interface ServiceClockWatch {
  /** An answer arrived with the service's clock at `serverTime`. */
  seen(serverTime: number): void;
}

export function createServiceClockWatch(
  clock: Clock,
  publish: (patch: Pick<SyncStatus, 'clockOffsetMs'>) => void,
  published: () => number | null,
): ServiceClockWatch {
  return {
    seen(serverTime) {
      const offset = serverTime + HALF_SECOND_MS - clock.now();
      const before = published();
      if (before !== null && Math.abs(offset - before) < MOVE_MS) return;
      publish({ clockOffsetMs: offset });
    },
  };
}
