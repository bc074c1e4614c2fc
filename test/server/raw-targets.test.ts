// A request that names no record changes nothing, whatever its path makes of a URL parser.
// Every route family of the built-in service's host (Admin API, Check-in API, `/__mock`, the
// organiser sign-in, the files), each method, and each way of writing a dot segment or an
// encoded separator, sent raw over a socket with valid credentials: each is answered 400 or
// 404 (in the API's error shape where there is one), and afterwards the stored data, the event
// and its list read exactly as before.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { CONTROL_HEADERS, type RunningServer, killHard, startServerProcess } from './server-process';
import { METHODS, sendRaw, walkingTargets } from './raw-target';

const TOKEN = 'raw-target-live-token';
const AUTH = { Authorization: `Token token=${TOKEN}` };
const EVENT = '/v3/demo/demo-conference';
const LIST = `/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;

const root = mkdtempSync(join(tmpdir(), 'raw-targets-'));
const dataDir = join(root, 'data');
const distDir = join(root, 'dist');
let server: RunningServer;

function storedFiles(): string {
  return readdirSync(dataDir)
    .map((name) => {
      const info = statSync(join(dataDir, name));
      return `${name}:${info.size}:${info.mtimeMs}`;
    })
    .sort()
    .join('|');
}

async function read(path: string): Promise<unknown> {
  const answer = await fetch(`${server.origin}${path}`, { headers: AUTH });
  return { status: answer.status, body: await answer.text() };
}

/** What the service holds, as its own APIs show it. */
async function serviceView(): Promise<unknown[]> {
  return Promise.all(
    [
      EVENT,
      `${EVENT}/releases`,
      `${EVENT}/checkin_lists`,
      `${EVENT}/registrations?page[size]=1000`,
      `${EVENT}/questions`,
      `${LIST}/tickets`,
      `${LIST}/checkins`,
    ].map(read),
  );
}

beforeAll(async () => {
  mkdirSync(distDir);
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(distDir, 'assets', 'app.js'), 'export {};');
  server = await startServerProcess({
    MOCK_DATA_DIR: dataDir,
    DIST_DIR: distDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '60',
    MOCK_FAULTS: '1',
    MOCK_API_TOKENS: `${TOKEN}:live:3.1:demo`,
  });
}, 90_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

async function routeFamilies(): Promise<{ path: string; headers: Record<string, string>; json: boolean }[]> {
  const first = async (path: string, key = 'slug') => {
    const answer = (await (await fetch(`${server.origin}${path}`, { headers: AUTH })).json()) as Record<
      string,
      Record<string, unknown>[]
    >;
    const records =
      Object.values(answer).find(Array.isArray) ?? (answer as unknown as Record<string, unknown>[]);
    return String(records[0]?.[key] ?? '');
  };
  const release = await first(`${EVENT}/releases`);
  const registration = await first(`${EVENT}/registrations`);
  const ticket = await first(`${LIST}/tickets`, 'id');
  const created = (await (
    await fetch(`${server.origin}${LIST}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: Number(ticket) } }),
    })
  ).json()) as { uuid: string };
  const admin = [
    '/v3/hello',
    '/v3/demo/events',
    EVENT,
    `${EVENT}/releases/${release}`,
    `${EVENT}/releases/${release}/archival`,
    `${EVENT}/registrations/${registration}`,
    `${EVENT}/tickets`,
    `${EVENT}/checkin_lists/${DEMO_CHECKIN_LIST}`,
    `${EVENT}/questions`,
    `${EVENT}/discount_codes`,
    `${EVENT}/activities`,
    `${EVENT}/opt_ins`,
    `${EVENT}/rsvp_lists`,
    `${EVENT}/webhook_endpoints`,
  ].map((path) => ({ path, headers: AUTH, json: true }));
  const checkin = [
    LIST,
    `${LIST}/checkins`,
    `${LIST}/checkins/${created.uuid}`,
    `${LIST}/tickets/${ticket}`,
  ].map((path) => ({ path, headers: {}, json: true }));
  const mock = ['/__mock/faults', '/__mock/reset', `/__mock/qr/checkin_lists/${DEMO_CHECKIN_LIST}.svg`].map(
    (path) => ({ path, headers: CONTROL_HEADERS, json: true }),
  );
  const other = [
    { path: '/__service/info', headers: {}, json: true },
    { path: '/__service/sign-in', headers: {}, json: true },
    { path: '/assets/app.js', headers: {}, json: false },
    { path: '/checkin_lists/x', headers: {}, json: false },
  ];
  return [...admin, ...checkin, ...mock, ...other];
}

describe('raw request targets on the built-in service', () => {
  it('answers every walking target 400 or 404 and changes nothing', async () => {
    const families = await routeFamilies();
    const before = await serviceView();
    const files = storedFiles();
    const wrong: string[] = [];
    for (const family of families) {
      for (const target of walkingTargets(family.path)) {
        for (const method of METHODS) {
          const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : '';
          const answer = await sendRaw(server.origin, method, target, family.headers, body);
          const shaped =
            method === 'HEAD' || !family.json || answer.status === 400 || /"status":\s*404/.test(answer.body);
          if (![400, 404].includes(answer.status) || !shaped)
            wrong.push(`${method} ${target} -> ${answer.status} ${answer.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(storedFiles()).toBe(files);
    expect(await serviceView()).toEqual(before);
  }, 240_000);

  it('answers the documented error shape on each API, named by the target as sent', async () => {
    const admin = await sendRaw(server.origin, 'DELETE', `${EVENT}/releases/..`, AUTH);
    expect(admin.status).toBe(404);
    expect(JSON.parse(admin.body)).toMatchObject({ status: 404 });
    // Resolved, `/checkin/../v3/hello` would be the Admin API; as sent it is the Check-in API's.
    const checkin = await sendRaw(server.origin, 'GET', '/checkin/../v3/hello', AUTH);
    expect(checkin.status).toBe(404);
    expect(JSON.parse(checkin.body)).toEqual({
      status: 404,
      message: 'The endpoint requested does not exist',
    });
    const absolute = await sendRaw(server.origin, 'GET', `http://elsewhere.example${EVENT}`, AUTH);
    expect(absolute.status).toBe(400);
  });

  it('reads the mock controls as routed, like the API routes', async () => {
    for (const path of ['/__mock//faults', '/__mock/faults/', '/__mock/faults.json']) {
      const answer = await sendRaw(server.origin, 'GET', path, CONTROL_HEADERS);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(JSON.parse(answer.body)).toHaveProperty('faults');
    }
  });
});
