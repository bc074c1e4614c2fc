// What the door notes about its copy of a list, for the status screens: tickets admitted twice
// (conflicts, written by src/sync/status/conflicts.ts) and the service's corrections of a refusal. Both are
// kept per list and go with the list (wipeList).
import { type CheckinDatabase, listRange } from './database';
import type { ConflictRow, CorrectionRow } from './rows';

/** The most corrections a status shows: the newest. */
export const MAX_CORRECTIONS = 50;

export const readConflicts = (db: CheckinDatabase, listSlug: string): Promise<ConflictRow[]> =>
  db.conflicts
    .where('[listSlug+ticketId]')
    .between([listSlug, 0], [listSlug, Number.MAX_SAFE_INTEGER])
    .toArray();

/** The list's newest corrections, newest first, without their list. */
export async function readCorrections(
  db: CheckinDatabase,
  listSlug: string,
  limit = MAX_CORRECTIONS,
): Promise<Omit<CorrectionRow, 'listSlug'>[]> {
  const rows = await db.corrections
    .where('[listSlug+at+code]')
    .between(...listRange(listSlug))
    .reverse()
    .limit(limit)
    .toArray();
  return rows.map(({ listSlug: _, ...correction }) => correction);
}

export async function addCorrection(
  db: CheckinDatabase,
  listSlug: string,
  correction: Omit<CorrectionRow, 'listSlug'>,
): Promise<void> {
  await db.corrections.put({ ...correction, listSlug });
}
