// When a failing request may be tried again: exponential backoff with jitter per key
// (`pull:<slug>`, `push:<slug>`: one list's pull or push), honouring the service's Retry-After. An on-demand sync may cut a wait
// short, unless the service named it or three tries in a row have failed.
//
// A door must catch up within seconds of its network coming back, so a request that never
// reached the service (no answer, a timeout: it cost the service nothing) waits at most 10 s;
// one the service failed (5xx) at most 30 s, to spare a struggling service; and a success for a
// list ends that list's other waits the service did not name, since it shows the way is open.
// `retryAt` tells the sync loop when the first of a list's waits ends, so the retry goes then,
// not at the next regular sync after it (up to a whole interval later).
import type { Failure, Result } from '../../domain/result';
import { backoffMs, type Clock } from '../clock';

interface Backoff {
  failures: number;
  until: number;
  /** The service named the wait (Retry-After): even an on-demand sync honours it. */
  told: boolean;
}

const NO_ANSWER_CAP_MS = 10_000;
const SERVICE_FAILED_CAP_MS = 30_000;

function capFor(failure: Failure): number {
  return failure.reason === 'network' || failure.reason === 'timeout'
    ? NO_ANSWER_CAP_MS
    : SERVICE_FAILED_CAP_MS;
}

/** The list a key belongs to: what follows its first colon. */
const listOf = (key: string) => key.slice(key.indexOf(':') + 1);

export type BackoffGate = ReturnType<typeof createBackoffGate>;

export function createBackoffGate(clock: Clock, random: () => number) {
  const waits = new Map<string, Backoff>();
  return {
    allows(key: string, onDemand: boolean): boolean {
      const b = waits.get(key);
      return !b || clock.now() >= b.until || (onDemand && !b.told && b.failures < 3);
    },
    /** When the first of this list's waits still running ends (null: none is running). */
    retryAt(list: string): number | null {
      let first: number | null = null;
      for (const [key, b] of waits)
        if (listOf(key) === list && b.until > clock.now() && (first === null || b.until < first))
          first = b.until;
      return first;
    },
    note(key: string, result: Result<unknown>): void {
      if (result.ok) {
        const list = listOf(key);
        for (const [other, b] of waits)
          if (other === key || (!b.told && listOf(other) === list)) waits.delete(other);
        return;
      }
      const failures = (waits.get(key)?.failures ?? 0) + 1;
      waits.set(key, {
        failures,
        until: clock.now() + backoffMs(failures, result.retryAfterMs, random, capFor(result)),
        told: result.retryAfterMs !== undefined,
      });
    },
  };
}
