// Pairs a batch's answer with its rows, and reads from an answer whether the service keeps the
// uuids sent. Pure. Guarantees: an answer pairs with at most one row and a row with at most one
// answer; a row pairs with the check-in holding its own uuid first, else with the answer at its
// own index when that names its ticket, else with the first answer left that names its ticket; a
// row the answer does not cover is left out (it stays out, for recovery to settle).
import type { ClientUuids, OutboxShapes, Paired } from './outbox-ports';

export function pairAnswers<Row, Answer>(
  shapes: OutboxShapes<Row, Answer>,
  rows: readonly Row[],
  answers: readonly Answer[],
): Paired<Row, Answer>[] {
  // The answer lists check-ins in the order of the batch's running index; a service that keeps
  // the uuids sent is matched by them, any other is verified by ticket.
  const pool: (Answer | undefined)[] = [...answers];
  const ticketOf = (a: Answer | undefined) => (a === undefined ? undefined : shapes.answerTicket(a));
  return rows.flatMap((row, i) => {
    const uuid = shapes.rowUuid(row);
    const ticket = shapes.rowTicket(row);
    const byUuid = pool.findIndex((a) => a !== undefined && shapes.answerUuid(a) === uuid);
    const same =
      byUuid >= 0 ? byUuid : ticketOf(pool[i]) === ticket ? i : pool.findIndex((a) => ticketOf(a) === ticket);
    const remote = same >= 0 ? pool[same] : undefined;
    if (remote === undefined) return [];
    pool[same] = undefined;
    return [{ row, remote }];
  });
}

/** What answers to `sent` show of the service's way with uuids; undefined when nothing came. */
export function uuidsShown<Row, Answer>(
  shapes: OutboxShapes<Row, Answer>,
  sent: readonly Row[],
  answers: readonly Answer[],
): ClientUuids | undefined {
  if (answers.length === 0) return undefined;
  const uuids = new Set(sent.map((r) => shapes.rowUuid(r)));
  return answers.some((a) => uuids.has(shapes.answerUuid(a))) ? 'kept' : 'ignored';
}
