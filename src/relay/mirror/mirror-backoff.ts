// When a mirrored list's next round goes while the upstream keeps failing. A round that reached
// the upstream (forwarded and pulled, or had nothing to send) keeps the regular interval; each
// failed round in a row doubles the wait, up to `maxMs`; the first round that gets through goes
// back to the interval. A door's write asks for a round at once, and gets one only when the
// wait is over: with the upstream down, forty doors admitting do not turn into forty attempts a
// second, and the doors notice nothing (the mirror answers them either way).

export const MIRROR_BACKOFF_MAX_MS = 10_000;

export interface RoundBackoff {
  /** After a round: whether it got through. Returns the wait before the next scheduled round. */
  note(ok: boolean, now: number): number;
  /** Whether a round asked for now (by a door's write) may go. */
  allows(now: number): boolean;
  /** Failed rounds in a row. */
  failures(): number;
  /** The wait before the next scheduled round. */
  delay(): number;
}

export function createRoundBackoff(intervalMs: number, maxMs = MIRROR_BACKOFF_MAX_MS): RoundBackoff {
  let failures = 0;
  let delay = intervalMs;
  let notBefore = 0;
  return {
    note(ok, now) {
      failures = ok ? 0 : failures + 1;
      delay = failures === 0 ? intervalMs : Math.min(Math.max(maxMs, intervalMs), intervalMs * 2 ** failures);
      notBefore = failures === 0 ? 0 : now + delay;
      return delay;
    },
    allows: (now) => now >= notBefore,
    failures: () => failures,
    delay: () => delay,
  };
}
