// Reads a request body before the request waits for its turn, so a slow upload cannot hold up
// every other request. Each route takes a body only as large as it needs: reading stops at
// that size and the request is answered 413 without the rest being kept.
import { MAX_BODY_BYTES, tooLarge } from './body';

const SMALL_BODY_BYTES = 16 * 1024;
const ADMIN_BODY_BYTES = 256 * 1024;
const CHECKINS = /^\/checkin\/checkin_lists\/[^/]+\/checkins\/?$/;

/** The largest body a route takes: a batch of 1,000 check-ins, an Admin API record, or a small control body. */
export function bodyLimit(method: string, pathname: string): number {
  if (method === 'POST' && CHECKINS.test(pathname)) return MAX_BODY_BYTES;
  if ((pathname === '/v3' || pathname.startsWith('/v3/')) && method !== 'DELETE') return ADMIN_BODY_BYTES;
  return SMALL_BODY_BYTES;
}

/**
 * The request with its body in memory, or throws 413 once it passes `maxBytes`; at `url` when
 * given (the path the router matches), so the body is read from the request as it came.
 */
export async function bufferedRequest(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
  url = request.url,
): Promise<Request> {
  if (!request.body || request.method === 'GET' || request.method === 'HEAD')
    return url === request.url
      ? request
      : new Request(url, { method: request.method, headers: request.headers });
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge(maxBytes);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      // Not cancelled: the server discards the rest and closes the connection after the 413,
      // so the client reads the answer instead of a reset.
      reader.releaseLock();
      throw tooLarge(maxBytes);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(url, { method: request.method, headers, body });
}
