// A refusal that stands on a ticket's check-ins, checked against the database before it is
// answered. Another tab of the app over the same database records exits, undos and admissions
// this tab's index never hears of, and offline no pull ever tells it: a guest who left would be
// refused re-entry, and one admitted there refused an exit here. Guarantees:
// - only a verdict judged from the check-ins that lets no one in or out pays the read (already
//   in, just admitted here, not inside); an admission or an exit never does;
// - the ticket's stored check-ins are read once, and only when they hold something the index
//   does not (stored-checkins.ts) does the index learn them and the ticket get judged again,
//   once: that verdict is answered as it is;
// - a storage failure on the read leaves the verdict as judged: the read only ever corrects one;
// - it runs inside the decision that judged the ticket, so the door's one queue
//   (scan-queue.ts) holds it whole, and the judgement again is written by the same steps.
import type { CheckinDatabase } from '../../db/database';
import type { DoorCheckin, Verdict } from '../../domain/verdict';
import type { ListIndex } from '../index/list-index';
import { learnStored } from '../writes/learn-stored';
import { doorCheckin } from './door-lookup';

/** The verdicts that refuse on the ticket's check-ins alone, at the entry or in exit mode. */
export function refusesOnCheckins(verdict: Verdict): boolean {
  return (
    verdict.kind === 'already-checked-in' || verdict.kind === 'just-admitted' || verdict.kind === 'not-inside'
  );
}

/**
 * The ticket judged by `judge` on its check-ins as the index holds them, and judged again once
 * when that verdict refuses on them and the database held something the index did not.
 */
export async function judgedOnStored(
  db: CheckinDatabase,
  at: { index: ListIndex; list: { slug: string } },
  ticket: { id: number } | null,
  judge: (checkins: readonly DoorCheckin[]) => Verdict,
): Promise<Verdict> {
  const held = () => (ticket ? at.index.checkinsOf(ticket.id).map(doorCheckin) : []);
  const first = judge(held());
  if (!ticket || !refusesOnCheckins(first)) return first;
  return (await learnStored(db, at.index, at.list.slug, ticket.id)) ? judge(held()) : first;
}
