// What the door notes about its copy of a list, for the status screens: tickets admitted twice
// (conflicts, written by src/sync/status/conflicts.ts) and the service's corrections of a refusal. Both are
// kept per list and go with the list (wipeList). A correction's code (a reference, or the code
// read) is kept sealed, its key holding the code's keyed digest (seal/sealed-rows.ts); a
// conflict names tickets by id and devices by name only, and stays plain.
import { type CheckinDatabase, listRange } from './database';
import type { ConflictRow, CorrectionRow } from './rows';
import { openCorrection, sealCorrection } from './seal/sealed-rows';

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
  const box = await db.seal.box();
  const rows = await db.corrections
    .where('[listSlug+at+code]')
    .between(...listRange(listSlug))
    .reverse()
    .limit(limit)
    .toArray();
  const opened = await Promise.all(rows.map((row) => openCorrection(box, row)));
  return opened.map(({ listSlug: _, ...correction }) => correction);
}

export async function addCorrection(
  db: CheckinDatabase,
  listSlug: string,
  correction: Omit<CorrectionRow, 'listSlug'>,
): Promise<void> {
  const box = await db.seal.box();
  await db.corrections.put(await sealCorrection(box, { ...correction, listSlug }));
}
