// The Admin API (documents 1 and 2) as typed calls over one `fetch`-shaped transport: the
// built-in mock's in-app handler, the Node server's mock, or a real service. Plain TypeScript:
// the organiser screens reach the API only through this module. Failures are values; the
// token travels in the Authorization header only and is never logged or put in a message.
import { z } from 'zod';

export type AdminRecord = Record<string, unknown>;

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

export interface ListMeta {
  current_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
  per_page?: number;
  overall_total?: number;
  api_version?: string;
  filter_options?: { states?: { label: string; value: string }[]; selected_states?: string[] };
  sort_options?: Record<string, { attr: string; direction: string; default?: boolean }>;
  search_states_hidden_by_default?: string[];
}

export interface ListPage {
  records: AdminRecord[];
  meta: ListMeta;
}

export interface ListQuery {
  page?: number;
  pageSize?: number;
  q?: string;
  states?: readonly string[];
  sort?: string;
  direction?: 'asc' | 'desc';
  expand?: readonly string[];
}

export interface Hello {
  authenticated: boolean;
  access_token: string;
  lookup_mode: string;
  accounts: string[];
}

export type FetchLike = (request: Request) => Promise<Response>;

export interface AdminClientOptions {
  /** Ends in `/v3`. */
  baseUrl: string;
  token: string;
  fetch: FetchLike;
  /** Sent as `?version=` on every request when set; otherwise the token decides. */
  version?: '3.0' | '3.1';
}

const recordSchema = z.record(z.string(), z.unknown());
const metaSchema = z
  .object({
    current_page: z.coerce.number().catch(1),
    next_page: z.number().nullable().catch(null),
    prev_page: z.number().nullable().catch(null),
    total_pages: z.coerce.number().catch(1),
    total_count: z.coerce.number().catch(0),
  })
  .passthrough();
const helloSchema = z.object({
  authenticated: z.boolean(),
  access_token: z.string(),
  lookup_mode: z.string(),
  accounts: z.array(z.string()),
});

const fail = (reason: AdminFailureReason, extra: Omit<AdminFailure, 'ok' | 'reason'> = {}): AdminFailure => ({
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

export function listParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page) params.set('page[number]', String(query.page));
  if (query.pageSize) params.set('page[size]', String(query.pageSize));
  if (query.q?.trim()) params.set('q', query.q.trim());
  for (const state of query.states ?? []) params.append('search[states][]', state);
  if (query.sort) {
    params.set('search[sort]', query.sort);
    params.set('sort', query.sort);
  }
  if (query.direction) {
    params.set('search[direction]', query.direction);
    params.set('direction', query.direction);
  }
  if (query.expand?.length) params.set('expand', query.expand.join(','));
  return params;
}

export interface AdminClient {
  readonly baseUrl: string;
  hello(): Promise<AdminResult<Hello>>;
  list(path: string, plural: string, query?: ListQuery): Promise<AdminResult<ListPage>>;
  get(path: string, resource: string, expand?: readonly string[]): Promise<AdminResult<AdminRecord>>;
  create(path: string, resource: string, attributes: AdminRecord): Promise<AdminResult<AdminRecord>>;
  update(path: string, resource: string, attributes: AdminRecord): Promise<AdminResult<AdminRecord>>;
  remove(path: string): Promise<AdminResult<null>>;
  /** State changes without attributes (activation, archival, duplication, confirmations). */
  action(method: 'POST' | 'PATCH' | 'DELETE', path: string): Promise<AdminResult<AdminRecord | null>>;
}

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function send(method: string, path: string, params?: URLSearchParams, body?: unknown) {
    const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
    if (params) for (const [key, value] of params) url.searchParams.append(key, value);
    if (options.version) url.searchParams.set('version', options.version);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Token token=${options.token}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    let response: Response;
    try {
      response = await options.fetch(new Request(url, init));
    } catch {
      return fail('network');
    }
    if (response.status === 204) return { ok: true as const, value: null as unknown };
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        if (response.ok) return fail('bad-response', { status: response.status, message: 'not JSON' });
      }
    }
    if (!response.ok) return parseErrorBody(response.status, json, response.headers.get('retry-after'));
    return { ok: true as const, value: json };
  }

  function record(json: unknown, resource: string): AdminResult<AdminRecord> {
    const parsed = z.object({ [resource]: recordSchema }).safeParse(json);
    if (parsed.success) return { ok: true, value: parsed.data[resource] as AdminRecord };
    return fail('bad-response', { message: `missing "${resource}"` });
  }

  return {
    baseUrl: base,
    async hello() {
      const sent = await send('GET', 'hello');
      if (!sent.ok) return sent;
      const parsed = helloSchema.safeParse(sent.value);
      return parsed.success ? { ok: true, value: parsed.data } : fail('bad-response', { message: 'hello' });
    },
    async list(path, plural, query = {}) {
      const sent = await send('GET', path, listParams(query));
      if (!sent.ok) return sent;
      const parsed = z
        .object({ [plural]: z.array(recordSchema), meta: metaSchema.optional() })
        .safeParse(sent.value);
      if (!parsed.success) return fail('bad-response', { message: `missing "${plural}"` });
      const records = parsed.data[plural] as AdminRecord[];
      const meta = (parsed.data.meta as ListMeta | undefined) ?? {
        current_page: 1,
        next_page: null,
        prev_page: null,
        total_pages: 1,
        total_count: records.length,
      };
      return { ok: true, value: { records, meta } };
    },
    async get(path, resource, expand) {
      const params = expand?.length ? new URLSearchParams({ expand: expand.join(',') }) : undefined;
      const sent = await send('GET', path, params);
      return sent.ok ? record(sent.value, resource) : sent;
    },
    async create(path, resource, attributes) {
      const sent = await send('POST', path, undefined, { [resource]: attributes });
      return sent.ok ? record(sent.value, resource) : sent;
    },
    async update(path, resource, attributes) {
      const sent = await send('PATCH', path, undefined, { [resource]: attributes });
      return sent.ok ? record(sent.value, resource) : sent;
    },
    async remove(path) {
      const sent = await send('DELETE', path);
      return sent.ok ? { ok: true, value: null } : sent;
    },
    async action(method, path) {
      const sent = await send(method, path, undefined, method === 'PATCH' ? {} : undefined);
      if (!sent.ok) return sent;
      const value = sent.value;
      if (typeof value !== 'object' || value === null) return { ok: true, value: null };
      const first = Object.values(value as AdminRecord).find((v) => typeof v === 'object' && v !== null);
      return { ok: true, value: (first as AdminRecord | undefined) ?? (value as AdminRecord) };
    },
  };
}

/** Paths under an event: `<account>/<event>/<rest>`, each segment escaped. */
export function eventPath(account: string, event: string, ...rest: (string | number)[]): string {
  return [account, event, ...rest].map((part) => encodeURIComponent(String(part))).join('/');
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
