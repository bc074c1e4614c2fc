// The fleet's endpoints as a handler (the hosts' own checks are in the process tests): every
// hostile or malformed request gets a 4xx `{status, message}` and changes nothing; wrong join
// codes are limited per address and all look alike; an organiser reaches only their event.
import { describe, expect, it } from 'vitest';
import { JOIN_ATTEMPTS } from '../../src/fleet/attempt-limit';
import { createFleetHttp } from '../../src/fleet/fleet-http';
import type { FleetPorts } from '../../src/fleet/fleet-ports';
import { DOORS_PATH, FLEET_PATH } from '../../src/fleet/fleet-protocol';
import { EVENT, LIST, doorReport, fleetAt, memoryCheckins } from './fleet-factories';

const ORIGIN = 'http://fleet.test';
const ORGANISER = { authorization: 'Token token=organiser' };
const BASE = `${FLEET_PATH}/${EVENT.account}/${EVENT.event}`;

const ports: FleetPorts = {
  async authorise(request, key) {
    if (request.headers.get('authorization') !== ORGANISER.authorization)
      return { ok: false, status: 401, message: 'Sign in' };
    return key.account === EVENT.account && key.event === EVENT.event
      ? { ok: true }
      : { ok: false, status: 404, message: 'Event not found' };
  },
  async listOf(_key, slug) {
    return slug === LIST.slug
      ? { ok: true, ...LIST }
      : { ok: false, status: 422, message: "That check-in list is not one of this event's" };
  },
};

async function server() {
  const fleet = await fleetAt();
  const checkins = memoryCheckins();
  const handle = createFleetHttp({
    store: fleet.store,
    checkins,
    ports,
    clock: fleet.clock,
    doorOrigin: ORIGIN,
  });
  const send = async (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    caller = '10.0.0.1',
  ) => {
    const headers = {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    };
    const response = await handle(new Request(`${ORIGIN}${path}`, { ...init, headers }), caller);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
  };
  const createCode = async (max_devices = 2) => {
    const made = await send(`${BASE}/join_codes`, {
      method: 'POST',
      headers: ORGANISER,
      body: JSON.stringify({ checkin_list: LIST.slug, valid_minutes: 30, max_devices }),
    });
    return made.body.join_code;
  };
  const join = (code: string, caller?: string) =>
    send(
      `${DOORS_PATH}/join`,
      { method: 'POST', body: JSON.stringify({ code, name: 'North', app_version: '1.0.0' }) },
      caller,
    );
  return { ...fleet, checkins, send, createCode, join };
}

