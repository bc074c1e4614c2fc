// The outbox: what this device owes the service. Guarantees: a check-in (or an undo) and its
// outbox row are written in one transaction, before the verdict shows, so a crash cannot leave
// a check-in without its row; a row leaves the outbox only in the transaction that records
// the service's answer for it (./outbox-answers); rows go out oldest first within a list.
import type { Failure } from '../domain/result';
import type { CheckinDatabase } from './database';
import { pendingCheckinRow } from './checkin-row';
import { leaveAttempt, readAttempt, writeAttempt } from './outbox-attempt';
import { mustBeListed } from './list-gone';
import { addStraight } from './straight-writes';
import { BY_TICKET, byTicket, CheckinsChangedError, type UnseenCheckins } from './checkins-changed';
import type { CheckinRow, OutboxRow } from './rows';

export interface NewCheckin {
  listSlug: string;
  ticketId: number;
  deviceName: string;
  now: number;
  clientId: string;
}

/** A row as it enters the outbox: queued, never tried. */
const NOT_YET_SENT = { state: 'queued', attemptFloor: null, attempts: 0, parkedReason: null } as const;

/** A check-in made here, and its outbox row, before the service has heard of it. */
function pendingCheckin(input: NewCheckin): { checkin: CheckinRow; row: OutboxRow } {
  const checkin = pendingCheckinRow(input);
  return {
    checkin,
    row: {
      id: input.clientId,
      listSlug: input.listSlug,
      kind: 'checkin',
      ticketId: input.ticketId,
      checkinKey: checkin.key,
      uuid: null,
      scannedAt: input.now,
      deviceName: input.deviceName,
      ...NOT_YET_SENT,
    },
  };
}

/**
 * An admission: its check-in and outbox row. With `unseen`, written only if the ticket's stored
 * check-ins, read in the same transaction, hold none its verdict was not judged on; otherwise
 * nothing is written and it rejects with CheckinsChangedError (checkins-changed.ts).
 */
export async function recordCheckin(
  db: CheckinDatabase,
  input: NewCheckin,
  unseen?: UnseenCheckins,
): Promise<CheckinRow> {
  const { checkin, row } = pendingCheckin(input);
  // Straight on IndexedDB: a scan's verdict waits for this write (straight-writes.ts).
  await addStraight(
    db,
    [
      ['checkins', checkin],
      ['outbox', row],
    ],
    {
      whileListed: input.listSlug,
      ...(unseen && {
        guard: {
          table: 'checkins',
          index: BY_TICKET,
          key: byTicket(input.listSlug, input.ticketId),
          refuse: (rows) =>
            unseen(rows as CheckinRow[]) ? new CheckinsChangedError([input.ticketId]) : null,
        },
      }),
    },
  );
  return checkin;
}

/**
 * Several check-ins at once (a whole order): every check-in and its outbox row in one
 * transaction, so the order is admitted whole or not at all, and its rows leave in one batch.
 * With `unseen`, as `recordCheckin`: any ticket's stored check-ins holding one its admission
 * was not judged on stops the whole write.
 */
export async function recordCheckins(
  db: CheckinDatabase,
  inputs: readonly NewCheckin[],
  unseen?: (ticketId: number, stored: readonly CheckinRow[]) => boolean,
): Promise<CheckinRow[]> {
  const pending = inputs.map(pendingCheckin);
  await db.transaction('rw', db.checkins, db.outbox, db.lists, async () => {
    for (const slug of new Set(inputs.map((i) => i.listSlug))) await mustBeListed(db, slug);
    if (unseen) {
      const changed: number[] = [];
      for (const { listSlug, ticketId } of inputs) {
        const stored = await db.checkins.where(BY_TICKET).equals(byTicket(listSlug, ticketId)).toArray();
        if (unseen(ticketId, stored)) changed.push(ticketId);
      }
      if (changed.length) throw new CheckinsChangedError(changed);
    }
    await db.checkins.bulkAdd(pending.map((p) => p.checkin));
    await db.outbox.bulkAdd(pending.map((p) => p.row));
  });
  return pending.map((p) => p.checkin);
}

/** The outbox row that deletes a check-in on the service (by uuid): an undo, or an exit. */
function endingRow(checkin: CheckinRow, id: string, input: { now: number; deviceName: string }): OutboxRow {
  return {
    id,
    listSlug: checkin.listSlug,
    kind: 'undo',
    ticketId: checkin.ticketId,
    checkinKey: checkin.key,
    uuid: checkin.uuid,
    scannedAt: input.now,
    deviceName: input.deviceName,
    ...NOT_YET_SENT,
  };
}

