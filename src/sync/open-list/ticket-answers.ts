// A ticket's answers to the list's questions, for the ticket screen. Answers are not kept in
// memory with the list (100,000 tickets may carry several each): they are read once, when a
// ticket screen first asks, and the engine drops the map whenever a pull may have changed it.
// The first verdict after a join asks for them: the read (165,000 answers in the demo) takes
// its turns with the scans that follow, in slices, and sorts each ticket's few answers rather
// than all of them at once (one sort of them all held a phone's worker about half a second).
import type { RemoteAnswer } from '../../api/schemas';
import type { CheckinDatabase } from '../../db/database';
import { readAnswerRows, readQuestionRows } from '../../db/local-copy';
import { readPages } from '../../db/stored-pages';
import { inSlices, yieldTurn } from '../take-turns';

/** Answers handled per task: a scan that comes in waits for one slice at most. */
const SLICE = 2000;

export interface TicketAnswer {
  questionId: number;
  question: string;
  response: string;
}

export type AnswerLookup = (ticketId: number) => TicketAnswer[];

/** `turn` is awaited before each read and between slices: a door's scans go first (open-list-state.ts). */
export async function loadAnswers(
  db: CheckinDatabase,
  listSlug: string,
  turn: () => Promise<void> = yieldTurn,
): Promise<AnswerLookup> {
  const byId = new Map<number, RemoteAnswer>();
  const keep = (a: RemoteAnswer) => {
    const before = byId.get(a.id);
    if (!before || before.updatedAt <= a.updatedAt) byId.set(a.id, a);
  };
  // Not even the pages' keys are asked for while a decision may want IndexedDB.
  await turn();
  await readPages<RemoteAnswer>(
    db,
    listSlug,
    'answers',
    (items) => inSlices(items, SLICE, (slice) => slice.forEach(keep), turn),
    turn,
  );
  (await readAnswerRows(db, listSlug)).forEach(keep);
  const questions = new Map((await readQuestionRows(db, listSlug)).map((q) => [q.id, q.title]));
  const byTicket = new Map<number, TicketAnswer[]>();
  await inSlices(
    [...byId.values()],
    SLICE,
    (slice) => {
      for (const a of slice) {
        // An answer to a question this copy does not hold (or one without a title) is left
        // out: staff could not tell what it answers, and the question's id means nothing to them.
        const question = questions.get(a.questionId);
        if (a.response === '' || !question) continue;
        const answer = { questionId: a.questionId, question, response: a.response };
        const list = byTicket.get(a.ticketId);
        if (list) list.push(answer);
        else byTicket.set(a.ticketId, [answer]);
      }
    },
    turn,
  );
  // In question order, as the list asks them (a ticket has a few).
  for (const list of byTicket.values()) if (list.length > 1) list.sort((x, y) => x.questionId - y.questionId);
  return (ticketId) => byTicket.get(ticketId) ?? [];
}
