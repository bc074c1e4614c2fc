// The outbox: what this device owes the service. Guarantees: a check-in (or an undo) and its
// outbox row are written in one transaction, before the verdict shows, so a crash cannot leave
// a check-in without its row; a row leaves the outbox only in the transaction that records
// the service's answer for it; rows go out oldest first within a list.
import type { Failure } from '../api/errors';
import type { RemoteCheckin } from '../api/schemas';
import type { CheckinDatabase } from './database';
import { checkinRowFrom } from './local-copy';
import type { CheckinRow, OutboxRow } from './rows';

export interface NewCheckin {
  listSlug: string;
  ticketId: number;
  deviceName: string;
  now: number;
  clientId: string;
}

export async function recordCheckin(db: CheckinDatabase, input: NewCheckin): Promise<CheckinRow> {
  const checkin: CheckinRow = {
    listSlug: input.listSlug,
    key: `local:${input.clientId}`,
    uuid: null,
    id: null,
    ticketId: input.ticketId,
    createdAt: input.now,
    updatedAt: input.now,
    deletedAt: null,
    deviceName: input.deviceName,
    clientId: input.clientId,
    status: 'pending',
  };
  await db.transaction('rw', db.checkins, db.outbox, async () => {
    await db.checkins.add(checkin);
    await db.outbox.add({
      id: input.clientId,
      listSlug: input.listSlug,
      kind: 'checkin',
      ticketId: input.ticketId,
      checkinKey: checkin.key,
      uuid: null,
      scannedAt: input.now,
      deviceName: input.deviceName,
      state: 'queued',
      attemptFloor: null,
      attempts: 0,
      parkedReason: null,
    });
  });
  return checkin;
}

export type UndoOutcome = 'cancelled' | 'queued' | 'waiting' | 'not-found';

/**
 * Undoes a check-in. Still queued: both rows go, nothing ever reaches the service. Already
 * sent: the check-in is marked deleted here and a DELETE by uuid is queued. In flight: the
 * undo is queued and waits for the check-in's answer to learn the uuid.
 */
export async function recordUndo(
  db: CheckinDatabase,
  listSlug: string,
  checkinKey: string,
  input: { now: number; deviceName: string; clientId: string },
): Promise<UndoOutcome> {
  return db.transaction('rw', db.checkins, db.outbox, async () => {
    const checkin = await db.checkins.get([listSlug, checkinKey]);
    if (!checkin || checkin.deletedAt !== null) return 'not-found';
    const queued = checkin.clientId
      ? await db.outbox.where('id').equals(checkin.clientId).first()
      : undefined;
    if (queued && queued.state !== 'sending') {
      await db.outbox.delete(queued.seq!);
      await db.checkins.delete([listSlug, checkinKey]);
      return 'cancelled';
    }
    await db.checkins.put({ ...checkin, deletedAt: input.now, updatedAt: input.now });
    await db.outbox.add({
      id: input.clientId,
      listSlug,
      kind: 'undo',
      ticketId: checkin.ticketId,
      checkinKey,
      uuid: checkin.uuid,
      scannedAt: input.now,
      deviceName: input.deviceName,
      state: 'queued',
      attemptFloor: null,
      attempts: 0,
      parkedReason: null,
    });
    return queued ? 'waiting' : 'queued';
  });
}

export const readOutbox = (db: CheckinDatabase, listSlug: string) =>
  db.outbox.where('listSlug').equals(listSlug).sortBy('seq');

/** Marks rows as sent out, with the server-time floor of this attempt (for recovery). */
export async function markSending(db: CheckinDatabase, rows: OutboxRow[], floor: number): Promise<void> {
  await db.outbox.bulkPut(
    rows.map((r) => ({ ...r, state: 'sending' as const, attemptFloor: floor, attempts: r.attempts + 1 })),
  );
}

/** The service holds these rows' check-ins: store them, link the local rows, empty the outbox rows. */
export async function markSent(
  db: CheckinDatabase,
  listSlug: string,
  sent: { row: OutboxRow; remote: RemoteCheckin }[],
): Promise<CheckinRow[]> {
  if (sent.length === 0) return [];
  return db.transaction('rw', db.checkins, db.outbox, async () => {
    const locals = await db.checkins.bulkGet(
      sent.map(({ row }) => [listSlug, row.checkinKey] as [string, string]),
    );
    const rows = sent.map(({ row, remote }, i) => {
      const local = locals[i];
      const linked = checkinRowFrom(listSlug, remote, local);
      return { ...linked, deviceName: row.deviceName, clientId: row.id };
    });
    await db.checkins.bulkDelete(sent.map(({ row }) => [listSlug, row.checkinKey] as [string, string]));
    await db.checkins.bulkPut(rows);
    await db.outbox.bulkDelete(sent.map(({ row }) => row.seq!));
    // Undos that waited for these check-ins now know which uuid to delete.
    const uuidOf = new Map(sent.map(({ row, remote }) => [row.checkinKey, remote.uuid]));
    await db.outbox
      .where('checkinKey')
      .anyOf([...uuidOf.keys()])
      .filter((o) => o.kind === 'undo' && o.listSlug === listSlug)
      .modify((o) => {
        o.uuid = uuidOf.get(o.checkinKey) ?? null;
        o.checkinKey = o.uuid ?? o.checkinKey;
      });
    return rows;
  });
}

export async function requeue(db: CheckinDatabase, rows: OutboxRow[]): Promise<void> {
  await db.outbox.bulkPut(rows.map((r) => ({ ...r, state: 'queued' as const, attemptFloor: null })));
}

/** Puts a row aside with the service's reason; it no longer holds the others back. */
export async function park(db: CheckinDatabase, row: OutboxRow, reason: Failure): Promise<void> {
  await db.transaction('rw', db.checkins, db.outbox, async () => {
    await db.outbox.put({ ...row, state: 'parked', parkedReason: reason });
    if (row.kind === 'checkin')
      await db.checkins.update([row.listSlug, row.checkinKey], { status: 'parked' });
  });
}

/** An undo the service has applied (or had nothing left to apply). */
export async function completeUndo(db: CheckinDatabase, row: OutboxRow, remote: RemoteCheckin | null) {
  await db.transaction('rw', db.checkins, db.outbox, async () => {
    await db.outbox.delete(row.seq!);
    if (remote) {
      const existing = await db.checkins.get([row.listSlug, remote.uuid]);
      await db.checkins.put(checkinRowFrom(row.listSlug, remote, existing));
    }
  });
}
