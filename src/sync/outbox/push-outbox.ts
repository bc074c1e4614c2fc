// Sends the outbox. Guarantees: rows go oldest first, in batches of the documented
// `batch.checkins` body; a row is marked `sending` (with its server-time floor) before the
// request leaves, so an unanswered batch is recovered by `recoverUnanswered`, never re-sent
// blindly; a batch the service refuses is split so one bad item is parked with its reason and
// the others still go; 429 and 5xx leave rows queued for a later, backed-off attempt.
// A refusal because the ticket is already in on the service (a service that refuses a second
// active check-in: a 422 saying "already", for the row alone or inside its batch) is parked the
// same way, never sent again: the door keeps its admission, which beside the service's check-in
// (pulled next) is a double admission (reconcile.ts, recordConflicts), and an undo or exit
// waiting for it goes with it (db/outbox.ts, park).
import type { CheckinClient } from '../../api/checkin-client';
import { type Failure, isTransient, ok, type Result } from '../../domain/result';
import type { RemoteCheckin } from '../../api/schemas';
import type { CheckinDatabase } from '../../db/database';
import { checkinByUuid, patchSyncState, readSyncState } from '../../db/local-copy';
import {
  completeUndo,
  markSending,
  markSent,
  park,
  readOutbox,
  replacedKeys,
  requeue,
  requeueUnanswered,
} from '../../db/outbox';
import type { OutboxRow } from '../../db/rows';
import { stored } from '../../db/storage';
import type { ListIndex } from '../index/list-index';
import { recoverUnanswered } from './reconcile';

export interface PushOptions {
  listSlug: string;
  /** The greatest server `updated_at` this device knows: the floor of this attempt. */
  floor: number;
  marginMs: number;
  batchSize?: number;
  index?: ListIndex;
}

export interface PushReport {
  sent: number;
  parked: number;
  recovered: number;
}

/** The outcome of one request is unknown when no answer came or the service failed midway. */
const outcomeUnknown = (f: Failure) =>
  f.reason === 'network' || f.reason === 'timeout' || f.reason === 'server';

function pairUp(rows: OutboxRow[], answers: RemoteCheckin[]): { row: OutboxRow; remote: RemoteCheckin }[] {
  // The answer lists check-ins in the order of the batch's running index; a service that keeps
  // the device's uuid is matched by it, any other is verified by ticket.
  const pool = [...answers];
  return rows.flatMap((row, i) => {
    const byUuid = pool.findIndex((c) => c?.uuid === row.id);
    const same =
      byUuid >= 0
        ? byUuid
        : pool[i]?.ticketId === row.ticketId
          ? i
          : pool.findIndex((c) => c?.ticketId === row.ticketId);
    const remote = same >= 0 ? pool[same] : undefined;
    if (!remote) return [];
    pool[same] = undefined as unknown as RemoteCheckin;
    return [{ row, remote }];
  });
}

/** Notes, once, whether the service keeps the uuids this device sends. */
async function learnClientUuids(
  db: CheckinDatabase,
  listSlug: string,
  rows: OutboxRow[],
  answers: RemoteCheckin[],
) {
  if (answers.length === 0) return;
  const sent = new Set(rows.map((r) => r.id));
  const kept = answers.some((c) => sent.has(c.uuid)) ? 'kept' : 'ignored';
  const state = await readSyncState(db, listSlug, 'outbox');
  if (state.clientUuids !== kept) await patchSyncState(db, listSlug, 'outbox', { clientUuids: kept });
}

async function settle(
  db: CheckinDatabase,
  listSlug: string,
  pairs: { row: OutboxRow; remote: RemoteCheckin }[],
  index?: ListIndex,
): Promise<Result<number>> {
  const linked = await stored(() => markSent(db, listSlug, pairs));
  if (!linked.ok) return linked;
  index?.putCheckins(linked.value, replacedKeys(pairs));
  return ok(pairs.length);
}

