// Answers of the Node server compressed with gzip for a client that accepts it, as a real
// ticketing service's are behind its web server. A door's first download is some 113 MB of JSON
// for 100,000 tickets: gzip makes it about 17 MB on a venue's WiFi (docs/benchmarks.md, the
// twentieth sitting).
// Guarantees:
// - Compressed only where the request's Accept-Encoding names gzip (or `*`) with a weight above
//   0, the answer has a body of a text type (JSON, HTML, script, style, SVG, plain text; never
//   an event stream) of at least MIN_BYTES or of unknown length, and is not encoded already.
// - A compressed answer has `Content-Encoding: gzip` and no `Content-Length`; every answer that
//   could have been compressed says `Vary: Accept-Encoding`, so a cache keeps the two apart.
// - The bytes decompress to exactly the answer's own; status and other headers are kept.
// - Compression runs on zlib's thread pool at its fastest level: a relay serving forty doors
//   their first downloads at once spends the least CPU a byte.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createGzip } from 'node:zlib';
import { withHeaders } from '../http/answer-headers';

/** Below this, the header and the work cost more than the bytes saved. */
export const MIN_BYTES = 1024;

const TEXT_TYPE =
  /^(text\/(?!event-stream)[\w.+-]+|application\/([\w.-]+\+)?json|application\/(javascript|manifest\+json)|image\/svg\+xml)\s*(;|$)/i;

/** Whether the Accept-Encoding header accepts gzip: named (or `*`) with a weight above 0. */
export function acceptsGzip(header: string | null): boolean {
  if (!header || header.length > 1024) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const accepted = Number.isFinite(weight) && weight > 0;
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') return accepted;
    if (coding.trim() === '*') star = accepted;
  }
  return star;
}

function compressible(request: Request, response: Response): boolean {
  if (request.method === 'HEAD' || response.body === null) return false;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304)
    return false;
  if (response.headers.has('content-encoding') || response.headers.has('content-range')) return false;
  if (!TEXT_TYPE.test(response.headers.get('content-type') ?? '')) return false;
  const length = response.headers.get('content-length');
  return length === null || !(Number(length) < MIN_BYTES);
}

/** The answer as the client should get it: gzip where it accepts it and it pays (see the header). */
export function compressedAnswer(request: Request, response: Response): Response {
  if (!compressible(request, response)) return response;
  const vary = response.headers.get('vary');
  const varied = vary?.toLowerCase().includes('accept-encoding')
    ? vary
    : vary
      ? `${vary}, Accept-Encoding`
      : 'Accept-Encoding';
  if (!acceptsGzip(request.headers.get('accept-encoding'))) {
    return withHeaders(response, { vary: varied });
  }
  const headers = new Headers(response.headers);
  headers.set('vary', varied);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  const source = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  // A body that fails midway ends the gzip stream with its error: the connection is cut, as it
  // would be uncompressed, never a complete-looking answer.
  source.on('error', (error) => gzip.destroy(error));
  source.pipe(gzip);
  const body = Readable.toWeb(gzip) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A fetch handler whose answers are compressed as `compressedAnswer` says. */
export function withCompression<Env>(
  fetch: (request: Request, env: Env) => Promise<Response>,
): (request: Request, env: Env) => Promise<Response> {
  return async (request, env) => compressedAnswer(request, await fetch(request, env));
}
