// Reads a request body before the request waits for its turn, so a slow upload cannot hold up
// every other request. Stops after the size limit: the router then answers 413.
import { MAX_BODY_BYTES } from './body';

export async function bufferedRequest(request: Request): Promise<Request> {
  if (!request.body || request.method === 'GET' || request.method === 'HEAD') return request;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      break;
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
  return new Request(request.url, { method: request.method, headers, body });
}
