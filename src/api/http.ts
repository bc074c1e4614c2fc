// The transport: one JSON request to a base address, answered as a Result. `fetch` is the
// browser's, or the in-app mock's `(request) => service.handle(request)`; nothing above this
// file knows which. Every body is checked against a zod schema here, at the edge, so an
// unexpected shape becomes a `bad-response` naming the field instead of a crash later.
import * as z from 'zod/mini';
import { type Failure, fail, ok, type Result } from '../domain/result';
import { bodyText } from './body-text';

export type FetchLike = (request: Request) => Promise<Response>;

export interface TransportOptions {
  /** The check-in base address, without a trailing slash (`https://host/checkin`). */
  baseUrl: string;
  fetch: FetchLike;
  /** An answer slower than this counts as lost (its outcome unknown). */
  timeoutMs?: number;
  /** Told the service's clock (its `Date` header) as each answer arrives, whatever its status. */
  onServerTime?: (serverTime: number) => void;
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Beside `accept` and `content-type` (the fleet's `Authorization: Device …`). */
  headers?: Record<string, string>;
}

export interface Timed<T> {
  value: T;
  /** The service's clock (its `Date` header) when it answered; null when not exposed. */
  serverTime: number | null;
}

/**
 * A faster decoder beside a schema (src/api/page-decoders.ts): the schema's output for the same
 * body, or null, and then the schema judges the body (and names what is wrong with it).
 */
export type FastDecoder<S extends z.ZodMiniType> = (body: unknown) => z.output<S> | null;

export interface Transport {
  readonly baseUrl: string;
  request<S extends z.ZodMiniType>(
    req: JsonRequest,
    schema: S,
    fast?: FastDecoder<S>,
  ): Promise<Result<z.output<S>>>;
  requestTimed<S extends z.ZodMiniType>(
    req: JsonRequest,
    schema: S,
    fast?: FastDecoder<S>,
  ): Promise<Result<Timed<z.output<S>>>>;
}

function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function statusFailure(status: number, headers: Headers, body: unknown): Failure {
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message.slice(0, 200)
      : undefined;
  const extra = { status, ...(message ? { detail: message } : {}) };
  if (status === 429) {
    const after = retryAfterMs(headers.get('retry-after'));
    return fail('rate-limited', after === undefined ? extra : { ...extra, retryAfterMs: after });
  }
  if (status === 404) return fail('not-found', extra);
  // The app's own server says so of a door the organiser revoked (src/fleet/fleet-protocol.ts).
  if (status === 410 && body && typeof body === 'object' && 'revoked' in body && body.revoked === true)
    return fail('revoked', extra);
  if (status === 401 || status === 403) return fail('unauthorised', extra);
  if (status >= 500) return fail('server', extra);
  return fail('rejected', extra);
}

/** The service's clock when it answered, from its `Date` header; null when not exposed. */
function serverTime(response: Response): number | null {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? null : date;
}

function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown field';
  const at = issue.path.length ? issue.path.join('.') : '(root)';
  return `${at}: ${issue.message}`;
}

export function createTransport({
  baseUrl,
  fetch,
  timeoutMs = 20_000,
  onServerTime,
}: TransportOptions): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  async function send<S extends z.ZodMiniType>(
    req: JsonRequest,
    schema: S,
    fast?: FastDecoder<S>,
  ): Promise<Result<Timed<z.output<S>>>> {
    const url = new URL(`${base}${req.path}`);
    for (const [key, value] of Object.entries(req.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...req.headers, accept: 'application/json' };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let response: Response;
    let text: string;
    let answeredAt: number | null;
    try {
      response = await fetch(
        new Request(url, {
          method: req.method,
          headers,
          // Answers name attendees: the browser's HTTP cache on disk must never keep one.
          cache: 'no-store',
          body: req.body === undefined ? null : JSON.stringify(req.body),
          signal: abort.signal,
        }),
      );
      answeredAt = serverTime(response);
      // Told as the headers arrive: a long body read after them would make the clock look behind.
      if (answeredAt !== null) onServerTime?.(answeredAt);
      // The same text as `text()`, read into a buffer kept for the next answer (body-text.ts).
      text = await bodyText(response);
    } catch {
      return fail(abort.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        if (response.ok) return fail('bad-response', { status: response.status, detail: 'not JSON' });
      }
    }
    if (!response.ok) return statusFailure(response.status, response.headers, body);
    const decoded = fast?.(body) ?? null;
    if (decoded !== null) return ok({ value: decoded, serverTime: answeredAt });
    const parsed = z.safeParse(schema, body);
    if (!parsed.success)
      return fail('bad-response', { status: response.status, detail: describeIssue(parsed.error) });
    return ok({ value: parsed.data, serverTime: answeredAt });
  }
  return {
    baseUrl: base,
    requestTimed: send,
    async request(req, schema, fast) {
      const result = await send(req, schema, fast);
      return result.ok ? ok(result.value.value) : result;
    },
  };
}
