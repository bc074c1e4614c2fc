import { describe, expect, it } from 'vitest';
import { readJoinCode } from '../../../src/domain/join-code';
import { doorDevice, doorService, LIST, serviceCheckins } from '../support';
import { CREDENTIAL, fleetDoor, fleetServer, SERVER } from './fleet-support';

async function setup() {
  const service = await doorService(6);
  const server = fleetServer(service.service);
  const door = await fleetDoor(server);
  return { ...service, server, ...door };
}

/** Every row the door's database holds, as one text. */
async function everything(db: Awaited<ReturnType<typeof setup>>['db']) {
  const tables = await Promise.all(db.tables.map((t) => t.toArray()));
  return JSON.stringify(tables);
}

describe('joining a list with a join code', () => {
  it('joins under its own credential: the list syncs, admits and sends, and the slug never reaches the device', async () => {
    const { engine, db, server, service, list, tickets } = await setup();
    const joined = await engine.joinByCode(readJoinCode('7k3m-q9tz 2hx4-vb8n')!, SERVER, 'North door');
    expect(joined).toMatchObject({
      ok: true,
      value: { slug: CREDENTIAL, title: 'Main door', door: { name: 'North door', revokedAt: null } },
    });
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ complete: true, counts: { tickets: 6 } });

    const scan = await engine.scan(tickets[2]!.slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
    await engine.syncNow();
    expect(engine.status().pending).toBe(0);
    expect(serviceCheckins(service, list.id).get(tickets[2]!.id)).toBe(1);

    const row = await db.lists.get(CREDENTIAL);
    expect(row).toMatchObject({
      baseUrl: `${SERVER}/checkin`,
      door: { deviceId: 'devid-1', name: 'North door', serverUrl: SERVER, revokedAt: null },
    });
    // No way around its server: offline, it works from its own copy.
    expect(row?.directBaseUrl).toBeUndefined();
    expect(await everything(db)).not.toContain(LIST);
    // A pull rewrites the list's row from the service's answer: the membership stays.
    await engine.syncNow();
    expect((await db.lists.get(CREDENTIAL))?.door?.deviceId).toBe('devid-1');
    expect(server.log.filter((l) => l === 'join')).toHaveLength(1);
  });

  it('refuses a code the server does not know, storing nothing', async () => {
    const { engine, db } = await setup();
    expect(await engine.joinByCode('0000000000000000', SERVER, 'North door')).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await db.lists.count()).toBe(0);
  });

  it('keeps a list joined by its slug one the organiser can neither see nor revoke', async () => {
    const { service } = await setup();
    const device = await doorDevice({ fetch: (r) => service.handle(r) });
    expect(await device.engine.join(LIST)).toMatchObject({ ok: true, value: { slug: LIST, door: null } });
    expect(device.engine.status().lists.map((l) => l.door)).toEqual([null]);
  });
});
