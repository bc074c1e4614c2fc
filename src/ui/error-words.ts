// Reasons for failure (src/domain/result.ts) in words for people, from the catalogue:
// `error_<reason>` for each reason.
import type { Failure, FailureReason } from '../domain/result';
import { type MessageKey, t } from './i18n/t';

export function describeError(failure: Failure | FailureReason): string {
  const reason = typeof failure === 'string' ? failure : failure.reason;
  return t(`error_${reason}` as MessageKey);
}
