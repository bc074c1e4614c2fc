// Double admissions: every ticket of a list with more than one active check-in, recorded with
// both sides, so the door can show them. (Exactly once after a lost answer, the other half of
// reconciling with the service, is the outbox algorithm's recovery: src/outbox/.)
import { type CheckinDatabase, listRange } from '../../db/database';
import type { ConflictRow } from '../../db/rows';
import type { ListIndex } from '../index/list-index';

/** Whether two records of one ticket's double admission say the same. */
function sameConflict(a: ConflictRow, b: ConflictRow): boolean {
  return (
    a.detectedAt === b.detectedAt &&
    a.checkins.length === b.checkins.length &&
    a.checkins.every((c, i) => {
      const d = b.checkins[i]!;
      return (
        c.uuid === d.uuid &&
        c.createdAt === d.createdAt &&
        c.deviceName === d.deviceName &&
        c.source === d.source
      );
    })
  );
}

/**
 * Records every ticket of the list with more than one active check-in, with both sides. Only
 * what changed is written (a list holds thousands, and this runs after every pull): the read,
 * the comparison and the writes share one transaction, so the stored set always equals the
 * index's at one moment, as a rewrite of the whole set would.
 */
export async function recordConflicts(
  db: CheckinDatabase,
  listSlug: string,
  index: ListIndex,
  now: number,
): Promise<ConflictRow[]> {
  return db.transaction('rw', db.conflicts, async () => {
    const before = new Map(
      (
        await db.conflicts
          .where('[listSlug+ticketId]')
          .between(...listRange(listSlug))
          .toArray()
      ).map((c) => [c.ticketId, c]),
    );
    const conflicts: ConflictRow[] = index.doubleAdmissions().map((ticketId) => ({
      listSlug,
      ticketId,
      detectedAt: before.get(ticketId)?.detectedAt ?? now,
      checkins: index
        .checkinsOf(ticketId)
        .filter((c) => c.deletedAt === null)
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((c) => ({
          uuid: c.uuid,
          createdAt: c.createdAt,
          deviceName: c.deviceName,
          source: c.clientId ? ('this-device' as const) : ('elsewhere' as const),
        })),
    }));
    const changed = conflicts.filter((c) => {
      const old = before.get(c.ticketId);
      before.delete(c.ticketId);
      return !old || !sameConflict(old, c);
    });
    // What is left in `before` is no longer a double admission.
    if (before.size) await db.conflicts.bulkDelete([...before.keys()].map((id) => [listSlug, id]));
    if (changed.length) await db.conflicts.bulkPut(changed);
    return conflicts;
  });
}
