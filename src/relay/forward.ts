// One request to the upstream, and nothing else: the only place the relay opens a connection.
// Guarantees: the address is the caller's URL unchanged (built from the configured base, never
// from the client); a redirect is never followed (a 3xx is a failure, so an upstream cannot send
// the relay, or the token it carries, to another host); the whole exchange ends within
// `timeoutMs`; an answer larger than `maxResponseBytes` is dropped. Failures are values.
// The mirror's journal of door writes calls this too, so its retries get the same rules.

export interface UpstreamRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export type ForwardFailure = 'unreachable' | 'timeout' | 'redirect' | 'too-large';

export type ForwardResult = { ok: true; response: UpstreamResponse } | { ok: false; reason: ForwardFailure };

export interface ForwardLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

export const DEFAULT_LIMITS: ForwardLimits = { timeoutMs: 20_000, maxResponseBytes: 32 * 1024 * 1024 };

async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function forward(
  request: UpstreamRequest,
  limits: ForwardLimits = DEFAULT_LIMITS,
): Promise<ForwardResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      redirect: 'manual',
      signal,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'redirect' };
    }
    const body = await readLimited(response.body, limits.maxResponseBytes);
    if (!body) return { ok: false, reason: 'too-large' };
    return { ok: true, response: { status: response.status, headers: response.headers, body } };
  } catch {
    return { ok: false, reason: signal.aborted ? 'timeout' : 'unreachable' };
  }
}
