// Thousands of hostile requests to the real Node server over HTTP, on every route: malformed
// paths and percent-encoding, prototype keys, keys and JSON nested thousands deep, wrong types,
// oversized batches, wrong or missing Content-Type and tokens. None may answer 500 or take over
// 2 s; the process stays up, its memory comes back near where it started, and a rejected
// request leaves the stored records (the journal and snapshot on disk) exactly as they were.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routedPath } from '../../../src/http/route-path';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import { type RunningServer, killHard, startServerProcess } from '../../server/server-process';

const TOKEN = 'fuzz-live-token-31';
const TOKEN_30 = 'fuzz-live-token-30';
const E = '/v3/demo/demo-conference';
const LIST = `/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
const LIMIT_MS = 2_000;

const dataDir = mkdtempSync(join(tmpdir(), 'mock-fuzz-'));
const distDir = join(dataDir, 'dist');
let server: RunningServer;
let ticket = { id: 1, slug: 'ti_x', reference: 'X-1' };

/** Every file of the data dir, with size and change time: any committed write changes it. */
function storedState(): string {
  return readdirSync(dataDir)
    .filter((name) => name !== 'dist')
    .map((name) => {
      const info = statSync(join(dataDir, name));
      return `${name}:${info.size}:${info.mtimeMs}`;
    })
    .sort()
    .join('|');
}

async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

beforeAll(async () => {
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>fuzz</title>');
  server = await startServerProcess({
    MOCK_DATA_DIR: dataDir,
    DIST_DIR: distDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '300',
    MOCK_FAULTS: '1',
    MOCK_API_TOKENS: `${TOKEN}:live:3.1:demo,${TOKEN_30}:live:3.0:demo`,
  });
  const tickets = await (await fetch(`${server.origin}${LIST}/tickets`)).json();
  ticket = tickets[0];
}, 90_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

// --- what a hostile client sends -------------------------------------------------------------

const junkSegment = fc.oneof(
  fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '..%2f..%2fetc%2fpasswd', '%C0%AE', '%%', '%ff%fe', '~'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constant('x'.repeat(5000)),
);

const adminPaths = [
  '/v3/hello',
  '/v3/demo/events',
  '/v3/demo/events/past',
  E,
  ...[
    'releases',
    'registrations',
    'tickets',
    'checkin_lists',
    'discount_codes',
    'questions',
    'activities',
    'opt_ins',
    'interested_users',
    'webhook_endpoints',
    'venues',
    'rsvp_lists',
    'refunds',
    'waitlisted_people',
  ].map((resource) => `${E}/${resource}`),
];

const path = fc.oneof(
  fc.constantFrom(...adminPaths),
  fc.tuple(fc.constantFrom(...adminPaths), junkSegment).map(([base, junk]) => `${base}/${junk}`),
  fc.constantFrom('', '/tickets', '/checkins', '/questions', '/answers').map((tail) => `${LIST}${tail}`),
  junkSegment.map((junk) => `${LIST}/checkins/${junk}`),
  junkSegment.map((junk) => `${LIST}/tickets/${junk}`),
  junkSegment.map((junk) => `/checkin/checkin_lists/${junk}`),
  junkSegment.map((junk) => `/__mock/qr/checkin_lists/${junk}.svg`),
  fc.constantFrom(`/__mock/qr/checkin_lists/${DEMO_CHECKIN_LIST}.svg`, '/__mock/reset', '/__mock/faults'),
  junkSegment.map((junk) => `/__mock/${junk}`),
  junkSegment.map((junk) => `/${junk}`),
  junkSegment.map((junk) => `/assets/${junk}`),
  // Paths as the real router takes them (`//`, a trailing `/`, `.json`), around junk as well.
  fc
    .tuple(
      fc.constantFrom(...adminPaths, LIST, `${LIST}/checkins`, `${LIST}/tickets`),
      fc.constantFrom('/', '//', '.json', '.json/', '/.json', '.json.json', '%2Ejson', '/./', '/../'),
    )
    .map(([base, tail]) => `${base}${tail}`),
  fc.constantFrom(...adminPaths, LIST).map((base) => base.replace(/\//g, '//')),
);

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?page=-1',
    '?page=1e400',
    '?since=-1e20',
    '?since=%E0%A4%A',
    '?version=3.1',
    '?version=9',
    '?search[q]=%',
    '?search[states][]=x&search[states][]=y',
    `?${'a[]'.repeat(2000)}=1`,
    '?expand=registration,release,%',
    '?__proto__[x]=1',
    '?page[number]=0&page[size]=-5',
    '?q[reference_eq]=X&q[__proto___eq]=1',
    `?q[reference_in][]=${'A'.repeat(3000)}&q[name_cont]=%`,
    '?q[constructor][prototype]=1',
  ),
  fc.string({ maxLength: 30 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);

const scalar = fc.oneof(
  fc.constantFrom(-1e20, 1e20, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', 'null', '9'.repeat(400)),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const confused = fc.oneof(
  scalar,
  fc.constantFrom({ toString: 1 }, { valueOf: 1 }, { toJSON: 1 }, [], [1, 2], [{}], { length: 1e9 }),
);

const checkinItem = fc.record(
  {
    ticket_id: confused,
    ticket_reference: confused,
    ticket_slug: confused,
    uuid: confused,
    created_at: confused,
  },
  { requiredKeys: [] },
);

const deepJson = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const PROTO_BODIES = [
  '{"__proto__":{"polluted":1}}',
  '{"checkin":{"__proto__":{"ticket_id":1}}}',
  '{"checkin[__proto__][polluted]":1}',
  '{"event[__proto__][polluted]":1}',
  '{"release":{"constructor":{"prototype":{"polluted":1}}}}',
  '{"constructor[prototype][polluted]":1}',
  '{"batch":{"checkins":{"__proto__":{"ticket_id":1}}}}',
];
const PROTO_FORMS = [
  '__proto__[polluted]=1',
  'event[__proto__][polluted]=1',
  'release[constructor][prototype][polluted]=1',
  'checkin[__proto__][ticket_id]=1',
  'prototype[x]=1',
];

const jsonBody = fc.oneof(
  fc.constantFrom(...PROTO_BODIES),
  checkinItem.map((checkin) => JSON.stringify({ checkin })),
  fc.array(checkinItem, { maxLength: 3 }).map((checkins) => JSON.stringify({ batch: { checkins } })),
  fc
    .constantFrom('release', 'event', 'registration', 'checkin_list', 'question', 'webhook_endpoint')
    .chain((resource) =>
      fc
        .dictionary(
          fc.constantFrom(
            'title',
            'name',
            'email',
            'metadata',
            'price',
            'quantity',
            'line_items',
            'start_at',
          ),
          confused,
          { maxKeys: 3 },
        )
        .map((attrs) => JSON.stringify({ [resource]: attrs })),
    ),
  fc.constantFrom(
    deepJson(5_000),
    deepObject(4_100),
    `{"event":{"metadata":${deepObject(4_100)}}}`,
    `{"checkin":${deepJson(40, '{}')}}`,
    '{',
    '[]',
    '"x"',
    'null',
    '{"checkin":{"ticket_id":1}',
    `{"checkin":{"ticket_slug":"${'\\u0000'.repeat(100)}"}}`,
    `{"checkin${'[]'.repeat(1_000)}":1}`,
  ),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
);

const formBody = fc.oneof(
  fc.constantFrom(...PROTO_FORMS),
  fc.constantFrom(
    `checkin${'[]'.repeat(1_000)}=1`,
    `release${'[a]'.repeat(50)}=1`,
    'release[title]=%E0%A4%A&release[price]=%',
    `${'a=1&'.repeat(5_000)}`,
  ),
  fc.string({ maxLength: 40 }),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  '',
  'application/json, text/plain',
);

const authorization = fc.constantFrom(
  `Token token=${TOKEN}`,
  `Token token="${TOKEN_30}"`,
  `Bearer ${TOKEN}`,
  'Token token=wrong',
  'Bearer wrong-control-token',
  'Basic Zm9vOmJhcg==',
  '',
  `Token token=${'x'.repeat(4000)}`,
);

const hostile = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  path,
  query,
  body: fc.oneof(jsonBody, formBody, fc.constant('')),
  contentType,
  authorization,
  origin: fc.constantFrom('', 'https://evil.example', 'null'),
});

