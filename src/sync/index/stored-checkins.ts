// What a ticket's check-ins as the database holds them say that the open list's index does not:
// another tab of the app over the same database (or a pull) stored them after the index was
// read. Guarantees: a change is found only where the index, given the stored rows, would judge
// the ticket otherwise: a check-in it lacks that stands, one it holds standing that the
// database holds ended (by a row the index itself would take: same-checkin.ts), or one made on
// this device that the database no longer holds at all (an undo of a check-in never sent, or a
// refused one dismissed, removes it whole: db/outbox.ts). A check-in of the first download lives
// only in its page and is never taken for gone. Pure TypeScript.
import type { CheckinRow } from '../../db/rows';
import { holdsUnseen, olderThanHeld, oneCheckinOf, sameCheckin } from './same-checkin';

/** Whether a stored row is a later version of `held` that ends it, as the index would merge it. */
function endsIt(held: CheckinRow, stored: CheckinRow): boolean {
  if (held.deletedAt !== null || stored.deletedAt === null) return false;
  if (held.key === stored.key) return !olderThanHeld(held, stored);
  return sameCheckin(held, stored) && (oneCheckinOf(held, stored)?.deletedAt ?? null) !== null;
}

/** Whether `stored` ends a check-in `held` (the index's) holds standing. */
export function endsHeld(stored: readonly CheckinRow[], held: readonly CheckinRow[]): boolean {
  return held.some((h) => stored.some((s) => endsIt(h, s)));
}

/**
 * The keys of check-ins made on this device that `held` holds standing and `stored` lacks
 * altogether. This device's own check-ins are stored before the index shows them and keep
 * their key in every answer (db/outbox-answers.ts): one missing there was removed.
 */
export function goneOwn(stored: readonly CheckinRow[], held: readonly CheckinRow[]): string[] {
  return held
    .filter(
      (h) =>
        h.deletedAt === null &&
        h.clientId !== null &&
        !stored.some((s) => s.key === h.key || sameCheckin(h, s)),
    )
    .map((h) => h.key);
}

/**
 * What the index is to learn of a ticket from its stored check-ins, or null when they hold
 * nothing its verdict did not stand on: `gone`, the keys it is to drop, before it takes the
 * stored rows.
 */
export function storedNews(
  stored: readonly CheckinRow[],
  held: readonly CheckinRow[],
): { gone: string[] } | null {
  const gone = goneOwn(stored, held);
  if (gone.length > 0 || holdsUnseen(stored, held) || endsHeld(stored, held)) return { gone };
  return null;
}
