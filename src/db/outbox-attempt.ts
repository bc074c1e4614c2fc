// The batch in flight: which outbox rows are out in a request not yet answered for, and the
// server-time floor of that attempt. Kept in the list's `outbox` sync state, so it survives a
// closed page; rows in it read as `sending` (./outbox readOutbox) and are recovered before
// anything is sent again. Every change is one transaction over the sync state.
import type { CheckinDatabase } from './database';
import { emptySyncState } from './local-copy';

export async function readAttempt(db: CheckinDatabase, listSlug: string) {
  return (await db.syncState.get([listSlug, 'outbox']))?.attempt ?? null;
}

export async function writeAttempt(
  db: CheckinDatabase,
  listSlug: string,
  attempt: { floor: number; seqs: number[] } | null,
): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const state = (await db.syncState.get([listSlug, 'outbox'])) ?? emptySyncState(listSlug, 'outbox');
    await db.syncState.put({ ...state, attempt: attempt?.seqs.length ? attempt : null });
  });
}
/** Rows leave the batch in flight: their request has been answered for, or they are given up. */
export async function leaveAttempt(db: CheckinDatabase, listSlug: string, seqs: number[]): Promise<void> {
  const attempt = await readAttempt(db, listSlug);
  if (!attempt) return;
  const gone = new Set(seqs);
  await writeAttempt(db, listSlug, { ...attempt, seqs: attempt.seqs.filter((s) => !gone.has(s)) });
}
