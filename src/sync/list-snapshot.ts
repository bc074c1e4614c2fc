// A read-only snapshot of one list's local copy for screens that need all of it at once
// (stats, a ticket's answers). First-download pages first, then later changes, which win.
import type { RemoteAnswer, RemoteCheckin, RemoteTicket } from '../api/schemas';
import type { CheckinDatabase } from '../db/database';
import {
  readAnswerRows,
  readCheckinRows,
  readPages,
  readQuestionRows,
  readTicketRows,
} from '../db/local-copy';
import type { CheckinRow } from '../db/rows';
import { remoteCheckinRow } from './list-index';

export interface ListSnapshot {
  tickets: RemoteTicket[];
  checkins: CheckinRow[];
}

export async function readListSnapshot(db: CheckinDatabase, listSlug: string): Promise<ListSnapshot> {
  const tickets = new Map<number, RemoteTicket>();
  await readPages<RemoteTicket>(db, listSlug, 'tickets', (items) => {
    for (const ticket of items) tickets.set(ticket.id, ticket);
  });
  for (const ticket of await readTicketRows(db, listSlug)) tickets.set(ticket.id, ticket);
  const checkins = new Map<string, CheckinRow>();
  await readPages<RemoteCheckin>(db, listSlug, 'checkins', (items) => {
    for (const c of items) checkins.set(c.uuid, remoteCheckinRow(listSlug, c));
  });
  for (const row of await readCheckinRows(db, listSlug)) checkins.set(row.key, row);
  return { tickets: [...tickets.values()], checkins: [...checkins.values()] };
}

export interface TicketAnswer {
  question: string;
  response: string;
}

/** The answers of one ticket, with their questions' titles, in question order. */
export async function readTicketAnswers(
  db: CheckinDatabase,
  listSlug: string,
  ticketId: number,
): Promise<TicketAnswer[]> {
  const answers = new Map<number, RemoteAnswer>();
  await readPages<RemoteAnswer>(db, listSlug, 'answers', (items) => {
    for (const a of items) if (a.ticketId === ticketId) answers.set(a.id, a);
  });
  for (const a of await readAnswerRows(db, listSlug)) if (a.ticketId === ticketId) answers.set(a.id, a);
  const questions = new Map((await readQuestionRows(db, listSlug)).map((q) => [q.id, q]));
  return [...answers.values()]
    .filter((a) => a.response !== '')
    .sort((a, b) => a.questionId - b.questionId)
    .map((a) => ({
      question: questions.get(a.questionId)?.title ?? `#${a.questionId}`,
      response: a.response,
    }));
}
