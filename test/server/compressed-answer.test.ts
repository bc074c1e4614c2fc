// The server's answers gzip-compressed for a client that accepts it: the same bytes once
// decompressed, only where it pays and is asked for, and said in the headers; then the real
// server process answering a page of tickets both ways.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import {
  MIN_BYTES,
  acceptsGzip,
  compressedAnswer,
  withCompression,
} from '../../src/server/compressed-answer';
import { type RunningServer, killHard, startServerProcess } from './server-process';

const json = (n: number) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, name: `Ticket holder ${i}`, note: 'ü €' })));

const asked = (encoding: string | null, method = 'GET') =>
  new Request('http://door.test/checkin/x', {
    method,
    headers: encoding === null ? {} : { 'accept-encoding': encoding },
  });

const answer = (body: string | null, headers: Record<string, string>, status = 200) =>
  new Response(body, { status, headers });

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('acceptsGzip', () => {
  it('reads the codings and their weights', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=nonsense')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip(`${'x, '.repeat(400)}gzip`)).toBe(false);
  });
});

describe('compressedAnswer', () => {
  it('gzips a JSON answer the client accepts gzip for: the same bytes once decompressed', async () => {
    const body = json(500);
    const original = answer(body, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'x-kept': 'yes',
    });
    const compressed = compressedAnswer(asked('gzip, deflate, br'), original);
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('content-length')).toBeNull();
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(compressed.headers.get('x-kept')).toBe('yes');
    const bytes = await bytesOf(compressed);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(body) / 3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(body);
  });

  it('keeps an answer as it is, but for Vary, where the client does not accept gzip', async () => {
    const body = json(500);
    for (const encoding of [null, 'identity', 'gzip;q=0', 'br']) {
      const kept = compressedAnswer(
        asked(encoding),
        answer(body, { 'content-type': 'application/json', vary: 'Origin' }, 201),
      );
      expect(kept.headers.get('content-encoding')).toBeNull();
      expect(kept.headers.get('vary')).toBe('Origin, Accept-Encoding');
      expect(kept.status).toBe(201);
      expect((await bytesOf(kept)).toString('utf8')).toBe(body);
    }
  });

  it('leaves alone what would not pay or must not change', async () => {
    const big = json(500);
    const cases: [string, Request, Response][] = [
      [
        'a short answer',
        asked('gzip'),
        answer('{"ok":true}', { 'content-type': 'application/json', 'content-length': '11' }),
      ],
      ['an image', asked('gzip'), answer(big, { 'content-type': 'image/png' })],
      ['an event stream', asked('gzip'), answer(big, { 'content-type': 'text/event-stream' })],
      ['no type', asked('gzip'), new Response(new TextEncoder().encode(big))],
      [
        'already encoded',
        asked('gzip'),
        answer(big, { 'content-type': 'application/json', 'content-encoding': 'br' }),
      ],
      [
        'a part',
        asked('gzip'),
        answer(big, { 'content-type': 'text/plain', 'content-range': 'bytes 0-9/99' }, 206),
      ],
      ['a HEAD', asked('gzip', 'HEAD'), answer(null, { 'content-type': 'application/json' })],
      ['no content', asked('gzip'), answer(null, { 'content-type': 'application/json' }, 204)],
    ];
    for (const [what, request, response] of cases) {
      const out = compressedAnswer(request, response);
      expect(out.headers.get('content-encoding'), what).toBe(response.headers.get('content-encoding'));
      expect(out.headers.get('vary'), what).toBeNull();
    }
    expect(MIN_BYTES).toBeGreaterThan(11);
  });

  it('compresses every text type the app and the services answer with, and a body of unknown length', async () => {
    for (const type of [
      'application/json',
      'application/problem+json',
      'text/html; charset=utf-8',
      'text/javascript; charset=utf-8',
      'text/css',
      'text/csv; charset=utf-8',
      'image/svg+xml',
      'application/manifest+json',
    ]) {
      const body = `${'a,b,c\n'.repeat(400)}`;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body.slice(0, 1000)));
          controller.enqueue(new TextEncoder().encode(body.slice(1000)));
          controller.close();
        },
      });
      const out = compressedAnswer(
        asked('gzip'),
        new Response(stream, { headers: { 'content-type': type } }),
      );
      expect(out.headers.get('content-encoding'), type).toBe('gzip');
      expect(gunzipSync(await bytesOf(out)).toString('utf8'), type).toBe(body);
    }
  });

  it('cuts a body that fails midway rather than ending it as if complete', async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(json(100)));
        controller.error(new Error('the store went away'));
      },
    });
    const out = compressedAnswer(
      asked('gzip'),
      new Response(stream, { headers: { 'content-type': 'application/json' } }),
    );
    await expect(out.arrayBuffer()).rejects.toThrow();
  });

  it('wraps a fetch handler', async () => {
    const handler = withCompression(async (_request: Request, env: { body: string }) =>
      answer(env.body, { 'content-type': 'application/json' }),
    );
    const body = json(300);
    const out = await handler(asked('gzip'), { body });
    expect(gunzipSync(await bytesOf(out)).toString('utf8')).toBe(body);
  });
});

describe('the server process', () => {
  const root = mkdtempSync(join(tmpdir(), 'mock-gzip-'));
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server) await killHard(server);
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      },
    );

  it('answers a page of tickets gzipped when asked, and the same bytes plain when not', {
    timeout: 120_000,
  }, async () => {
    server = await startServerProcess({
      MOCK_SEED: 'demo',
      MOCK_SEED_TICKETS: '400',
      MOCK_DATA_DIR: join(root, 'data'),
      DIST_DIR: join(root, 'no-dist'),
    });
    const url = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}/tickets?page=1`;
    const plain = await get(url);
    const gzipped = await get(url, 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Uncompressed, the answer keeps its length: not turned into a stream sent in chunks.
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.headers['transfer-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('Accept-Encoding');
    expect(gzipped.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect((JSON.parse(plain.body.toString('utf8')) as unknown[]).length).toBeGreaterThan(100);
  });
});
