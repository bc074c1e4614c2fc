// Expected failures are values, never exceptions: every layer (transport, storage, sync) returns
// `Result`, and the screens turn a reason into words (src/ui/error-words.ts).

export type FailureReason =
  | 'network'
  | 'timeout'
  | 'not-found'
  | 'unauthorised'
  | 'rate-limited'
  | 'server'
  | 'rejected'
  | 'bad-response'
  | 'not-a-list'
  | 'storage-full'
  | 'storage-unavailable'
  | 'unsent-checkins'
  | 'no-list'
  | 'supervisor-only'
  | 'lane-stopped'
  /**
   * An admission not recorded: the ticket's check-ins changed after it was judged (another tab
   * of the app, or a pull); the door judges it again.
   */
  | 'checkins-changed'
  /** The organiser revoked this door (a list joined with a join code): it reads nothing more. */
  | 'revoked'
  /** A part of the app loaded on demand (a lazy chunk) could not be fetched. */
  | 'app-part-missing'
  /** The door holds no passcode yet: one is chosen before a list is joined (src/db/seal/). */
  | 'passcode-needed'
  /** Shorter than the passcode's minimum (src/db/seal/keyring.ts). */
  | 'passcode-too-short'
  /** Not the passcode this door's copy was sealed with. */
  | 'wrong-passcode'
  /** The door's copy is sealed and the passcode has not been typed since the app started. */
  | 'locked'
  /** The platform cannot seal here (no WebCrypto outside a secure context): nothing is stored. */
  | 'cannot-seal';

export interface Failure {
  ok: false;
  reason: FailureReason;
  /** HTTP status when the service answered. */
  status?: number;
  /** From `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
  /** The service's message, or the field a response got wrong. Never attendee data. */
  detail?: string;
}

export type Ok<T> = { ok: true; value: T };
export type Result<T> = Ok<T> | Failure;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const fail = (reason: FailureReason, extra: Omit<Failure, 'ok' | 'reason'> = {}): Failure => ({
  ok: false,
  reason,
  ...extra,
});

/** Failures worth retrying later with the same request. */
export function isTransient(failure: Failure): boolean {
  return (
    failure.reason === 'network' ||
    failure.reason === 'timeout' ||
    failure.reason === 'rate-limited' ||
    failure.reason === 'server'
  );
}
