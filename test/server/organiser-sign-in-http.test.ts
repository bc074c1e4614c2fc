// The organiser's sign-in link over real HTTP to the Node server: read from what it prints,
// spent once for a token that works and survives a restart, never printed or echoed itself,
// and every malformed exchange answered 4xx in `{status, message}`, never 500.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchServiceInfo, redeemSignInCode } from '../../src/api/service-info';
import { createStaticApp } from '../../src/server/static-app';
import { CONTROL_HEADERS, type RunningServer, killHard, startServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'organiser-sign-in-'));
const distDir = join(root, 'dist');
const env = { MOCK_DATA_DIR: join(root, 'data'), DIST_DIR: distDir, MOCK_SEED: 'demo' };
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  server = await startServerProcess(env);
}, 90_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

function printedLinks(output: string): string[] {
  return [...output.matchAll(/^\s*Organiser:\s+(\S+)/gm)].map((match) => match[1] ?? '');
}

const codeOf = (link: string) => new URL(link).hash.replace(/^#code=/, '');

async function exchange(body: string | undefined, type: string | null = 'application/json') {
  const headers: Record<string, string> = {};
  if (type) headers['content-type'] = type;
  const response = await fetch(`${server.origin}/__service/sign-in`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
  return { status: response.status, headers: response.headers, body: parsed as any, text };
}

/** A body sent in chunks without a Content-Length, so the cap is met while reading. */
function chunkedPost(path: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.origin);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += String(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the organiser sign-in link over HTTP', () => {
  it('says at GET /__service that the page was served by this server, and where doors reach it', async () => {
    const response = await fetch(`${server.origin}/__service`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      service: 'venue-checkin',
      kind: 'node-server',
      origin: server.origin,
      door_origin: server.origin,
      admin_api: `${server.origin}/v3`,
      checkin_api: `${server.origin}/checkin`,
      reachable_from_network: false,
      sign_in: true,
      mode: 'mock',
      upstreams: [],
      mirrored_lists: [],
      fleet: true,
    });
  });

  it('lets the page tell this server from a static host, which answers /__service with the app shell', async () => {
    expect(await fetchServiceInfo(server.origin, (request) => fetch(request))).toEqual({
      origin: server.origin,
      doorOrigin: server.origin,
      reachableFromNetwork: false,
      mode: 'mock',
      upstreamCheckinUrl: null,
      upstreams: [],
    });
    const staticHost = createStaticApp(distDir);
    const shell = await staticHost.fetch(new Request('http://static.example/__service'));
    expect(shell.headers.get('content-type')).toContain('text/html');
    expect(
      await fetchServiceInfo('http://static.example', async (request) => staticHost.fetch(request)),
    ).toBeNull();
    expect(await fetchServiceInfo('http://127.0.0.1:9', (request) => fetch(request))).toBeNull();
  });

  it('prints one link with its QR code; its code gives a token once, which is never printed and outlives a restart', async () => {
    const [link] = printedLinks(server.output());
    expect(link).toMatch(/\/organiser\/sign-in#code=[0-9A-Za-z]{32}$/);
    // The QR code is drawn with half blocks below the link.
    expect(server.output()).toMatch(/Organiser:[^\n]*\n[^\n]*one use[^\n]*\n[^\n]*[▄▀█]/);
    const code = codeOf(link ?? '');

    const first = await exchange(JSON.stringify({ code }));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const token = first.body.token as string;
    expect(first.body).toMatchObject({ mode: 'live', version: '3.1', accounts: ['demo'] });
    const hello = await fetch(`${server.origin}/v3/hello`, {
      headers: { authorization: `Token token=${token}` },
    });
    expect(hello.status).toBe(200);

    const again = await exchange(JSON.stringify({ code }));
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      status: 410,
      message: expect.stringMatching(/^This sign-in link was already used\./),
    });
    expect(server.output()).not.toContain(token);

    // A restart prints a fresh link, not the token; the old link stays refused, the token works.
    await killHard(server);
    server = await startServerProcess(env);
    const [fresh] = printedLinks(server.output());
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(link);
    expect(server.output()).not.toContain(token);
    expect((await exchange(JSON.stringify({ code }))).status).toBe(401);
    const after = await fetch(`${server.origin}/v3/hello`, {
      headers: { authorization: `Token token=${token}` },
    });
    expect(after.status).toBe(200);
  }, 90_000);

  it('hands out a new link to the control token holder, closing the one before it', async () => {
    const [printed] = printedLinks(server.output());
    expect((await fetch(`${server.origin}/__service/sign-in-links`, { method: 'POST' })).status).toBe(401);
    const issued = await fetch(`${server.origin}/__service/sign-in-links`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
    });
    expect(issued.status).toBe(201);
    const { url, expires_at } = (await issued.json()) as { url: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);
    const replaced = await redeemSignInCode(server.origin, codeOf(printed ?? ''), (request) =>
      fetch(request),
    );
    expect(replaced).toMatchObject({ ok: false, reason: 'unauthorised', status: 410 });
    expect(replaced.ok === false && replaced.detail).toContain('replaced by a newer one');
    const signedIn = await redeemSignInCode(server.origin, codeOf(url), (request) => fetch(request));
    expect(signedIn).toMatchObject({ ok: true, value: { mode: 'live', version: '3.1', accounts: ['demo'] } });
  });

  it('answers every malformed exchange 4xx in the documented shape, never 500', async () => {
    const cases: [string, string | undefined, string | null, number][] = [
      ['no body', undefined, 'application/json', 400],
      ['form body', 'code=abc', 'application/x-www-form-urlencoded', 415],
      ['text body', '{"code":"abc"}', 'text/plain', 415],
      ['no content type', '{"code":"abc"}', null, 415],
      ['broken JSON', '{"code":', 'application/json', 400],
      ['an array', '["abc"]', 'application/json', 400],
      ['a string', '"abc"', 'application/json', 400],
      ['code as a number', '{"code":12345}', 'application/json', 400],
      ['code as an object', '{"code":{"a":1}}', 'application/json', 400],
      ['prototype key', '{"__proto__":{"code":"x"},"code":"y"}', 'application/json', 400],
      ['constructor key', '{"constructor":{"prototype":{}}}', 'application/json', 400],
      ['deep nesting', `${'['.repeat(40)}${']'.repeat(40)}`, 'application/json', 400],
      ['over 1 KB', JSON.stringify({ code: 'a'.repeat(2000) }), 'application/json', 413],
      ['code of the wrong form', '{"code":"../../etc/passwd"}', 'application/json', 401],
      ['code with unicode', '{"code":"ÄÖÜäöü0123456789abcdefghijklmnop"}', 'application/json', 401],
    ];
    for (const [name, body, type, status] of cases) {
      const answer = await exchange(body, type);
      expect({ name, status: answer.status }).toEqual({ name, status });
      expect(answer.body).toEqual({ status, message: expect.any(String) });
    }
    const chunked = await chunkedPost('/__service/sign-in', [
      '{"code":"',
      'a'.repeat(800),
      'a'.repeat(800),
      '"}',
    ]);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ status: 413, message: expect.any(String) });
    const get = await fetch(`${server.origin}/__service/sign-in`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const unknown = await fetch(`${server.origin}/__service/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: 404, message: expect.any(String) });
  });
});
