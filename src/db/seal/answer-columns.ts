// A page of answers as it is sealed: a column a field, not an object an answer. A page's thousand
// answers repeat their five field names a thousand times; as columns the page's JSON is about
// 0.43 of its size (41 KB against 95 KB for the bench's page), and so a sealed page stays under
// Chromium's 64 KiB threshold (`IDBValueWrapper::kWrapThreshold`) over which IndexedDB writes a
// value to a blob file of its own. Guarantees: `answersFromColumns(answerColumns(a))` equals `a`,
// field by field and in order (an answer has exactly the five fields of schemas.ts); a page
// stored before, as an array of answers, reads as it is; anything else is refused (`null`), never
// read as answers. Pure TypeScript.
import type { RemoteAnswer } from '../../api/schemas';

export interface AnswerColumns {
  id: number[];
  ticketId: number[];
  questionId: number[];
  response: string[];
  updatedAt: number[];
}

/** The page's answers as columns. */
export function answerColumns(answers: readonly RemoteAnswer[]): AnswerColumns {
  const n = answers.length;
  const columns: AnswerColumns = {
    id: new Array(n),
    ticketId: new Array(n),
    questionId: new Array(n),
    response: new Array(n),
    updatedAt: new Array(n),
  };
  for (let i = 0; i < n; i++) {
    const a = answers[i]!;
    columns.id[i] = a.id;
    columns.ticketId[i] = a.ticketId;
    columns.questionId[i] = a.questionId;
    columns.response[i] = a.response;
    columns.updatedAt[i] = a.updatedAt;
  }
  return columns;
}

const isColumns = (value: unknown): value is AnswerColumns => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  const id = c.id;
  if (!Array.isArray(id)) return false;
  return (['ticketId', 'questionId', 'response', 'updatedAt'] as const).every(
    (field) => Array.isArray(c[field]) && (c[field] as unknown[]).length === id.length,
  );
};

/** A sealed page's answers, from its columns or (stored before) its array; null for anything else. */
export function answersFromColumns(value: unknown): RemoteAnswer[] | null {
  if (Array.isArray(value)) return value as RemoteAnswer[];
  if (!isColumns(value)) return null;
  const { id, ticketId, questionId, response, updatedAt } = value;
  const answers: RemoteAnswer[] = new Array(id.length);
  for (let i = 0; i < id.length; i++)
    answers[i] = {
      id: id[i]!,
      ticketId: ticketId[i]!,
      questionId: questionId[i]!,
      response: response[i]!,
      updatedAt: updatedAt[i]!,
    };
  return answers;
}