export type UndoOutcome = 'cancelled' | 'queued' | 'waiting' | 'not-found';

/**
 * Whether the service may hold this row's check-in: it is in the batch out now, or it left
 * before in a request whose answer never came (`attempts`). Such a request may still land, late
 * (a killed page's, a timed-out one's), after a recovery pull found nothing, so only a row that
 * never left may be cancelled on the device alone.
 */
async function mayHaveReached(db: CheckinDatabase, row: OutboxRow): Promise<boolean> {
  if (row.attempts > 0) return true;
  return ((await readAttempt(db, row.listSlug))?.seqs ?? []).includes(row.seq!);
}

/**
 * Undoes check-ins: one (an undo), or the check-ins of one "Admit all" ("Undo these N") all in
 * one transaction, so the order is taken back whole or not at all. Answers one outcome a key.
 * Never sent: both rows go, nothing ever reaches the service. Already sent: the check-in is
 * marked deleted here and a DELETE by uuid is queued. Out now, or out before with no answer:
 * the undo is queued and waits until the check-in is known to exist (its answer, or recovery,
 * or sending it again, which the service takes as the same check-in by its uuid) and then
 * deletes it by that uuid.
 */
export async function recordUndos(
  db: CheckinDatabase,
  listSlug: string,
  /** `known`: the check-in as the open list knows it (one of the first download lives only in its page). */
  undos: readonly { checkinKey: string; clientId: string; known?: CheckinRow }[],
  input: { now: number; deviceName: string },
): Promise<UndoOutcome[]> {
  return db.transaction('rw', db.checkins, db.outbox, db.syncState, db.lists, async () => {
    await mustBeListed(db, listSlug);
    const outcomes: UndoOutcome[] = [];
    for (const { checkinKey, clientId, known } of undos)
      outcomes.push(await undoOne(db, listSlug, checkinKey, { ...input, clientId }, known));
    return outcomes;
  });
}

/** One undo, inside a transaction over checkins, outbox and syncState. */
async function undoOne(
  db: CheckinDatabase,
  listSlug: string,
  checkinKey: string,
  input: { now: number; deviceName: string; clientId: string },
  known?: CheckinRow,
): Promise<UndoOutcome> {
  const checkin = (await db.checkins.get([listSlug, checkinKey])) ?? known;
  if (!checkin || checkin.deletedAt !== null) return 'not-found';
  const queued = checkin.clientId ? await db.outbox.where('id').equals(checkin.clientId).first() : undefined;
  // A parked row was refused by the service: nothing of it is there to undo.
  if (queued && (queued.state === 'parked' || !(await mayHaveReached(db, queued)))) {
    await db.outbox.delete(queued.seq!);
    await db.checkins.delete([listSlug, checkinKey]);
    return 'cancelled';
  }
  await db.checkins.put({ ...checkin, deletedAt: input.now, updatedAt: input.now, endedBy: 'undo' });
  await db.outbox.add(endingRow(checkin, input.clientId, input));
  return queued ? 'waiting' : 'queued';
}

/**
 * Records a guest leaving: each of the ticket's active check-ins is marked ended by an exit
 * and a DELETE by uuid is queued for it (an undo row marked as an exit), in one transaction. A
 * check-in not yet sent goes out first and is deleted once its uuid is known, so the service
 * still learns of the entry. A parked one never reached the service: it is only marked here.
 */
export async function recordExits(
  db: CheckinDatabase,
  listSlug: string,
  active: readonly CheckinRow[],
  input: { now: number; deviceName: string; newId: () => string },
): Promise<CheckinRow[]> {
  return db.transaction('rw', db.checkins, db.outbox, db.lists, async () => {
    await mustBeListed(db, listSlug);
    const ended: CheckinRow[] = [];
    for (const known of active) {
      const key = known.key;
      // A check-in of the first download lives only in its page: it gets a row of its own here.
      // This device's own check-ins are always stored: one gone was undone before it was sent
      // (in another tab of the app), and there is nothing to end.
      const checkin = (await db.checkins.get([listSlug, key])) ?? (known.clientId === null ? known : null);
      if (!checkin || checkin.deletedAt !== null) continue;
      const row: CheckinRow = { ...checkin, deletedAt: input.now, updatedAt: input.now, endedBy: 'exit' };
      await db.checkins.put(row);
      ended.push(row);
      if (checkin.status === 'parked') continue;
      await db.outbox.add({ ...endingRow(checkin, input.newId(), input), endedBy: 'exit' });
    }
    return ended;
  });
}

