// Sends a side's queued check-ins to the service: the door's outbox and the relay's mirror run
// this same algorithm over their own storage (./outbox-ports). Guarantees:
// - rows go oldest first, in batches of at most `batchSize`, each recorded as out (with its
//   floor) by the storage before the request leaves, so an unanswered request is recovered
//   (./recover-unanswered), never sent blindly again;
// - a row leaves the outbox only paired with a check-in of the service's answer
//   (./pair-answers); rows an answer does not cover stay out, and the round ends `incomplete`;
// - a refused batch is split: each row goes again alone with its uuid, so only a bad row is
//   parked with its reason and the others still go. A service that refuses a ticket already in
//   (a 422 naming such items by index) takes the batch's other items all the same: sent again
//   alone with their uuids, those are answered with the check-in it holds, never made twice
//   (by a service that keeps uuids; one that ignores them would make them again);
//   the refused one is parked and never sent again;
// - a 429 leaves every row of its request queued; an unknown outcome leaves them out; both end
//   the round (`stopped`), as does a failure of the storage.
import { pairAnswers, uuidsShown } from './pair-answers';
import type { OutboxService, OutboxShapes, OutboxStorage, ProbeRule } from './outbox-ports';

export interface SendOptions {
  batchSize: number;
  probe: ProbeRule;
}

/** `incomplete`: an answer did not cover every row of its batch (those wait for recovery). */
export type SendEnd<F> = { end: 'done' } | { end: 'incomplete' } | { end: 'stopped'; failure: F };

export interface SendReport<F> {
  sent: number;
  parked: number;
  end: SendEnd<F>;
}

export interface OutboxSide<Row, Answer, F> {
  shapes: OutboxShapes<Row, Answer>;
  storage: OutboxStorage<Row, Answer, F>;
  service: OutboxService<Row, Answer, F>;
}

/** Notes what the answers show of the service's way with uuids, when it changed. */
async function learnClientUuids<Row, Answer, F>(
  { shapes, storage }: OutboxSide<Row, Answer, F>,
  sent: readonly Row[],
  answers: readonly Answer[],
): Promise<void> {
  const shown = uuidsShown(shapes, sent, answers);
  if (shown !== undefined && shown !== (await storage.clientUuids())) await storage.noteClientUuids(shown);
}

export async function sendCheckins<Row, Answer, F>(
  side: OutboxSide<Row, Answer, F>,
  options: SendOptions,
): Promise<SendReport<F>> {
  const { shapes, storage, service } = side;
  const report: SendReport<F> = { sent: 0, parked: 0, end: { end: 'done' } };
  const stop = (failure: F) => {
    report.end = { end: 'stopped', failure };
    return report;
  };
  for (;;) {
    // Before the service's way with uuids is known, a lone row: a second copy is then at most one.
    const lone = options.probe === 'first-send' && (await storage.clientUuids()) === undefined;
    const batch = await storage.claimBatch(lone ? 1 : options.batchSize);
    if (batch.length === 0) return report;
    const answer = await service.sendBatch(batch);
    if (answer.kind === 'answered') {
      await learnClientUuids(side, batch, answer.value);
      const pairs = pairAnswers(shapes, batch, answer.value);
      const failed = await storage.settle(pairs);
      if (failed !== null) return stop(failed);
      report.sent += pairs.length;
      if (pairs.length < batch.length) {
        report.end = { end: 'incomplete' };
        return report;
      }
      continue;
    }
    if (answer.kind === 'unknown') return stop(answer.failure);
    if (answer.kind === 'rate-limited') {
      await storage.requeue(batch);
      return stop(answer.failure);
    }
    // Refused, but perhaps not wholly: each row goes again alone, with its uuid.
    await storage.requeueRefused(batch);
    const singly = await sendSingly(side, batch, report);
    if (singly !== null) return stop(singly);
  }
}

/** Sends the rows of a refused batch one at a time: only the bad ones park. */
async function sendSingly<Row, Answer, F>(
  side: OutboxSide<Row, Answer, F>,
  rows: readonly Row[],
  report: SendReport<F>,
): Promise<F | null> {
  const { storage, service } = side;
  for (const listed of rows) {
    const row = await storage.claimOne(listed);
    if (row === null) continue; // taken back (an undo) since the batch was refused
    const answer = await service.sendOne(row);
    if (answer.kind === 'answered') {
      await learnClientUuids(side, [row], [answer.value]);
      const failed = await storage.settle([{ row, remote: answer.value }]);
      if (failed !== null) return failed;
      report.sent++;
    } else if (answer.kind === 'unknown') return answer.failure;
    else if (answer.kind === 'rate-limited') {
      await storage.requeue([row]);
      return answer.failure;
    } else {
      const failed = await storage.park(row, answer.failure);
      if (failed !== null) return failed;
      report.parked++;
    }
  }
  return null;
}