async function send(request: Hostile) {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.authorization) headers.authorization = request.authorization;
  if (request.origin) headers.origin = request.origin;
  const hasBody = request.body !== '' && request.method !== 'GET' && request.method !== 'HEAD';
  const started = performance.now();
  const response = await fetch(`${server.origin}${request.path}${request.query}`, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started, headers: response.headers };
}

type Hostile = {
  method: string;
  path: string;
  query: string;
  body: string;
  contentType: string;
  authorization: string;
  origin: string;
};

describe('the Node server under hostile requests', () => {
  it('never answers 500, never stalls, stays up and changes nothing when it refuses', {
    timeout: 120_000,
  }, async () => {
    const startRss = await rssMb();
    let peakRss = startRss;
    let requests = 0;
    const refused = new Map<number, number>();

    const check = async (sent: Hostile) => {
      // The event itself stays (a DELETE of it would be accepted): the check-in after the run needs it.
      // Under any of its forms: `${E}/`, `${E}.json`, `//v3//…` and `${E}/releases/../` are the event too.
      const request =
        sent.method === 'DELETE' && routedPath(new URL(sent.path, 'http://x').pathname) === E
          ? { ...sent, method: 'PATCH' }
          : sent;
      const before = storedState();
      const answer = await send(request);
      requests += 1;
      const what = `${request.method} ${request.path.slice(0, 80)}${request.query.slice(0, 40)} [${request.contentType}] ${request.body.slice(0, 80)}: ${answer.status} ${answer.text.slice(0, 200)}`;
      expect(answer.status, what).toBeLessThan(500);
      expect(answer.ms, what).toBeLessThan(LIMIT_MS);
      expect(answer.headers.get('access-control-allow-origin'), what).toBeNull();
      expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
      if (answer.status >= 400) {
        refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
        expect(storedState(), what).toBe(before);
        if (request.path.startsWith('/v3') || request.path.startsWith('/checkin/')) {
          if (request.method !== 'HEAD') expect(() => JSON.parse(answer.text), what).not.toThrow();
        }
      }
      if (requests % 100 === 0) peakRss = Math.max(peakRss, await rssMb());
    };

    // The requests that froze or killed the server before, each sent on its own.
    const heavy: Hostile[] = [
      { body: `checkin${'[]'.repeat(100_000)}=1`, contentType: 'application/x-www-form-urlencoded' },
      { body: `checkin${'[]'.repeat(300_000)}=1`, contentType: 'application/x-www-form-urlencoded' },
      { body: JSON.stringify({ [`checkin${'[]'.repeat(300_000)}`]: 1 }), contentType: 'application/json' },
      { body: deepJson(400_000), contentType: 'application/json' },
      {
        body: JSON.stringify({
          batch: { checkins: Array.from({ length: 1_500 }, () => ({ ticket_id: ticket.id })) },
        }),
        contentType: 'application/json',
      },
    ].flatMap((part) =>
      [`${LIST}/checkins`, `${E}/releases`, '/__mock/faults'].map((target) => ({
        method: 'POST',
        path: target,
        query: '',
        authorization: target.startsWith('/v3') ? `Token token=${TOKEN}` : '',
        origin: '',
        ...part,
      })),
    );
    for (const request of heavy) await check(request);

    await fc.assert(fc.asyncProperty(hostile, check), { numRuns: 2_500, seed: 20261123, endOnFailure: true });

    // Still up, still answering, and nothing leaked into Object.prototype: a plain check-in works.
    expect(server.child.exitCode).toBeNull();
    const admitted = await fetch(`${server.origin}${LIST}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticket.id } }),
    });
    expect(admitted.status).toBe(201);
    expect(Object.keys(await admitted.json())).not.toContain('polluted');
    const hello = await fetch(`${server.origin}/v3/hello`, {
      headers: { authorization: `Token token=${TOKEN}` },
    });
    expect(hello.status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const endRss = await rssMb();
    expect(peakRss, `peak RSS ${peakRss} MB from ${startRss} MB`).toBeLessThan(startRss + 400);
    expect(endRss, `RSS ${endRss} MB after, ${startRss} MB before`).toBeLessThan(startRss + 200);
    expect(refused.get(413) ?? 0).toBeGreaterThan(0);
    expect(refused.get(400) ?? 0).toBeGreaterThan(0);
    expect(refused.get(415) ?? 0).toBeGreaterThan(0);
    expect(refused.get(401) ?? 0).toBeGreaterThan(0);
  });
});
