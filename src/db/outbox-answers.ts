// The service's answers, recorded in the outbox: a check-in the service holds takes its uuid
// and leaves the outbox, and an undo it applied goes. Guarantees: each answer is recorded in
// one transaction with the outbox rows it settles, so a row leaves the outbox only together
// with what the service said of it.
import type { RemoteCheckin } from '../api/schemas';
import type { CheckinDatabase } from './database';
import { serviceCheckinRow } from './checkin-row';
import { checkinByUuid } from './local-copy';
import { leaveAttempt } from './outbox-attempt';
import type { CheckinRow, OutboxRow } from './rows';

/** Deletes outbox rows; one range delete when nothing else lies between them (the usual case). */
async function deleteRows(db: CheckinDatabase, seqs: number[]): Promise<void> {
  const low = Math.min(...seqs);
  const high = Math.max(...seqs);
  const range = db.outbox.where(':id').between(low, high, true, true);
  if (high - low + 1 === seqs.length || (await range.count()) === seqs.length) await range.delete();
  else await db.outbox.bulkDelete(seqs);
}

/**
 * The service holds these rows' check-ins: the local check-ins learn their uuid (keeping their
 * local key and scan time; a copy a pull brought under the uuid goes) and the outbox rows go, in
 * one transaction. Callers drop `replacedKeys(sent)` from the index. A check-in an undo waits
 * for stays deleted here, and the undo learns the uuid; the undos are read in this transaction,
 * since one may have been recorded while the request was out.
 */
export async function markSent(
  db: CheckinDatabase,
  listSlug: string,
  sent: { row: OutboxRow; remote: RemoteCheckin }[],
): Promise<CheckinRow[]> {
  if (sent.length === 0) return [];
  return db.transaction('rw', db.checkins, db.outbox, db.syncState, async () => {
    const undos = await db.outbox
      .where('checkinKey')
      .anyOf(sent.map(({ row }) => row.checkinKey))
      .toArray();
    const undoKeys = waitingUndos(undos);
    const exits = new Set(undos.filter((r) => r.endedBy === 'exit').map((r) => r.checkinKey));
    const rows: CheckinRow[] = sent.map(({ row, remote }) => {
      const waiting = undoKeys.has(row.checkinKey);
      const own = {
        key: row.checkinKey,
        createdAt: row.scannedAt,
        deviceName: row.deviceName,
        clientId: row.id,
        ...(waiting && { endedBy: exits.has(row.checkinKey) ? ('exit' as const) : ('undo' as const) }),
      };
      const deletedAt = waiting ? Math.max(remote.updatedAt, row.scannedAt) : remote.deletedAt;
      return serviceCheckinRow(listSlug, remote, own, deletedAt);
    });
    // A pull may have brought one of these check-ins before this device knew it as its own:
    // that copy goes, so the check-in is held once, under its local key.
    const copies = sent.filter(({ row, remote }) => row.checkinKey !== remote.uuid);
    if (copies.length) await db.checkins.bulkDelete(copies.map(({ remote }) => [listSlug, remote.uuid]));
    await db.checkins.bulkPut(rows);
    const seqs = sent.map(({ row }) => row.seq!);
    await deleteRows(db, seqs);
    await leaveAttempt(db, listSlug, seqs);
    for (const { row, remote } of sent) {
      if (!undoKeys.has(row.checkinKey)) continue;
      await db.outbox
        .where('checkinKey')
        .equals(row.checkinKey)
        .filter((o) => o.kind === 'undo')
        .modify({ uuid: remote.uuid });
    }
    return rows;
  });
}

/** The index keys markSent replaces: the local key, and any pulled copy's key (its uuid). */
export const replacedKeys = (sent: readonly { row: OutboxRow; remote: RemoteCheckin }[]): string[] =>
  sent.flatMap(({ row, remote }) => [row.checkinKey, remote.uuid]);

/**
 * An undo the service has applied (or had nothing left to apply); answers the check-in as now
 * stored, when the service sent it back.
 */
export async function completeUndo(
  db: CheckinDatabase,
  row: OutboxRow,
  remote: RemoteCheckin | null,
): Promise<CheckinRow | null> {
  return db.transaction('rw', db.checkins, db.outbox, async () => {
    await db.outbox.delete(row.seq!);
    if (!remote) return null;
    const existing = await checkinByUuid(db, row.listSlug, remote.uuid);
    const stored = serviceCheckinRow(row.listSlug, remote, existing);
    await db.checkins.put(stored);
    return stored;
  });
}

/** Local check-ins an undo is waiting for (it needs their uuid). */
function waitingUndos(outbox: readonly OutboxRow[]): Set<string> {
  return new Set(outbox.filter((r) => r.kind === 'undo' && r.uuid === null).map((r) => r.checkinKey));
}
