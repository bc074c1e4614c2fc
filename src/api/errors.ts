// Expected failures are values, never exceptions: every layer (transport, storage, sync) returns
// `Result`, and the screens turn a reason into words with `describeError`.

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
  | 'lane-stopped';

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

const WORDS: Record<FailureReason, string> = {
  network: 'The service cannot be reached. Check-ins are kept on this device and sent later.',
  timeout: 'The service did not answer in time. It will be tried again.',
  'not-found': 'The service does not know this check-in list (or this item).',
  unauthorised: 'The service refused access to this check-in list.',
  'rate-limited': 'The service asked to slow down. It will be tried again shortly.',
  server: 'The service had a problem. It will be tried again.',
  rejected: 'The service refused this request.',
  'bad-response': 'The service answered in an unexpected shape.',
  'not-a-list': 'That is not a check-in list code, slug or address.',
  'storage-full': 'This device is out of storage space. Free some space, then try again.',
  'storage-unavailable':
    'This browser does not allow storing data here (a private window?). Open the app in a normal window.',
  'unsent-checkins':
    'Some check-ins have not reached the service yet. Export them before forgetting the list.',
  'no-list': 'No check-in list is open on this device.',
  'supervisor-only': 'Only a supervisor can do this. Unlock with the supervisor PIN.',
  // Never shown as a problem: the page forgets the code, which is judged when shown again.
  'lane-stopped': 'This code was read behind a refusal and was not judged. Scan it again.',
};

export function describeError(failure: Failure | FailureReason): string {
  const reason = typeof failure === 'string' ? failure : failure.reason;
  return WORDS[reason];
}
