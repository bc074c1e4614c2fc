// How an Admin API call fails, as a value: the reason, the status, the service's own words in
// either version's error shape, and words for people. The token is never part of a failure.

export type AdminFailureReason =
  | 'network'
  | 'unauthorised'
  | 'forbidden'
  | 'not-found'
  | 'invalid'
  | 'rate-limited'
  | 'server'
  | 'rejected'
  | 'bad-response';

export interface AdminFailure {
  ok: false;
  reason: AdminFailureReason;
  status?: number;
  /** The service's own words (`message`, 3.0 `title`/`detail`), when it sent any. */
  message?: string;
  hint?: string;
  /** 422: attribute -> the service's messages, merged from `errors` and `error_list`. */
  fieldErrors?: Record<string, string[]>;
  retryAfterMs?: number;
}

export type AdminResult<T> = { ok: true; value: T } | AdminFailure;

export const fail = (
  reason: AdminFailureReason,
  extra: Omit<AdminFailure, 'ok' | 'reason'> = {},
): AdminFailure => ({
  ok: false,
  reason,
  ...extra,
});

function reasonFor(status: number): AdminFailureReason {
  if (status === 401) return 'unauthorised';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 422) return 'invalid';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'rejected';
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** An answer's JSON (null for an empty body), or its failure: the refusal its body describes, or a success whose body is not JSON. */
export function answerJson(response: Response, text: string): AdminResult<unknown> {
  let json: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      if (response.ok) return fail('bad-response', { status: response.status, message: 'not JSON' });
    }
  }
  if (!response.ok) return parseErrorBody(response.status, json, response.headers.get('retry-after'));
  return { ok: true, value: json };
}

/** Reads an error body in either version's shape (document 1, Errors). */
export function parseErrorBody(status: number, body: unknown, retryAfter: string | null): AdminFailure {
  const extra: Omit<AdminFailure, 'ok' | 'reason'> = { status };
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds)) extra.retryAfterMs = seconds * 1000;
  if (typeof body !== 'object' || body === null) return fail(reasonFor(status), extra);
  const b = body as Record<string, unknown>;
  if (typeof b.message === 'string') extra.message = b.message;
  if (typeof b.hint === 'string') extra.hint = b.hint;
  const fields: Record<string, string[]> = {};
  const errors = b.errors;
  if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) {
    const e = errors as Record<string, unknown>;
    // 3.0's 403 and 429: {errors: {status, title, detail}}.
    if (typeof e.title === 'string' && !isStringArray(e.title)) {
      extra.message ??= e.title;
      if (typeof e.detail === 'string') extra.hint ??= e.detail;
    } else {
      for (const [attribute, messages] of Object.entries(e)) {
        if (isStringArray(messages)) fields[attribute] = [...messages];
        else if (typeof messages === 'string') fields[attribute] = [messages];
      }
    }
  }
  if (Array.isArray(b.error_list)) {
    for (const item of b.error_list) {
      if (typeof item !== 'object' || item === null) continue;
      const { attribute, message } = item as { attribute?: unknown; message?: unknown };
      if (typeof attribute !== 'string' || typeof message !== 'string') continue;
      const list = fields[attribute] ?? [];
      fields[attribute] = list;
      if (!list.includes(message)) list.push(message);
    }
  }
  // A 401 names `api_token` in 3.0; that is about the connection, not a form field.
  if (status !== 401 && Object.keys(fields).length > 0) extra.fieldErrors = fields;
  return fail(reasonFor(status), extra);
}

const WORDS: Record<AdminFailureReason, string> = {
  network: 'The ticketing service cannot be reached. Check the address and your connection, then try again.',
  unauthorised: 'The service did not accept the API token. Generate or paste a new token in Connection.',
  forbidden: 'This token is not allowed to do that.',
  'not-found':
    'The service does not know this item. It may have been deleted, or belong to the other mode (live/test).',
  invalid: 'The service did not accept some fields. See the messages next to them.',
  'rate-limited': 'The service asked to slow down. Wait a moment, then try again.',
  server: 'The service had a problem. Try again in a moment.',
  rejected: 'The service refused this request.',
  'bad-response': 'The service answered in an unexpected shape.',
};

/** Words for people; the service's own message is added when it has one. */
export function describeAdminError(failure: AdminFailure): string {
  const base = WORDS[failure.reason];
  const own = failure.message && failure.reason !== 'invalid' ? ` (${failure.message})` : '';
  return `${base}${own}`;
}
