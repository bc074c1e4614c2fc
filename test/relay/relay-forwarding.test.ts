// The server as a relay in front of a real service, over real HTTP between real processes: a
// door joins a list and checks in through it (the check-in reaches the upstream once), an
// organiser's relay session opens the Admin API (and nothing else does), every other path is
// refused without reaching the upstream, and the upstream token never comes back out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { unlockedDb } from '../sync/support';
import { joinList } from '../../src/sync/lists/join-list';
import {
  type RelayPair,
  UPSTREAM_TOKEN,
  printedSignInCode,
  rawRequest,
  startRelayPair,
  upstreamListAddresses,
} from './relay-setup';

let pair: RelayPair;
/** Every body the relay answered in these tests, to look for the upstream token at the end. */
const answered: string[] = [];

beforeAll(async () => {
  // The bare forwarding, without the venue mirror: every request the relay lets through reaches
  // the upstream, so what reaches it is exactly what the whitelist allowed (the mirror's own
  // pulls would add to it). The mirror has its own tests (relay-mirror, mirror-*).
  pair = await startRelayPair({ RELAY_MIRROR: 'off' });
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

const relay = () => pair.relay.origin;
const listSlug = () => new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${relay()}${path}`, init);
  const text = await response.text();
  answered.push(text);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
  return { status: response.status, headers: response.headers, body: body as any, text };
}

let session = '';
async function signIn(): Promise<string> {
  if (session) return session;
  const answer = await call('/__service/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: printedSignInCode(pair.relay) }),
  });
  expect(answer.status).toBe(200);
  session = answer.body.token;
  return session;
}

describe('a door through the relay', () => {
  it('joins a real list by the address the relay hands out and checks in once upstream', async () => {
    const slug = listSlug();
    const db = unlockedDb(`relay-door-${Math.random()}`);
    const clientFor = (baseUrl: string) => createCheckinClient(createTransport({ baseUrl, fetch }));
    // The address a door opens or scans: the relay's, as its banner and the door kit give it.
    const joined = await joinList(db, clientFor, {
      code: `${relay()}/checkin_lists/${slug}`,
      defaultBaseUrl: `${relay()}/checkin`,
      now: Date.now(),
    });
    expect(joined.ok && joined.value.baseUrl).toBe(`${relay()}/checkin`);

    const client = clientFor(`${relay()}/checkin`);
    const tickets = await client.listPage('tickets', slug, 1);
    expect(tickets.ok).toBe(true);
    const ticket = tickets.ok ? tickets.value[0] : undefined;
    expect(ticket).toBeDefined();
    const before = pair.tap.seen.filter((s) => s.method === 'POST').length;
    const created = await client.createCheckin(slug, {
      ticketId: ticket?.id ?? 0,
      uuid: crypto.randomUUID(),
    });
    expect(created.ok).toBe(true);
    const posts = pair.tap.seen.filter(
      (s) => s.method === 'POST' && s.url.endsWith(`/checkin_lists/${slug}/checkins`),
    );
    expect(posts.length - before).toBe(1);
    // The upstream saw the check-in as the Check-in API expects it: no token, no cookie.
    const last = posts.at(-1);
    expect(last?.headers.authorization).toBeUndefined();
    expect(last?.headers.cookie).toBeUndefined();
    const listed = await call(`/checkin/checkin_lists/${slug}/checkins`);
    expect(listed.body.filter((c: { ticket_id: number }) => c.ticket_id === ticket?.id)).toHaveLength(1);
    db.close();
  });

  it('takes paths as the real router does (trailing and doubled slashes, .json) and forwards them clean', async () => {
    const slug = listSlug();
    const tickets = await call(`/checkin/checkin_lists/${slug}/tickets/`);
    expect(tickets.status).toBe(200);
    // Attendees' names: never kept by a browser's HTTP cache on its disk.
    expect(tickets.headers.get('cache-control')).toBe('no-store');
    const before = pair.tap.seen.length;
    const created = await call(`/checkin//checkin_lists/${slug}/checkins/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: tickets.body[1].id } }),
    });
    expect(created.status).toBe(201);
    const list = await call(`/checkin/checkin_lists/${slug}.json`);
    expect(list.body.slug).toBe(slug);
    expect(pair.tap.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST /checkin/checkin_lists/${slug}/checkins`,
      `GET /checkin/checkin_lists/${slug}`,
    ]);
  });

  it('passes the upstream’s own errors through in their shape', async () => {
    const missing = await call('/checkin/checkin_lists/chk_doesNotExist000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: expect.any(String) });
  });
});

describe('an organiser through the relay', () => {
  it('reads the real account’s events with a relay session, and is refused without one', async () => {
    const refused = await call('/v3/demo/events');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: 401 });
    const forged = await call('/v3/demo/events', {
      headers: { authorization: `Token token=${UPSTREAM_TOKEN}` },
    });
    expect(forged.status).toBe(401);

    const token = await signIn();
    expect(token).not.toContain(UPSTREAM_TOKEN);
    const events = await call('/v3/demo/events/?version=3.1', {
      headers: { authorization: `Token token=${token}` },
    });
    expect(events.status).toBe(200);
    expect(events.body.events.length).toBeGreaterThan(0);
    const reached = pair.tap.seen.filter((s) => s.url.startsWith('/v3/demo/events'));
    expect(reached.at(-1)?.headers.authorization).toBe(`Token token=${UPSTREAM_TOKEN}`);
    // The token's own events and its account, as clients of the real service ask for them.
    const auth = { authorization: `Token token=${token}` };
    const own = await call('/v3//events/?page[number]=1&version=3.1', { headers: auth });
    expect(own.status).toBe(200);
    expect(own.body.events.map((e: { slug: string }) => e.slug)).toEqual(
      events.body.events.map((e: { slug: string }) => e.slug),
    );
    const account = await call('/v3/demo.json', { headers: auth });
    expect(account.status).toBe(200);
    expect(account.body.account.slug).toBe('demo');
    expect(pair.tap.seen.slice(-2).map((s) => s.url)).toEqual([
      '/v3/events?page[number]=1&version=3.1',
      '/v3/demo',
    ]);
  });

  it('hands out list addresses and QR codes of the relay, never the upstream’s', async () => {
    const token = await signIn();
    const auth = { authorization: `Token token=${token}` };
    const events = await call('/v3/demo/events?version=3.1', { headers: auth });
    const event = events.body.events[0].slug;
    const lists = await call(`/v3/demo/${event}/checkin_lists?version=3.1`, { headers: auth });
    expect(lists.status).toBe(200);
    for (const list of lists.body.checkin_lists) {
      expect(list.web_checkin_url).toBe(`${relay()}/checkin_lists/${list.slug}`);
      expect(list.qr_code_url).toBe(`${relay()}/__service/qr/checkin_lists/${list.slug}.svg`);
    }
    expect(lists.text).not.toContain(pair.upstream.origin);
    const qr = await fetch(lists.body.checkin_lists[0].qr_code_url);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    const hello = await call('/v3/hello', { headers: auth });
    expect(hello.body.access_token).toBe(`*${token.slice(-4)}`);
  });

  it('reports its mode and each upstream’s reach at /__service', async () => {
    const info = await call('/__service');
    expect(info.body).toMatchObject({
      mode: 'relay',
      upstream_checkin_url: `${pair.tap.origin}/checkin`,
      // RELAY_MIRROR=off: nothing mirrored (on by default, it lists the joined lists by id and title).
      mirrored_lists: [],
      upstreams: [
        { api: 'checkin', origin: pair.tap.origin, reachable: true },
        { api: 'admin', origin: pair.tap.origin, reachable: true, authenticated: true },
      ],
    });
    expect(info.body.mirror).toBe(false);
  });
});

describe('what the relay refuses', () => {
  const hostile: [string, Record<string, string>?][] = [
    ['/v3/../__mock/reset'],
    ['/v3/%2e%2e/__mock/reset'],
    ['/checkin/%2e%2e/__mock/reset'],
    ['/checkin/checkin_lists/chk_x/..%2f..%2f..%2fv3%2fhello'],
    ['/x/../v3/hello'],
    ['/__mock/reset'],
    ['/__mock/faults'],
    [`${'http'}://evil.example/v3/hello`],
    ['//evil.example/checkin/checkin_lists/chk_abcdef'],
    ['/v3/demo/events/unknown_thing/1/2/3'],
    // Normalised as the real router would, and still outside the whitelist.
    ['/v3/demo/demo-conference/secrets.json'],
    ['/v3/./hello'],
    ['/v3/.//hello'],
    ['/v3/%2F/hello'],
    ['/v3/hello%2ejson'],
    ['/v3//..//__mock/reset'],
    ['/checkin/checkin_lists/chk_abcdef/.json'],
    ['/checkin/checkin_lists/chk_abcdef.json/..%2f..%2fv3%2fhello'],
    ['/checkin/checkin_lists/chk_abcdef/../../../__mock/faults.json'],
    ['///evil.example/v3/hello'],
    ['/checkin/checkin_lists/chk_abcdef/secret_admin_path'],
    ['/checkin/checkin_lists/chk_abcdef', { host: 'evil.example' }],
    ['/v3/hello', { host: 'evil.example' }],
  ];

  it.each(hostile)(
    'refuses %s with a 4xx JSON error, never reaching the upstream',
    async (target, headers) => {
      const token = await signIn();
      const before = pair.tap.seen.length;
      const answer = await rawRequest(relay(), target, {
        headers: { authorization: `Token token=${token}`, ...headers },
      });
      answered.push(answer.body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.parse(answer.body)).toMatchObject({ status: answer.status, message: expect.any(String) });
      expect(pair.tap.seen.slice(before)).toEqual([]);
    },
  );

  it('refuses methods a path does not take and bodies past the limit', async () => {
    const before = pair.tap.seen.length;
    const put = await call(`/checkin/checkin_lists/${listSlug()}`, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    const huge = await call(`/checkin/checkin_lists/${listSlug()}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        batch: { checkins: { 0: { ticket_id: 1 } } },
        pad: 'x'.repeat(2 * 1024 * 1024),
      }),
    });
    expect(huge.status).toBe(413);
    expect(pair.tap.seen.slice(before)).toEqual([]);
  });

  it('never shows the upstream token in any answer', () => {
    expect(answered.length).toBeGreaterThan(20);
    for (const body of answered) expect(body).not.toContain(UPSTREAM_TOKEN);
    expect(pair.relay.output()).not.toContain(UPSTREAM_TOKEN);
    expect(pair.relay.output()).not.toContain(listSlug());
  });
});
