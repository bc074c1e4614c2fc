// When a failing request may be tried again: exponential backoff with jitter per key (a pull,
// one list's push), honouring the service's Retry-After. An on-demand sync may cut a wait
// short, unless the service named it or three tries in a row have failed.
import type { Result } from '../api/errors';
import { backoffMs, type Clock } from './clock';

interface Backoff {
  failures: number;
  until: number;
  /** The service named the wait (Retry-After): even an on-demand sync honours it. */
  told: boolean;
}

export function createBackoffGate(clock: Clock, random: () => number) {
  const waits = new Map<string, Backoff>();
  return {
    allows(key: string, onDemand: boolean): boolean {
      const b = waits.get(key);
      return !b || clock.now() >= b.until || (onDemand && !b.told && b.failures < 3);
    },
    note(key: string, result: Result<unknown>): void {
      if (result.ok) return void waits.delete(key);
      const failures = (waits.get(key)?.failures ?? 0) + 1;
      waits.set(key, {
        failures,
        until: clock.now() + backoffMs(failures, result.retryAfterMs, random),
        told: result.retryAfterMs !== undefined,
      });
    },
    clear(key: string): void {
      waits.delete(key);
    },
  };
}
