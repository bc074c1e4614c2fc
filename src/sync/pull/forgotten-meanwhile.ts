// A list forgotten while a pull of it ran (in this tab, or in another whose engine shares the
// database): the pull's own writes of its pages, tickets and answers landed after the forget had
// deleted the list's, and would outlive it. The pull ends by looking for the list's row and, when
// it is gone, deleting what it stored (one transaction, src/db/local-copy.ts dropForgottenPull).
import type { CheckinDatabase } from '../../db/database';
import { dropForgottenPull, readList } from '../../db/local-copy';
import { stored } from '../../db/storage';
import { fail, type Failure } from '../../domain/result';

/** `no-list` when the list was forgotten while it was pulled (what the pull stored then gone). */
export async function forgottenMeanwhile(db: CheckinDatabase, listSlug: string): Promise<Failure | null> {
  // Read first, alone: the transaction below holds every table, and a pull ends every few seconds.
  const list = await stored(() => readList(db, listSlug));
  if (!list.ok) return list;
  if (list.value) return null;
  const dropped = await stored(() => dropForgottenPull(db, listSlug));
  if (!dropped.ok) return dropped;
  return dropped.value ? fail('no-list') : null;
}
