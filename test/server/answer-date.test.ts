// The `Date` an answer is built with is the `Date` the client gets: @hono/node-server and Node's
// http add their own only when the answer has none. The relay relies on it to pass the
// upstream's clock on to doors (src/relay/relay-api.ts), compressed or not.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompression } from '../../src/server/compressed-answer';

const UPSTREAM_DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';
let server: ReturnType<typeof serve>;
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: withCompression(async (request: Request) => {
          const large = new URL(request.url).pathname === '/large';
          const body = JSON.stringify({ filler: 'x'.repeat(large ? 50_000 : 10) });
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (new URL(request.url).pathname !== '/undated') headers.date = UPSTREAM_DATE;
          return new Response(body, { headers });
        }),
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => {
        origin = `http://127.0.0.1:${info.port}`;
        resolve();
      },
    );
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an answer's own Date over real HTTP", () => {
  it('is the one the client gets, plain and compressed, and only that one', async () => {
    for (const path of ['/small', '/large']) {
      const answer = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.headers.get('date'), path).toBe(UPSTREAM_DATE);
      await answer.text();
    }
    const large = await fetch(`${origin}/large`, { headers: { 'accept-encoding': 'gzip' } });
    await large.text();
    expect(large.headers.get('content-encoding')).toBe('gzip');
  });

  it("is Node's own when the answer has none", async () => {
    const answer = await fetch(`${origin}/undated`);
    await answer.text();
    expect(Math.abs(Date.parse(answer.headers.get('date') ?? '') - Date.now())).toBeLessThan(5_000);
  });
});