describe('the fleet endpoints', () => {
  it('joins by a code and answers what the protocol says', async () => {
    const { createCode, join } = await server();
    const code = await createCode();
    const joined = await join(code.code);
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({
      device: { id: expect.stringMatching(/^dv_/), name: 'North' },
      credential: expect.stringMatching(/^dev_[0-9A-Za-z]{40}$/),
      // Where the door reached this server: its public address may be another (the door resolves it).
      checkin_url: '/checkin',
      checkin_list: { title: LIST.title },
    });
    expect(joined.headers.get('cache-control')).toBe('no-store');
  });

  it('answers every code that joins no one with one 404, and slows a guesser down per address', async () => {
    const { createCode, join, send, clock } = await server();
    const used = await createCode(1);
    await join(used.code);
    const withdrawn = await createCode(1);
    await send(`${BASE}/join_codes/${withdrawn.id}`, { method: 'DELETE', headers: ORGANISER });
    const answers = await Promise.all(
      [used.code, withdrawn.code, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'not a code', ''].map((code) =>
        join(code, '10.0.0.9'),
      ),
    );
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers[0]?.status).toBe(404);
    for (let i = answers.length; i < JOIN_ATTEMPTS.max; i++) await join('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.0.0.9');
    const live = await createCode(5);
    const limited = await join(live.code, '10.0.0.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await join(live.code, '10.0.0.10')).status).toBe(201);
    clock.advance(10 * 60_000);
    expect((await join(live.code, '10.0.0.9')).status).toBe(201);
  });

  it('lets a venue set up its doors from one address: a dozen phones, three typos each, all join', async () => {
    const { createCode, join } = await server();
    const live = await createCode(12);
    const typo = `${live.code.slice(0, -1)}${live.code.endsWith('Z') ? 'Y' : 'Z'}`;
    for (let door = 0; door < 12; door++) {
      for (let i = 0; i < 3; i++) expect((await join(typo, '203.0.113.7')).status).toBe(404);
      expect((await join(live.code, '203.0.113.7')).status).toBe(201);
    }
  });

  it('counts a guess before its body is read: twice the limit at once from one address, the limit looked at', async () => {
    const { createCode, join } = await server();
    const answers = await Promise.all(
      Array.from({ length: 2 * JOIN_ATTEMPTS.max }, () => join('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.0.0.11')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(JOIN_ATTEMPTS.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(JOIN_ATTEMPTS.max);
    // A code that joins, and a body that is no guess, count against no one.
    const live = await createCode(20);
    for (let i = 0; i < 12; i++) expect((await join(live.code, '10.0.0.12')).status).toBe(201);
    expect((await join('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.0.0.12')).status).toBe(404);
  });

  it('lets go of the check-ins a device made once it says it has forgotten the list', async () => {
    const { createCode, join, send, checkins } = await server();
    const joined = await join((await createCode()).code);
    await checkins.add(joined.body.device.id, ['uuid-0001']);
    const device = { authorization: `Device ${joined.body.credential}` };
    expect((await send(`${DOORS_PATH}/forgotten`, { method: 'POST', headers: device })).status).toBe(204);
    expect(checkins.dropped).toEqual([joined.body.device.id]);
    expect(await checkins.has(joined.body.device.id, 'uuid-0001')).toBe(false);
  });

  it('gives an organiser only their own event, and only with their credential', async () => {
    const { send } = await server();
    expect((await send(BASE)).status).toBe(401);
    expect((await send(BASE, { headers: { authorization: 'Token token=guess' } })).status).toBe(401);
    expect((await send(`${FLEET_PATH}/demo/another-event`, { headers: ORGANISER })).status).toBe(404);
    const view = await send(BASE, { headers: ORGANISER });
    expect(view.status).toBe(200);
    expect(view.body.summary.doors).toBe(0);
  });

  it('refuses a list of another event', async () => {
    const { send } = await server();
    const made = await send(`${BASE}/join_codes`, {
      method: 'POST',
      headers: ORGANISER,
      body: JSON.stringify({ checkin_list: 'chk_pSomeoneElse', valid_minutes: 30, max_devices: 2 }),
    });
    expect(made.status).toBe(422);
  });

  it('refuses hostile and malformed requests with a 4xx, changing nothing', async () => {
    const { send, createCode, join, file } = await server();
    const code = await createCode(5);
    const joined = await join(code.code);
    const device = { authorization: `Device ${joined.body.credential}` };
    const savesBefore = file.saves;
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const requests: [string, { method?: string; headers?: Record<string, string>; body?: string }][] = [
      [`${DOORS_PATH}/join`, { method: 'POST', body: 'x'.repeat(2000) }],
      [`${DOORS_PATH}/join`, { method: 'POST', body: `{"code": ${deep}}` }],
      [`${DOORS_PATH}/join`, { method: 'POST', body: `{"__proto__": {"code": "${code.code}"}}` }],
      [`${DOORS_PATH}/join`, { method: 'POST', body: `{"constructor": {"prototype": {"x": 1}}}` }],
      [
        `${DOORS_PATH}/join`,
        { method: 'POST', body: 'code=ABCD', headers: { 'content-type': 'text/plain' } },
      ],
      [`${DOORS_PATH}/join`, { method: 'POST', body: '{"code": 1, "name": [], "app_version": {}}' }],
      [`${DOORS_PATH}/join`, { method: 'POST', body: '[1, 2]' }],
      [`${DOORS_PATH}/join`, { method: 'GET' }],
      [`${DOORS_PATH}/report`, { method: 'POST', body: JSON.stringify(doorReport()) }],
      [
        `${DOORS_PATH}/report`,
        { method: 'POST', headers: { authorization: 'Device dev_guess' }, body: '{}' },
      ],
      [
        `${DOORS_PATH}/report`,
        { method: 'POST', headers: device, body: JSON.stringify({ ...doorReport(), unsent: -1 }) },
      ],
      [`${DOORS_PATH}/report`, { method: 'POST', headers: device, body: `{"x": "${'y'.repeat(9000)}"}` }],
      [`${DOORS_PATH}/forgotten`, { method: 'POST', headers: { authorization: 'Token token=organiser' } }],
      [`${DOORS_PATH}/__proto__`, { method: 'POST', body: '{}' }],
      [`${DOORS_PATH}/constructor`, { method: 'POST', body: '{}' }],
      [`${DOORS_PATH}`, { method: 'POST', body: '{}' }],
      [`${DOORS_PATH}/join/extra`, { method: 'POST', body: '{}' }],
      [`${BASE}/join_codes`, { method: 'POST', headers: ORGANISER, body: '{"checkin_list": {"$gt": ""}}' }],
      [
        `${BASE}/join_codes`,
        {
          method: 'POST',
          headers: ORGANISER,
          body: `{"checkin_list": "${LIST.slug}", "valid_minutes": "30", "max_devices": 2}`,
        },
      ],
      [
        `${BASE}/join_codes`,
        { method: 'POST', body: `{"checkin_list": "${LIST.slug}", "valid_minutes": 30, "max_devices": 2}` },
      ],
      [`${BASE}/join_codes/jc_unknown`, { method: 'DELETE', headers: ORGANISER }],
      [`${BASE}/join_codes/${code.id}`, { method: 'DELETE' }],
      [`${BASE}/join_codes/__proto__`, { method: 'DELETE', headers: ORGANISER }],
      [`${BASE}/devices/dv_unknown/revocation`, { method: 'POST', headers: ORGANISER }],
      [`${BASE}/devices/${joined.body.device.id}/revocation`, { method: 'POST' }],
      [`${BASE}/devices/${joined.body.device.id}/revocation`, { method: 'DELETE', headers: ORGANISER }],
      [
        `${BASE}/devices/${joined.body.device.id}/identification`,
        { method: 'POST', headers: { authorization: `Device ${joined.body.credential}` } },
      ],
      [
        `${FLEET_PATH}/demo/other-event/devices/${joined.body.device.id}/revocation`,
        { method: 'POST', headers: ORGANISER },
      ],
      [
        `${FLEET_PATH}/demo/${EVENT.event}%2F..%2F/join_codes`,
        { method: 'POST', headers: ORGANISER, body: '{}' },
      ],
      [`${FLEET_PATH}/demo//${EVENT.event}`, { headers: ORGANISER }],
      [`${FLEET_PATH}/demo/${EVENT.event}/devices`, { headers: ORGANISER }],
      [`${FLEET_PATH}/${'a'.repeat(300)}/${EVENT.event}`, { headers: ORGANISER }],
    ];
    for (const [path, init] of requests) {
      const answer = await send(path, init);
      expect(answer.status, `${init.method ?? 'GET'} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
      expect(answer.body).toEqual({ status: answer.status, message: expect.any(String) });
    }
    expect(file.saves).toBe(savesBefore);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const view = await send(BASE, { headers: ORGANISER });
    expect(view.body.devices).toHaveLength(1);
    expect(view.body.devices[0]).toMatchObject({ revoked_at: null, identify_pending: false, report: null });
    expect(view.body.join_codes[0]).toMatchObject({ state: 'live', devices_joined: 1 });
  });
});
