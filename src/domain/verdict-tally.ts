// What a door's verdicts came to, counted for the organiser's view of the fleet: admissions, and
// refusals by reason. Counts only: no ticket, name or code is kept. Pure.
import type { Verdict } from './verdict';

export interface VerdictTally {
  admissions: number;
  /** By reason (the verdict's kind, `same-ticket-again` for a ticket just admitted here). */
  refusals: Record<string, number>;
}

export const emptyTally = (): VerdictTally => ({ admissions: 0, refusals: {} });

/**
 * The reason a verdict counts as a refusal under, or null when it is none: an admission, an
 * exit, an order shown (at the entry or the exit), a read that came split (nothing was judged).
 */
export function refusalReason(verdict: Verdict): string | null {
  switch (verdict.kind) {
    case 'admitted':
    case 'order':
    case 'order-exit':
    case 'exit-recorded':
    case 'not-inside':
    case 'scan-again':
      return null;
    case 'just-admitted':
      return 'same-ticket-again';
    default:
      return verdict.kind;
  }
}

/** The tally with one more verdict in it: an admission (an order's "Admit all" counts each), or a refusal. */
export function countVerdict(tally: VerdictTally, verdict: Verdict): VerdictTally {
  const reason = refusalReason(verdict);
  if (reason !== null)
    return { ...tally, refusals: { ...tally.refusals, [reason]: (tally.refusals[reason] ?? 0) + 1 } };
  const admitted = verdict.kind === 'admitted' ? 1 : verdict.kind === 'order' ? verdict.admitted : 0;
  return admitted === 0 ? tally : { ...tally, admissions: tally.admissions + admitted };
}