/** The list's outbox, oldest first; rows of an unanswered batch read as `sending`. */
export async function readOutbox(db: CheckinDatabase, listSlug: string): Promise<OutboxRow[]> {
  const [rows, attempt] = await Promise.all([
    db.outbox.where('listSlug').equals(listSlug).sortBy('seq'),
    readAttempt(db, listSlug),
  ]);
  if (!attempt) return rows;
  const inFlight = new Set(attempt.seqs);
  return rows.map((r) =>
    r.state === 'queued' && inFlight.has(r.seq!)
      ? { ...r, state: 'sending', attemptFloor: attempt.floor }
      : r,
  );
}

/**
 * Claims a batch about to leave, in one transaction: the rows still queued (an undo may have
 * cancelled one since the push read them) join the attempt with its server-time floor, and only
 * they may be sent. The floor stays the lowest of the rows out, so recovery looks back far
 * enough for the oldest.
 */
export async function markSending(
  db: CheckinDatabase,
  listSlug: string,
  rows: OutboxRow[],
  floor: number,
): Promise<OutboxRow[]> {
  return db.transaction('rw', db.outbox, db.syncState, async () => {
    const attempt = await readAttempt(db, listSlug);
    const earlier = attempt?.seqs ?? [];
    const out = new Set(earlier);
    const current = await db.outbox.bulkGet(rows.map((r) => r.seq!));
    const claimed = current.filter(
      (r): r is OutboxRow => r !== undefined && r.state === 'queued' && !out.has(r.seq!),
    );
    if (claimed.length === 0) return [];
    await writeAttempt(db, listSlug, {
      floor: attempt && earlier.length ? Math.min(attempt.floor, floor) : floor,
      seqs: [...earlier, ...claimed.map((r) => r.seq!)],
    });
    return claimed;
  });
}

/** Rows of a batch the service surely did not record (refused, 429): they go out again later. */
export async function requeue(db: CheckinDatabase, listSlug: string, rows: OutboxRow[]): Promise<void> {
  await leaveAttempt(
    db,
    listSlug,
    rows.map((r) => r.seq!),
  );
}

/**
 * Rows of an unanswered batch that recovery did not find on the service: they go out again,
 * and each counts the unanswered request it left in (`attempts`), since that request may still
 * land late; from now on they are never cancelled on the device alone (`recordUndos`).
 */
export async function requeueUnanswered(
  db: CheckinDatabase,
  listSlug: string,
  rows: OutboxRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction('rw', db.outbox, db.syncState, async () => {
    await leaveAttempt(
      db,
      listSlug,
      rows.map((r) => r.seq!),
    );
    await db.outbox
      .where(':id')
      .anyOf(rows.map((r) => r.seq!))
      .modify((row) => {
        row.attempts += 1;
      });
  });
}

/**
 * Puts a row aside with the service's reason; it no longer holds the others back. A refused
 * check-in was never held by the service (a ticket already in there included), so an undo or
 * exit waiting for its uuid has nothing to delete there: it goes, and the check-in stays ended
 * here as the door recorded it. Answers the parked check-in, for the open list's index.
 */
export async function park(db: CheckinDatabase, row: OutboxRow, reason: Failure): Promise<CheckinRow | null> {
  return db.transaction('rw', db.checkins, db.outbox, db.syncState, async () => {
    await db.outbox.put({ ...row, state: 'parked', parkedReason: reason, attemptFloor: null });
    await leaveAttempt(db, row.listSlug, [row.seq!]);
    if (row.kind !== 'checkin') return null;
    await db.checkins.update([row.listSlug, row.checkinKey], { status: 'parked' });
    await db.outbox
      .where('checkinKey')
      .equals(row.checkinKey)
      .filter((o) => o.kind === 'undo' && o.uuid === null)
      .delete();
    return (await db.checkins.get([row.listSlug, row.checkinKey])) ?? null;
  });
}

/**
 * Drops a parked (refused) row, and its check-in when it is one, in one transaction: the
 * service never took it. Answers the row dropped, or null when it is not parked (any more).
 */
export async function dropParked(db: CheckinDatabase, outboxId: string): Promise<OutboxRow | null> {
  return db.transaction('rw', db.outbox, db.checkins, async () => {
    const row = await db.outbox.where('id').equals(outboxId).first();
    if (row?.state !== 'parked') return null;
    await db.outbox.delete(row.seq!);
    if (row.kind === 'checkin') await db.checkins.delete([row.listSlug, row.checkinKey]);
    return row;
  });
}
