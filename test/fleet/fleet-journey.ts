// One journey of the fleet, run against each host (the built-in service's and the relay's) as
// real server processes: the same requests, the same answers. The tests run in order and share
// the doors they made; each names what a door or an organiser sees.
import { expect, it } from 'vitest';
import { METHODS, sendRaw, walkingTargets } from '../server/raw-target';
import { type Json, batchOf, call, door, organiser } from './fleet-process';
import { type JourneyDoors, undoJourney } from './undo-journey';

export interface FleetHost {
  origin(): string;
  organiserHeaders(): Record<string, string>;
  /** `account/event` of the demo event. */
  event: string;
  /** The demo list the codes name; a slug-joined door's credential. */
  slug: string;
  /** kill -9, then the same server on the same data (and the clock file as it is now). */
  restart(): Promise<void>;
  shiftClock(ms: number): void;
  /**
   * The list's check-ins as the service itself holds them, once `done` says they have reached it
   * (the relay forwards a door's writes a moment after answering them).
   */
  serviceCheckins(done?: (held: Json[]) => boolean): Promise<Json[]>;
  /** The server's data directory (fleet.json and the devices' check-ins). */
  dataDir(): string;
}

const NO_DOUBLES = (uuids: string[]) => new Set(uuids).size === uuids.length;
/** Whether the held check-ins include at least `count` of uuids starting `prefix`. */
const atLeast = (prefix: string, count: number) => (held: Json[]) =>
  held.filter((c: Json) => String(c.uuid).startsWith(prefix)).length >= count;
/** Fleet view of a device, without what moves on its own (the clock, last seen). */
const still = (view: Json) => ({
  devices: view.devices.map(({ online: _o, last_seen_at: _l, ...d }: Json) => d),
  join_codes: view.join_codes,
});

