// The Node server against the attacks, one by one, over real HTTP: prototype keys,
// deep keys and JSON, body caps per route, malformed paths, wrong types, oversized batches,
// cross-site writes, the control token, security headers and the Host header.
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST, DEMO_VIP_LIST } from '../../../src/mock-api/seed/demo';
import {
  CONTROL_HEADERS,
  type RunningServer,
  killHard,
  startServerProcess,
} from '../../server/server-process';

const TOKEN_31 = 'hardening-live-31';
const TOKEN_30 = 'hardening-live-30';
const PUBLIC_URL = 'https://doors.venue.example';
const ALLOWED_ORIGIN = 'http://localhost:5173';
const E = '/v3/demo/demo-conference';
const MAIN = `/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
const VIP = `/checkin/checkin_lists/${DEMO_VIP_LIST}`;

const root = mkdtempSync(join(tmpdir(), 'mock-hardening-'));
const distDir = join(root, 'dist');
let server: RunningServer;
let tickets: { id: number; slug: string; reference: string; release_id: number }[] = [];

beforeAll(async () => {
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  server = await startServerProcess({
    MOCK_DATA_DIR: join(root, 'data'),
    DIST_DIR: distDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '200',
    MOCK_FAULTS: '1',
    MOCK_API_TOKENS: `${TOKEN_31}:live:3.1:demo,${TOKEN_30}:live:3.0:demo`,
    PUBLIC_URL,
    MOCK_CORS_ORIGINS: ALLOWED_ORIGIN,
  });
  tickets = await (await fetch(`${server.origin}${MAIN}/tickets`)).json();
}, 90_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

async function send(path: string, init: RequestInit & { type?: string | null; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.type !== null && init.body !== undefined)
    headers.set('content-type', init.type ?? 'application/json');
  if (init.token) headers.set('authorization', `Token token=${init.token}`);
  const response = await fetch(`${server.origin}${path}`, { ...init, headers });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
  return { status: response.status, headers: response.headers, text, body: body as any };
}

const checkin = (list: string, item: unknown, type?: string | null) =>
  send(`${list}/checkins`, { method: 'POST', body: JSON.stringify({ checkin: item }), type });

const checkinCount = async () => (await send(MAIN)).body.checkins_count as number;

describe('the Node server refuses', () => {
  it('prototype keys with 400, and later check-ins on every list still work', async () => {
    for (const body of [
      '{"checkin":{"ticket_id":1},"__proto__":{"ticket_id":"nope"}}',
      '{"checkin[__proto__][ticket_id]":"x"}',
      '{"checkin":{"constructor":{"prototype":{"ticket_id":"x"}}}}',
    ]) {
      const res = await send(`${MAIN}/checkins`, { method: 'POST', body });
      expect(res.status, body).toBe(400);
      expect(res.body.message).toMatch(/may not use the key/);
    }
    const form = await send(`${E}/releases`, {
      method: 'POST',
      body: 'release[__proto__][title]=x',
      type: 'application/x-www-form-urlencoded',
      token: TOKEN_31,
    });
    expect(form.status).toBe(400);
    const vipTicket = (await (await fetch(`${server.origin}${VIP}/tickets`)).json())[0];
    expect((await checkin(VIP, { ticket_id: vipTicket.id })).status).toBe(201);
    expect((await checkin(MAIN, { ticket_slug: tickets[0]?.slug })).status).toBe(201);
  });

  it('keys with 100,000 and 300,000 `[]` and JSON 4,100 deep with 4xx, and stays up', async () => {
    for (const segments of [100_000, 300_000]) {
      const key = `checkin${'[]'.repeat(segments)}`;
      const json = await send(`${MAIN}/checkins`, { method: 'POST', body: JSON.stringify({ [key]: 1 }) });
      expect(json.status).toBe(400);
      const form = await send(`${E}/releases`, {
        method: 'POST',
        body: `release${'[]'.repeat(segments)}=1`,
        type: 'application/x-www-form-urlencoded',
        token: TOKEN_31,
      });
      expect([400, 413]).toContain(form.status);
    }
    const deep = `${'{"a":'.repeat(4_100)}1${'}'.repeat(4_100)}`;
    const metadata = await send(E, {
      method: 'PATCH',
      body: `{"event":{"metadata":${deep}}}`,
      token: TOKEN_31,
    });
    expect(metadata.status).toBe(400);
    expect(metadata.body).toMatchObject({ status: 400, message: expect.stringContaining('nests deeper') });
    expect((await send(E, { token: TOKEN_31 })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('bodies over each route’s cap with 413, declared or streamed', async () => {
    const before = await checkinCount();
    const big = (bytes: number) =>
      JSON.stringify({ checkin: { ticket_id: tickets[1]?.id }, pad: 'x'.repeat(bytes) });
    expect((await send(`${MAIN}/checkins`, { method: 'POST', body: big(1_100_000) })).status).toBe(413);
    expect((await send(`${MAIN}/checkins`, { method: 'POST', body: big(500_000) })).status).toBe(201);
    const admin = await send(`${E}/releases`, {
      method: 'POST',
      body: JSON.stringify({ release: { title: 'x'.repeat(300_000) } }),
      token: TOKEN_30,
    });
    expect(admin.status).toBe(413);
    expect(admin.body).toEqual({ errors: { base: ['The request body is larger than 262144 bytes'] } });
    const control = await send('/__mock/faults', {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(20_000) }),
      headers: CONTROL_HEADERS,
    });
    expect(control.status).toBe(413);
    const streamed = await fetch(`${server.origin}${MAIN}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await checkinCount()).toBe(before + 1);
    // A body sent to a list that does not exist is not read at all: 404, not 413.
    const unknown = await send('/checkin/checkin_lists/chk_pNoSuchList/checkins', {
      method: 'POST',
      body: big(1_100_000),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 404, message: 'Check-in list not found' });
    const noToken = await send(`${E}/releases`, { method: 'POST', body: big(1_100_000) });
    expect(noToken.status).toBe(401);
  });

  it('a refused request still being sent gets its answer, not a broken connection', async () => {
    // Found by the hostile-requests fuzz test: a 401 or 404 sent, and the connection closed,
    // while the client was still writing its body reads as "fetch failed" on the client.
    const body = JSON.stringify({ pad: 'x'.repeat(3_000_000) });
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const unknown = await send('/checkin/checkin_lists/chk_pNoSuchList/checkins', { method: 'POST', body });
      const noToken = await send(`${E}/releases`, { method: 'POST', body });
      answers.push(unknown.status, noToken.status);
    }
    expect(new Set(answers)).toEqual(new Set([404, 401]));
  });

  it('malformed percent-encoding in paths with 400 in each API’s shape', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/__mock/qr/%E0%A4%A', '/__mock/qr/checkin_lists/%E0%A4%A.svg']) {
      expect((await send(path)).status, path).toBe(400);
    }
    const checkinApi = await send('/checkin/checkin_lists/%E0%A4%A/checkins', { method: 'POST', body: '{}' });
    expect(checkinApi.body).toEqual({ status: 400, message: 'The path is not valid percent-encoding' });
    const admin31 = await send(`${E}/releases/%E0%A4%A`, { token: TOKEN_31 });
    expect(admin31.status).toBe(400);
    expect(admin31.body).toMatchObject({ status: 400, message: 'The path is not valid percent-encoding' });
    const admin30 = await send(`${E}/releases/%`, { token: TOKEN_30 });
    expect(admin30.body).toEqual({ errors: { base: ['The path is not valid percent-encoding'] } });
  });

  it('wrong types and impossible times in check-ins with 422 and a message, recording nothing', async () => {
    const before = await checkinCount();
    const id = tickets[2]?.id;
    for (const item of [
      { ticket_id: { toString: 1 } },
      { ticket_reference: [tickets[2]?.reference] },
      { ticket_id: id, uuid: { toString: 1 } },
      { ticket_id: id, created_at: { toString: 1 } },
      { ticket_id: id, created_at: -1e20 },
      { ticket_id: id, created_at: '-271821-04-19T00:00:00Z' },
    ]) {
      const res = await checkin(MAIN, item);
      expect(res.status, JSON.stringify(item)).toBe(422);
      expect(res.body).toEqual({ status: 422, message: expect.any(String) });
    }
    const batch = await send(`${MAIN}/checkins`, {
      method: 'POST',
      body: JSON.stringify({ batch: { checkins: Array.from({ length: 1_500 }, () => ({ ticket_id: id })) } }),
    });
    expect(batch.status).toBe(422);
    expect(batch.body.message).toBe('batch.checkins holds more than 1000 check-ins');
    expect(await checkinCount()).toBe(before);
  });

  it('wrong types in Admin API attributes with 422 in the documented shapes', async () => {
    const v31 = await send(`${E}/releases`, {
      method: 'POST',
      body: JSON.stringify({ release: { title: { toString: 1 } } }),
      token: TOKEN_31,
    });
    expect(v31.status).toBe(422);
    expect(v31.body).toMatchObject({
      status: 422,
      errors: { title: expect.any(Array) },
      error_list: expect.any(Array),
    });
    const v30 = await send(`${E}/releases`, {
      method: 'POST',
      body: JSON.stringify({ release: { title: ['x'] } }),
      token: TOKEN_30,
    });
    expect(v30.status).toBe(422);
    expect(v30.body).toEqual({ errors: { title: expect.any(Array) } });
  });
});

