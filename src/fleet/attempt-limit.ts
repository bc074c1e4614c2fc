// Wrong join codes counted per caller (the client's address): past `max` failures within
// `windowMs` a caller is refused without its code being looked at, until the oldest failure
// leaves the window. Join codes are 80 random bits, so this is not what makes guessing
// hopeless; it keeps a guesser from even trying at speed. Bounded: at most `maxCallers` callers
// are remembered, the longest-quiet going first. Kept in memory: a restart clears it.
//
// Why 60 in 10 minutes: every door of a venue reaches a server in the cloud (or behind a
// reverse proxy) from one address, and doors are set up together before the doors open: a
// dozen phones' typos must not lock the venue out. 60 guesses in 10 minutes is 8,640 a day
// against 2^80 codes, as hopeless for a guesser as 10 was.
import type { Clock } from '../platform/clock';

export interface AttemptLimitOptions {
  max: number;
  windowMs: number;
  maxCallers: number;
}

export const JOIN_ATTEMPTS: AttemptLimitOptions = { max: 60, windowMs: 10 * 60_000, maxCallers: 1_000 };

export type AttemptVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createAttemptLimit(clock: Clock, options: AttemptLimitOptions = JOIN_ATTEMPTS) {
  const failures = new Map<string, number[]>();
  const recent = (caller: string, now: number) =>
    (failures.get(caller) ?? []).filter((at) => now - at < options.windowMs);

  return {
    /**
     * Whether `caller` may try now; if so the try is counted as failed from this moment, before
     * its code is looked at (`refund` takes it back when it joins). Counted only when it failed,
     * tries waiting on their bodies all passed the check together: two hundred slow bodies from
     * one address were each looked up.
     */
    take(caller: string): AttemptVerdict {
      const now = clock.now().getTime();
      const times = recent(caller, now);
      if (times.length >= options.max) {
        const oldest = times[0] ?? now;
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - now) / 1000)),
        };
      }
      times.push(now);
      failures.delete(caller);
      failures.set(caller, times);
      while (failures.size > options.maxCallers) {
        const quietest = failures.keys().next().value;
        if (quietest === undefined) break;
        failures.delete(quietest);
      }
      return { ok: true };
    },
    /** A try of `caller` taken by `take` was no wrong code (it joined, or was no guess at all). */
    refund(caller: string): void {
      const times = failures.get(caller);
      times?.pop();
      if (times?.length === 0) failures.delete(caller);
    },
  };
}
