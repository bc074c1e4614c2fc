// A ticket's answers to the list's questions, for the ticket screen. Answers are not kept in
// memory with the list (100,000 tickets may carry several each): they are read once, when a
// ticket screen first asks, and the engine drops the map whenever a pull may have changed it.
import type { RemoteAnswer } from '../api/schemas';
import type { CheckinDatabase } from '../db/database';
import { readAnswerRows, readPages, readQuestionRows } from '../db/local-copy';

export interface TicketAnswer {
  questionId: number;
  question: string;
  response: string;
}

export type AnswerLookup = (ticketId: number) => TicketAnswer[];

export async function loadAnswers(db: CheckinDatabase, listSlug: string): Promise<AnswerLookup> {
  const byId = new Map<number, RemoteAnswer>();
  const keep = (a: RemoteAnswer) => {
    const before = byId.get(a.id);
    if (!before || before.updatedAt <= a.updatedAt) byId.set(a.id, a);
  };
  await readPages<RemoteAnswer>(db, listSlug, 'answers', (items) => items.forEach(keep));
  (await readAnswerRows(db, listSlug)).forEach(keep);
  const questions = new Map((await readQuestionRows(db, listSlug)).map((q) => [q.id, q.title]));
  const byTicket = new Map<number, TicketAnswer[]>();
  const sorted = [...byId.values()]
    .filter((a) => a.response !== '')
    .sort((a, b) => a.questionId - b.questionId);
  for (const a of sorted) {
    const list = byTicket.get(a.ticketId) ?? [];
    list.push({
      questionId: a.questionId,
      question: questions.get(a.questionId) || `#${a.questionId}`,
      response: a.response,
    });
    byTicket.set(a.ticketId, list);
  }
  return (ticketId) => byTicket.get(ticketId) ?? [];
}
