// Sends the outbox: first recovers any batch whose answer never came, then sends the queued
// check-ins, then the undos. The check-ins follow the outbox algorithm shared with the relay
// (src/outbox/: oldest first, in batches of the documented `batch.checkins` body, each claimed
// before it leaves, a refused batch split so one bad item is parked with its reason and the
// others still go; 429 and 5xx leave rows for a later, backed-off attempt) over this device's
// storage (./door-outbox). A refusal because the ticket is already in on the service (a
// service that refuses a second active check-in: a 422 saying "already", for the row alone or
// inside its batch) is parked the same way, never sent again: the door keeps its admission,
// which beside the service's check-in (pulled next) is a double admission (recordConflicts), and an undo or exit waiting for it goes with it (db/outbox.ts, park).
// An undo goes once its check-in's uuid is known; one the service no longer holds is done.
import type { CheckinClient } from '../../api/checkin-client';
import { isTransient, ok, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { park, readOutbox } from '../../db/outbox';
import { completeUndo } from '../../db/outbox-answers';
import type { OutboxRow } from '../../db/rows';
import { recoverUnanswered } from '../../outbox/recover-unanswered';
import { sendCheckins } from '../../outbox/send-checkins';
import { type DoorOutboxOptions, doorOutbox } from './door-outbox';

export interface PushOptions extends DoorOutboxOptions {
  batchSize?: number;
}

export interface PushReport {
  sent: number;
  parked: number;
  recovered: number;
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
    await options.turn?.();
    if (answer.ok || answer.reason === 'not-found') {
      const ended = await completeUndo(db, row, answer.ok ? answer.value : null);
      if (ended) options.index?.()?.putCheckins([ended]);
      report.sent++;
    } else if (isTransient(answer)) return answer;
    else {
      // A refused undo leaves its check-in as it stands: nothing in the open list changes.
      await park(db, row, answer);
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
  const outbox = doorOutbox(db, api, options);
  const recovered = await recoverUnanswered(outbox, 'in-recovery');
  if (!recovered.ok) return recovered.failure;
  const checkins = await sendCheckins(outbox, { batchSize, probe: 'in-recovery' });
  if (checkins.end.end === 'stopped') return checkins.end.failure;
  // Rows an answer did not cover stay `sending` (`incomplete`): the next push recovers them.
  const report: PushReport = { sent: checkins.sent, parked: checkins.parked, recovered: recovered.value };
  await options.turn?.();
  const undos = (await readOutbox(db, listSlug)).filter((r) => r.state === 'queued' && r.kind === 'undo');
  const undone = await sendUndos(db, api, undos, options, report);
  if (!undone.ok) return undone;
  return ok(report);
}