/** Sends rows one at a time after the service refused their batch: only the bad ones park. */
async function sendSingly(
  db: CheckinDatabase,
  api: CheckinClient,
  rows: OutboxRow[],
  options: PushOptions,
  report: PushReport,
): Promise<Result<void>> {
  for (const listed of rows) {
    const [row] = await markSending(db, options.listSlug, [listed], options.floor);
    if (!row) continue; // cancelled by an undo since the batch was refused
    const answer = await api.createCheckin(options.listSlug, { ticketId: row.ticketId, uuid: row.id });
    if (answer.ok) {
      await learnClientUuids(db, options.listSlug, [row], [answer.value]);
      const done = await settle(db, options.listSlug, [{ row, remote: answer.value }], options.index);
      if (!done.ok) return done;
      report.sent++;
    } else if (outcomeUnknown(answer)) return answer;
    else if (answer.reason === 'rate-limited') {
      await requeue(db, options.listSlug, [row]);
      return answer;
    } else {
      await parkRow(db, row, answer, options.index);
      report.parked++;
    }
  }
  return ok(undefined);
}

/** Parks a refused row, and shows its check-in as refused in the open list at once. */
async function parkRow(db: CheckinDatabase, row: OutboxRow, reason: Failure, index?: ListIndex) {
  const parked = await park(db, row, reason);
  if (parked) index?.putCheckins([parked]);
}

async function sendUndos(
  db: CheckinDatabase,
  api: CheckinClient,
  rows: OutboxRow[],
  options: PushOptions,
  report: PushReport,
) {
  for (const row of rows) {
    if (!row.uuid) continue; // waits for its check-in's answer
    const answer = await api.deleteCheckin(options.listSlug, row.uuid);
    if (answer.ok || answer.reason === 'not-found') {
      await completeUndo(db, row, answer.ok ? answer.value : null);
      if (answer.ok && answer.value) {
        const local = await checkinByUuid(db, options.listSlug, answer.value.uuid);
        if (local) options.index?.putCheckins([local]);
      }
      report.sent++;
    } else if (isTransient(answer)) return answer;
    else {
      await parkRow(db, row, answer, options.index);
      report.parked++;
    }
  }
  return ok(undefined);
}

export async function pushOutbox(
  db: CheckinDatabase,
  api: CheckinClient,
  options: PushOptions,
): Promise<Result<PushReport>> {
  const { listSlug, batchSize = 500 } = options;
  const recovered = await recoverUnanswered(db, api, options);
  if (!recovered.ok) return recovered;
  const report: PushReport = { sent: 0, parked: 0, recovered: recovered.value };
  // Read once: while this push runs (under the push lock) only new scans add rows, and
  // those wait for the next push.
  const outbox = await readOutbox(db, listSlug);
  const queued = outbox.filter((r) => r.state === 'queued' && r.kind === 'checkin');
  while (queued.length > 0) {
    // Only the rows still queued go: an undo may have cancelled one since the outbox was read.
    const batch = await markSending(db, listSlug, queued.splice(0, batchSize), options.floor);
    if (batch.length === 0) continue;
    const answer = await api.createCheckins(
      listSlug,
      batch.map((r) => ({ ticketId: r.ticketId, uuid: r.id })),
    );
    if (answer.ok) {
      await learnClientUuids(db, listSlug, batch, answer.value);
      const pairs = pairUp(batch, answer.value);
      const done = await settle(db, listSlug, pairs, options.index);
      if (!done.ok) return done;
      report.sent += done.value;
      // Rows the answer did not cover stay `sending`: the next push recovers them.
      if (pairs.length < batch.length) break;
      continue;
    }
    if (outcomeUnknown(answer)) return answer;
    if (answer.reason === 'rate-limited') {
      await requeue(db, listSlug, batch);
      return answer;
    }
    // Refused, but perhaps not wholly: a service that refuses a ticket already in takes the
    // batch's other items all the same. So each row counts the request as one that may have
    // reached the service (an undo then waits for its uuid instead of cancelling here), and
    // goes again alone with its uuid, which such a service answers with the check-in it holds.
    await requeueUnanswered(db, listSlug, batch);
    const singly = await sendSingly(db, api, batch, options, report);
    if (!singly.ok) return singly;
  }
  const undos = (await readOutbox(db, listSlug)).filter((r) => r.state === 'queued' && r.kind === 'undo');
  const undone = await sendUndos(db, api, undos, options, report);
  if (!undone.ok) return undone;
  return ok(report);
}