describe('cross-site requests', () => {
  it('refuses writes that do not say they are JSON (415), as a web page could send them unasked', async () => {
    const before = await checkinCount();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      null,
    ]) {
      const res = await checkin(MAIN, { ticket_id: tickets[3]?.id }, type);
      expect(res.status, String(type)).toBe(415);
      expect(res.body).toEqual({ status: 415, message: 'Send the request body as application/json' });
    }
    expect(await checkinCount()).toBe(before);
    // The app's own clients: JSON everywhere, and the Admin API's documented form encoding.
    expect((await checkin(MAIN, { ticket_id: tickets[3]?.id })).status).toBe(201);
    const form = await send(`${E}/releases`, {
      method: 'POST',
      body: 'release[title]=Form%20release',
      type: 'application/x-www-form-urlencoded',
      token: TOKEN_31,
    });
    expect(form.status).toBe(201);
  });

  it('allows CORS only for configured origins, never *', async () => {
    const preflight = (origin: string, path: string) =>
      fetch(`${server.origin}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    for (const path of [`${MAIN}/checkins`, `${E}/releases`]) {
      const allowed = await preflight(ALLOWED_ORIGIN, path);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      const evil = await preflight('https://evil.example', path);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    }
    const read = await fetch(`${server.origin}${MAIN}`, { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const qr = await fetch(`${server.origin}/__mock/qr/checkin_lists/${DEMO_CHECKIN_LIST}.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('needs the control token on /__mock controls: 401 without it or with another', async () => {
    const faults = (headers: Record<string, string>) => send('/__mock/faults', { headers });
    expect((await faults({})).status).toBe(401);
    expect((await faults({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await faults({ authorization: `Token token=${TOKEN_31}` })).status).toBe(401);
    const reset = await send('/__mock/reset', {
      method: 'POST',
      body: '{"seed":"empty"}',
      type: 'text/plain',
    });
    expect(reset.status).toBe(401);
    expect(await checkinCount()).toBeGreaterThan(0);
    const ok = await faults(CONTROL_HEADERS);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ faults: {} });
  });
});

describe('headers and addresses', () => {
  it('sends the security headers on the app and on every API', async () => {
    for (const path of [
      '/',
      '/checkin_lists/x',
      MAIN,
      '/v3/hello',
      `/__mock/qr/checkin_lists/${DEMO_CHECKIN_LIST}.svg`,
    ]) {
      const res = await fetch(`${server.origin}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    const app = await fetch(`${server.origin}/`);
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
    const api = await fetch(`${server.origin}${MAIN}`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('builds web_checkin_url and qr_code_url from the public address, whatever the Host header says', async () => {
    const port = new URL(server.origin).port;
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `${E}/checkin_lists`,
          headers: { host: 'evil.example', authorization: `Token token=${TOKEN_31}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).not.toContain('evil.example');
    const lists = JSON.parse(body).checkin_lists as { web_checkin_url: string; qr_code_url: string }[];
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      expect(list.web_checkin_url.startsWith(`${PUBLIC_URL}/checkin_lists/`)).toBe(true);
      expect(list.qr_code_url.startsWith(`${PUBLIC_URL}/__mock/qr/`)).toBe(true);
    }
  });
});
