// A door's clock in the simulation: simulated time plus the door's own skew. It moves only when
// the runner advances it; due timers run in order as it passes them. A restarted door gets a
// new one, so the timers of the engine that "died" never fire.
import type { Clock } from '../../src/sync/clock';

export interface SimClock extends Clock {
  /** Moves to `simNow` (simulated time without skew), running every timer due by then. */
  advanceTo(simNow: number): Promise<void>;
}

export function simClock(simNow: number, skewMs: number): SimClock {
  let now = simNow + skewMs;
  let serial = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      timers.set(++serial, { at: now + Math.max(0, ms), run });
      return serial;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advanceTo(target) {
      const end = target + skewMs;
      for (;;) {
        let due: [number, { at: number; run: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await new Promise((r) => setImmediate(r));
      }
      now = Math.max(now, end);
    },
  };
}