export function fleetJourney(host: () => FleetHost) {
  const h = () => host();
  const doors = door(() => h().origin());
  const org = () =>
    organiser(
      () => h().origin(),
      () => h().organiserHeaders(),
      h().event,
    );
  const made: JourneyDoors = { tickets: [] };

  it('says at GET /__service that this server keeps a fleet', async () => {
    const info = await call(h().origin(), '/__service');
    expect(info.body.fleet).toBe(true);
  });

  it('joins two doors by a code that allows two and refuses a third as it refuses an unknown code', async () => {
    const created = await org().createCode(h().slug, 2);
    expect(created.status).toBe(201);
    made.code = created.body.join_code;
    expect(made.code).toMatchObject({ state: 'live', max_devices: 2, checkin_list: { slug: h().slug } });
    made.first = (await doors.join(made.code.code, 'North door')).body;
    const second = await doors.join(made.code.code.toLowerCase().replace(/-/g, ' '), 'South door');
    expect(second.status).toBe(201);
    made.second = second.body;
    expect(made.first.credential).toMatch(/^dev_[0-9A-Za-z]{40}$/);
    expect(made.first.checkin_url).toBe('/checkin');
    const third = await doors.join(made.code.code, 'West door');
    const unknown = await doors.join('ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'West door');
    expect(third.status).toBe(404);
    expect(third.text).toBe(unknown.text);
    made.unknownCode = unknown.text;
    const view = (await org().view()).body;
    expect(view.devices.map((d: Json) => d.name)).toEqual(['North door', 'South door']);
    expect(view.join_codes[0]).toMatchObject({ devices_joined: 2, state: 'used-up' });
  });

  it('refuses a withdrawn code with that same 404', async () => {
    const created = (await org().createCode(h().slug, 5)).body.join_code;
    const withdrawn = await org().revokeCode(created.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.join_code.state).toBe('revoked');
    const refused = await doors.join(created.code);
    expect(refused.status).toBe(404);
    expect(refused.text).toBe(made.unknownCode);
  });

  it('lets a door read and write its list through its credential, the real slug in no answer', async () => {
    const credential = made.first.credential;
    const list = await doors.read(credential);
    expect(list.status).toBe(200);
    expect(list.body.slug).toBe(credential);
    const tickets = await doors.read(credential, '/tickets');
    expect(tickets.status).toBe(200);
    made.tickets = tickets.body.filter((t: Json) => !t.void).map((t: Json) => t.id);
    const ticket = tickets.body[0];
    const answers = [
      list,
      tickets,
      await doors.read(credential, '/tickets?page=2'),
      await doors.read(credential, `/tickets/${ticket.slug}`),
      await doors.read(credential, '/checkins'),
      await doors.read(credential, '/questions'),
      await doors.read(credential, '/answers'),
      await doors.checkins(credential, {
        checkin: { ticket_id: made.tickets[0], uuid: 'door-one-00000001' },
      }),
      await doors.checkins(credential, batchOf(made.tickets.slice(1, 4), 'door-one-batch')),
      await call(h().origin(), `/checkin/checkin_lists/${credential}/checkins/door-one-00000001`, {
        method: 'DELETE',
      }),
      await doors.read(credential, '/checkins?since=0'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(answer.text).not.toContain(h().slug);
      for (const [, value] of answer.headers) expect(value).not.toContain(h().slug);
    }
  });

  it("shows a door's reports in the fleet view and tells it to identify itself once", async () => {
    const { first, second } = made;
    expect((await doors.report(first.credential, { unsent: 2 })).body).toEqual({ identify: false });
    await doors.report(second.credential, { app_version: '1.3.0', readiness: { ready: false, items: [] } });
    const asked = await org().identify(first.device.id);
    expect(asked.status).toBe(200);
    expect(asked.body.device.identify_pending).toBe(true);
    const notReady = { app_version: '1.3.0', readiness: { ready: false, items: [] } };
    expect((await doors.report(second.credential, notReady)).body).toEqual({ identify: false });
    expect((await doors.report(first.credential, { unsent: 2 })).body).toEqual({ identify: true });
    expect((await doors.report(first.credential, { unsent: 2 })).body).toEqual({ identify: false });
    const view = (await org().view()).body;
    expect(view.devices[0]).toMatchObject({ online: true, identify_pending: false, report: { unsent: 2 } });
    expect(view.summary).toMatchObject({ doors: 2, online: 2, ready: 1, old_version: 1, unsent: 2 });
    expect(view.summary.newest_version).toBe('1.4.0');
  });

  it('keeps a join answered just before kill -9', async () => {
    const code = (await org().createCode(h().slug, 3)).body.join_code;
    const joined = await doors.join(code.code, 'East door');
    expect(joined.status).toBe(201);
    await h().restart();
    expect((await doors.read(joined.body.credential)).status).toBe(200);
    const view = (await org().view()).body;
    expect(view.devices.map((d: Json) => d.name)).toContain('East door');
    expect(view.join_codes.find((c: Json) => c.id === code.id)).toMatchObject({
      devices_joined: 1,
      state: 'live',
    });
  });

  it('revokes a door: it reads nothing, yet its check-ins are taken once each and counted', async () => {
    const { credential, device } = made.second;
    const revoked = await org().revokeDevice(device.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body.device.revoked_at).not.toBeNull();
    for (const path of ['', '/tickets', '/checkins', '/questions']) {
      const answer = await doors.read(credential, path);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({
        status: 410,
        message: 'This device was revoked by the organiser',
        revoked: true,
      });
    }
    expect((await doors.report(credential)).status).toBe(410);
    const batch = batchOf(made.tickets.slice(10, 30), 'revoked-door');
    const first = await doors.checkins(credential, batch);
    expect(first.status).toBe(201);
    expect(first.text).not.toContain(h().slug);
    // What it is told of them names no ticket and no holder: each check-in's own fields only.
    expect(first.body).toHaveLength(20);
    const own = ['id', 'uuid', 'ticket_id', 'created_at', 'updated_at', 'deleted_at'];
    for (const checkin of first.body) {
      expect(Object.keys(checkin).filter((key) => !own.includes(key))).toEqual([]);
      expect(checkin).toMatchObject({ uuid: expect.any(String), ticket_id: expect.any(Number) });
    }
    expect(first.text).not.toMatch(/"(ticket|slug|reference|email|first_name|last_name|release)"/);
    // A uuid no service could hold, in a body made to break what reads it: refused, never a 500.
    for (const hostile of [
      { checkin: { ticket_id: made.tickets[41], uuid: { a: 1 } } },
      { batch: { checkins: { 0: { ticket_id: made.tickets[41], uuid: [1] } } } },
    ]) {
      const answer = await doors.checkins(credential, hostile);
      expect(answer.status, JSON.stringify(hostile)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(hostile)).toBeLessThan(500);
    }
    const again = await doors.checkins(credential, batch);
    expect(again.status).toBeLessThan(300);
    const single = { checkin: { ticket_id: made.tickets[40], uuid: 'revoked-door-single-1' } };
    expect((await doors.checkins(credential, single)).status).toBe(201);
    expect((await doors.checkins(credential, single)).status).toBeLessThan(300);
    // Another door's check-in: never this one's to undo.
    const undo = await call(
      h().origin(),
      `/checkin/checkin_lists/${credential}/checkins/door-one-batch-00000001`,
      {
        method: 'DELETE',
      },
    );
    expect(undo.status).toBe(410);
    const held = (await h().serviceCheckins(atLeast('revoked-door', 21)))
      .map((c: Json) => c.uuid)
      .filter((u: string) => u.startsWith('revoked-door'));
    expect(held).toHaveLength(21);
    expect(NO_DOUBLES(held)).toBe(true);
    const view = (await org().view()).body;
    expect(view.devices.find((d: Json) => d.id === device.id)).toMatchObject({
      checkins_after_revocation: 21,
    });
    expect(view.summary.doors).toBe(2);
  });

  it('keeps a revocation answered just before kill -9', async () => {
    const { credential, device } = made.first;
    expect((await org().revokeDevice(device.id)).status).toBe(200);
    await h().restart();
    expect((await doors.read(credential)).status).toBe(410);
    const view = (await org().view()).body;
    const shown = view.devices.find((d: Json) => d.id === device.id);
    expect(shown.revoked_at).not.toBeNull();
    expect(view.devices.find((d: Json) => d.id === made.second.device.id).checkins_after_revocation).toBe(21);
  });

  undoJourney({ host: h, doors, org, made });

  it('opens nothing once the door says it has forgotten the list', async () => {
    const { credential, device } = made.second;
    expect((await doors.forgotten(credential)).status).toBe(204);
    expect((await doors.forgotten(credential)).status).toBe(204);
    expect((await doors.read(credential)).status).toBe(410);
    const late = await doors.checkins(credential, batchOf(made.tickets.slice(50, 52), 'after-forgotten'));
    expect(late.status).toBe(410);
    expect((await doors.report(credential)).status).toBe(410);
    const view = (await org().view()).body;
    expect(view.devices.find((d: Json) => d.id === device.id)).toMatchObject({
      checkins_after_revocation: 21,
    });
    expect(view.devices.find((d: Json) => d.id === device.id).forgotten_at).not.toBeNull();
    const held = await h().serviceCheckins();
    expect(held.some((c: Json) => String(c.uuid).startsWith('after-forgotten'))).toBe(false);
  });

  it('leaves a door that joined by the slug as it was', async () => {
    const list = await call(h().origin(), `/checkin/checkin_lists/${h().slug}`);
    expect(list.status).toBe(200);
    expect(list.body.slug).toBe(h().slug);
    const posted = await call(h().origin(), `/checkin/checkin_lists/${h().slug}/checkins`, {
      method: 'POST',
      body: { checkin: { ticket_id: made.tickets[60], uuid: 'slug-door-00000001' } },
    });
    expect(posted.status).toBe(201);
  });

  it('answers hostile requests to the fleet with 4xx JSON and changes nothing', async () => {
    const before = still((await org().view()).body);
    const origin = h().origin();
    const auth = h().organiserHeaders();
    const wrong: string[] = [];
    // A HEAD answer has no body; a `\\` in a raw target is refused by Node's own parser (400,
    // no JSON) before the server sees it.
    const check = (what: string, status: number, text: string, bodiless = false) => {
      let json = false;
      try {
        json = typeof JSON.parse(text) === 'object';
      } catch {}
      if (status < 400 || status >= 500 || (!json && !bodiless)) wrong.push(`${what} -> ${status}`);
    };
    const fleetBase = `/__service/fleet/${h().event}`;
    for (const path of [
      '/__service/doors/join',
      '/__service/doors/report',
      fleetBase,
      `${fleetBase}/join_codes`,
    ]) {
      for (const target of walkingTargets(path)) {
        for (const method of METHODS) {
          const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : '';
          const answer = await sendRaw(origin, method, target, auth, body);
          const bodiless = method === 'HEAD' || (answer.status === 400 && target.includes('\\'));
          check(`${method} ${target}`, answer.status, answer.body, bodiless);
        }
      }
    }
    const hostile: [string, { method?: string; headers?: Record<string, string>; body?: unknown }][] = [
      ['/__service/doors/join', { method: 'POST', body: JSON.stringify({ code: 'x'.repeat(100_000) }) }],
      ['/__service/doors/join', { method: 'POST', body: `{"code":${'['.repeat(5000)}${']'.repeat(5000)}}` }],
      ['/__service/doors/join', { method: 'POST', body: `{"__proto__":{"code":"${made.code.code}"}}` }],
      ['/__service/doors/join', { method: 'POST', body: '{"code":1,"name":true,"app_version":[]}' }],
      [
        '/__service/doors/join',
        { method: 'POST', body: 'code=1', headers: { 'content-type': 'text/plain' } },
      ],
      [
        '/__service/doors/report',
        { method: 'POST', headers: { authorization: 'Device dev_nope' }, body: '{}' },
      ],
      ['/__service/doors/report', { method: 'POST', headers: auth, body: '{}' }],
      ['/__service/doors/forgotten', { method: 'POST' }],
      [fleetBase, {}],
      [fleetBase, { headers: { authorization: 'Token token=wrong' } }],
      [
        `${fleetBase}/join_codes`,
        {
          method: 'POST',
          headers: auth,
          body: { checkin_list: h().slug, valid_minutes: '60', max_devices: 2 },
        },
      ],
      [
        `${fleetBase}/join_codes`,
        {
          method: 'POST',
          headers: auth,
          body: { checkin_list: 'chk_pNotThisEventsList', valid_minutes: 60, max_devices: 2 },
        },
      ],
      [
        `${fleetBase}/join_codes`,
        {
          method: 'POST',
          headers: auth,
          body: { checkin_list: h().slug, valid_minutes: 60, max_devices: 1000 },
        },
      ],
      [
        `${fleetBase}/join_codes`,
        { method: 'POST', headers: auth, body: `{"checkin_list":"${'a'.repeat(3000)}"}` },
      ],
      [`${fleetBase}/join_codes/jc_unknown`, { method: 'DELETE', headers: auth }],
      [`${fleetBase}/devices/dv_unknown/revocation`, { method: 'POST', headers: auth }],
      [`${fleetBase}/devices/dv_unknown/identification`, { method: 'POST', headers: auth }],
      [`${fleetBase}/devices/${made.first.device.id}/revocation`, { method: 'POST' }],
      [
        `/__service/fleet/demo/no-such-event/devices/${made.first.device.id}/revocation`,
        { method: 'POST', headers: auth },
      ],
      ['/__service/fleet/demo/__proto__/devices', { headers: auth }],
      ['/__service/fleet/demo', { headers: auth }],
      ['/checkin/checkin_lists/dev_0000000000000000000000000000000000000000', {}],
    ];
    for (const [path, init] of hostile) {
      const answer = await call(origin, path, init);
      check(`${init.method ?? 'GET'} ${path.slice(0, 80)}`, answer.status, answer.text);
    }
    expect(wrong).toEqual([]);
    expect(still((await org().view()).body)).toEqual(before);
  }, 240_000);

  it('refuses a code past its expiry with the same 404', async () => {
    const code = (await org().createCode(h().slug, 5, 5)).body.join_code;
    h().shiftClock(6 * 60_000);
    await h().restart();
    const refused = await doors.join(code.code);
    expect(refused.status).toBe(404);
    expect(refused.text).toBe(made.unknownCode);
    const view = (await org().view()).body;
    expect(view.join_codes.find((c: Json) => c.id === code.id).state).toBe('expired');
  });
}
