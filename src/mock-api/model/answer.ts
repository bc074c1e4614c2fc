import { defineIndex } from '../store/indexes';

/** `primary_response` is a list for a Checkboxes question with several responses. */
export interface Answer {
  id: number;
  event_id: number;
  question_id: number;
  ticket_id: number;
  primary_response: string | string[] | null;
  alternate_response: string | null;
  download_url: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    answers: Answer;
  }
}

defineIndex('answers', 'byEvent', (a) => a.event_id);
defineIndex('answers', 'byQuestion', (a) => a.question_id);
defineIndex('answers', 'byTicket', (a) => a.ticket_id);

/** Comma-separated text of the primary and the alternate response. */
export function answerResponse(answer: Answer): string {
  const primary = Array.isArray(answer.primary_response)
    ? answer.primary_response
    : [answer.primary_response ?? ''];
  return [...primary, answer.alternate_response ?? ''].filter((s) => s !== '').join(', ');
}
