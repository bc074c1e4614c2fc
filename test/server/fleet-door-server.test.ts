// A door of the fleet against a real server process, through the door's own engine (its join,
// sync, outbox, reports and revocation, over Node's fetch and fake-indexeddb): joined with a code
// an organiser made, it admits and sends, is seen in the organiser's view, is asked to show who
// it is, and, revoked with check-ins it made offline, sends each of them once before it forgets
// the list and says so to the server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createDoorsClient } from '../../src/api/doors-client';
import { createTransport, type FetchLike } from '../../src/api/http';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine/sync-engine';
import { type Json, call, organiser } from '../fleet/fleet-process';
import { freshDb } from '../sync/support';
import { killHard, type RunningServer, startServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'fleet-door-server-'));
const TOKEN = 'fleet_door_token_0123456789abcdef';
const SLUG = 'chk_pDemoMainEntrance000000';
let server: RunningServer;
const org = organiser(
  () => server.origin,
  () => ({ authorization: `Token token=${TOKEN}` }),
  'demo/demo-conference',
);

/** The door's network: cut when the test says. */
let offline = false;
const network: FetchLike = (request) =>
  offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(request);

const db = freshDb('fleet-door');
let engine: SyncEngine;
let deviceId = '';
const seen: { tickets: Json[] } = { tickets: [] };

beforeAll(async () => {
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  server = await startServerProcess({
    MOCK_DATA_DIR: join(root, 'data'),
    DIST_DIR: join(root, 'dist'),
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '60',
    MOCK_API_TOKENS: `${TOKEN}:live:3.1:demo`,
    // The server's public address is not the one this door reaches it at (a LAN address picked
    // at start, a name, a proxy): the door reads the list where it joined, not there.
    PUBLIC_URL: 'http://public-address.invalid',
  });
  engine = createSyncEngine({
    db,
    clientFor: (baseUrl) => createCheckinClient(createTransport({ baseUrl, fetch: network })),
    defaultBaseUrl: `${server.origin}/checkin`,
    deviceName: () => 'North door',
    doorsFor: (serverUrl) => createDoorsClient(serverUrl, network),
    appVersion: '1.4.0',
  });
}, 90_000);

afterAll(async () => {
  await engine?.stop();
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

const serviceCheckins = async (): Promise<Json[]> => {
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const items = (await call(server.origin, `/checkin/checkin_lists/${SLUG}/checkins?page=${page}`)).body;
    if (!Array.isArray(items) || items.length === 0) return all;
    all.push(...items);
  }
};

const fleetDevice = async () => (await org.view()).body.devices.find((d: Json) => d.id === deviceId);

describe('a door of the fleet against the real server', () => {
  it('joins with a code the organiser made, typed in lower case and spaced, and syncs the list', async () => {
    const created = await org.createCode(SLUG, 1);
    expect(created.status).toBe(201);
    const typed = created.body.join_code.code.toLowerCase().replace(/-/g, ' ');
    const { readJoinCode } = await import('../../src/domain/join-code');
    const joined = await engine.joinByCode(readJoinCode(typed)!, server.origin, 'North door');
    expect(joined).toMatchObject({ ok: true, value: { door: { name: 'North door', revokedAt: null } } });
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ complete: true });
    expect(engine.status().counts.tickets).toBeGreaterThan(10);
    const row = (await db.lists.toArray())[0]!;
    expect(row.slug).toMatch(/^dev_/);
    expect(row.baseUrl).toBe(`${server.origin}/checkin`);
    deviceId = row.door!.deviceId;
    expect(JSON.stringify(await Promise.all(db.tables.map((t) => t.toArray())))).not.toContain(SLUG);
  });

  it('admits, sends, and is seen with its report in the organiser’s view', async () => {
    const taken = new Set((await serviceCheckins()).map((c) => c.ticket_id));
    const tickets: Json[] = (await call(server.origin, `/checkin/checkin_lists/${SLUG}/tickets?page=1`)).body;
    seen.tickets = tickets.filter(
      (t) => !taken.has(t.id) && t.state === 'complete' && t.payment_state !== 'unpaid',
    );
    const scan = await engine.scan(seen.tickets[0].slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
    await engine.syncNow();
    expect(engine.status().pending).toBe(0);
    expect((await serviceCheckins()).filter((c) => c.ticket_id === seen.tickets[0].id)).toHaveLength(1);
    await engine.report();
    const device = await fleetDevice();
    expect(device).toMatchObject({
      name: 'North door',
      online: true,
      report: { admissions: 1, unsent: 0, app_version: '1.4.0', copy: { complete: true } },
    });
  });

  it('shows who it is when the organiser asks', async () => {
    expect((await org.identify(deviceId)).status).toBe(200);
    await engine.report();
    expect(engine.status().identify).toEqual(expect.any(Number));
  });

  it('revoked with check-ins made offline, sends each once, then forgets the list and says so', async () => {
    offline = true;
    engine.setOnline(false);
    for (const ticket of seen.tickets.slice(1, 3)) {
      const scan = await engine.scan(ticket.slug);
      expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
    }
    expect(engine.status().pending).toBe(2);
    expect((await org.revokeDevice(deviceId)).status).toBe(200);

    offline = false;
    engine.setOnline(true);
    await engine.syncNow();
    await engine.syncNow();
    await vi.waitFor(async () => expect(await db.lists.count()).toBe(0), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await fleetDevice())?.forgotten_at).toEqual(expect.any(String)), {
      timeout: 10_000,
    });
    const held = await serviceCheckins();
    for (const ticket of seen.tickets.slice(1, 3))
      expect(held.filter((c) => c.ticket_id === ticket.id && c.deleted_at === null)).toHaveLength(1);
    expect(await fleetDevice()).toMatchObject({ checkins_after_revocation: 2 });
    await vi.waitFor(() =>
      expect(engine.status()).toMatchObject({
        list: null,
        farewell: { sent: 2, listTitle: 'Main entrance' },
      }),
    );
    expect(await db.outbox.count()).toBe(0);
    await vi.waitFor(async () => expect((await db.farewells.toArray()).map((f) => f.untold)).toEqual([null]));
  });
});
