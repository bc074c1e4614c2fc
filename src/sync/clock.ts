// Time and timers come in from outside, so tests can drive hours of syncing in milliseconds.
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Exponential backoff with full jitter, honouring the service's `Retry-After` when given. */
export function backoffMs(
  failures: number,
  retryAfterMs: number | undefined,
  random = Math.random,
  capMs = 60_000,
): number {
  const base = Math.min(capMs, 1000 * 2 ** Math.max(0, failures - 1));
  const jittered = base / 2 + random() * (base / 2);
  return Math.max(retryAfterMs ?? 0, jittered);
}
