// The Admin API (documents 1 and 2) as typed calls over one `fetch`-shaped transport: the
// built-in mock's in-app handler, the Node server's mock, or a real service. Plain TypeScript:
// the organiser screens reach the API only through this module (and its failures,
// admin-failure.ts). Failures are values; the token travels in the Authorization header only and is never logged or put in a message.
import { z } from 'zod';
import { type AdminResult, answerJson, fail } from './admin-failure';

export type AdminRecord = Record<string, unknown>;

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
    // Never kept in the browser's HTTP cache: registrations and tickets name people, and that
    // cache is plain files in the browser's profile.
    const init: RequestInit = { method, headers, cache: 'no-store' };
    if (body !== undefined) init.body = JSON.stringify(body);
    let response: Response;
    try {
      response = await options.fetch(new Request(url, init));
    } catch {
      return fail('network');
    }
    if (response.status === 204) return { ok: true as const, value: null as unknown };
    const text = await response.text().catch(() => '');
    return answerJson(response, text);
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
