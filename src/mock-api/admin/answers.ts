// Admin API: the answers of one question (document 1). Answers belong to tickets, so each
// mode sees the answers of its own tickets only.
import type { AdminApp, ServiceContext } from '../context';
import { pagedListResponse } from '../http/envelope';
import { expandableMeta } from '../http/expand';
import { type Answer, answerResponse } from '../model/answer';
import { ticketName } from '../model/ticket';
import { type Presenter, presenter, shows } from './presenter';
import { questionAnswers, questionRecord } from './question-view';
import { findQuestion } from './questions';
import { ticketRecord } from './ticket-view';

const ANSWER_EXPANDABLE = ['question', 'ticket'] as const;

export function answerRecord(p: Presenter, answer: Answer): Record<string, unknown> {
  const { store } = p.ctx;
  const ticket = store.get('tickets', answer.ticket_id);
  const question = store.get('questions', answer.question_id);
  const record: Record<string, unknown> = {
    _type: 'answer',
    id: answer.id,
    download_url: answer.download_url,
    question_id: answer.question_id,
    ticket_id: answer.ticket_id,
  };
  if (p.version === '3.0') {
    Object.assign(record, {
      ticket_reference: ticket?.reference ?? null,
      ticket_slug: ticket?.slug ?? null,
      ticket_email: ticket?.email ?? null,
      ticket_name: ticket ? ticketName(ticket) : null,
    });
  }
  Object.assign(record, {
    response: answerResponse(answer),
    primary_response: answer.primary_response,
    alternate_response: answer.alternate_response,
  });
  if (p.version === '3.0') record.question_title = question?.title ?? null;
  // 3.0 names the ticket and question in fields of the answer's own, and embeds neither.
  if (p.version === '3.1') {
    if (shows(p, 'question'))
      record.question = question ? questionRecord(p, question, { nested: true }) : null;
    if (shows(p, 'ticket')) record.ticket = ticket ? ticketRecord(p, ticket, { nested: true }) : null;
  }
  return record;
}

export function registerAnswers(app: AdminApp, ctx: ServiceContext): void {
  app.get('/:account_slug/:event_slug/questions/:question_slug/answers', (c) => {
    const p = presenter(c, ctx, 'list');
    const question = findQuestion(p, c.req.param('question_slug') ?? '');
    const rows = questionAnswers(p, question);
    return pagedListResponse(c, 'answers', rows, (a) => answerRecord(p, a), {
      overallTotal: rows.length,
      expandable: expandableMeta(ANSWER_EXPANDABLE, p.expanded),
    });
  });
}
