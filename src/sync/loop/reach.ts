// Whether a sync step's outcome says the service answered: the status line's "Online" and the
// passcode screens' "Sending now." say so only from an answer. A request that got none (no
// network, or none before its timeout: a venue Wi-Fi without uplink drops packets rather than
// refusing them) says the service is out of reach; a step that asked nothing (an empty outbox)
// or failed on this device (storage) says nothing either way.
import type { Failure, FailureReason } from '../../domain/result';
import type { PushReport } from '../outbox/push-outbox';

/** Failures that are the service's (or its relay's) own answer: it was reached. */
const ANSWERS: ReadonlySet<FailureReason> = new Set<FailureReason>([
  'not-found',
  'unauthorised',
  'rate-limited',
  'server',
  'rejected',
  'bad-response',
  'not-a-list',
  'revoked',
]);

/** A request that never had an answer. */
export const unanswered = (failure: Failure | undefined): boolean =>
  failure?.reason === 'network' || failure?.reason === 'timeout';

/** What a failure says of the service's reach: false unanswered, true answered, undefined if nothing. */
export function reachOf(failure: Failure): boolean | undefined {
  if (unanswered(failure)) return false;
  return ANSWERS.has(failure.reason) ? true : undefined;
}

/** Whether a push that went through asked the service anything (and so had its answer). */
export const pushAsked = (report: PushReport): boolean => report.sent + report.recovered + report.parked > 0;
