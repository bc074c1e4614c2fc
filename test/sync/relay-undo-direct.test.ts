// An undo sent to the service directly, while the door's relay is down, of a check-in the relay
// answered but had not forwarded yet: the service answers 404 (it does not hold it yet), and the
// undo must not count as done, or the relay forwards the check-in afterwards and it stands on the
// service though the door undid it. Found by the relay simulation (test/sim/relay-sim-*.test.ts):
// "door 38 undid …; still active on the service" after a DELETE answered 404 straight from the
// service and the relay's POST of the same check-in a second later. The relay and the service are
// two mock services over the same list here; the relay's forwarding is played by hand.
import { describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { BASE, doorDevice, doorService, LIST, serviceCheckins } from './support';

const RELAY_BASE = 'http://relay.test/checkin';

describe('an undo while the relay is down', () => {
  it('waits for the relay when the service does not hold the check-in yet', async () => {
    const relay = await doorService(6);
    const service = await doorService(6);
    const world = { relayUp: true, relayDeletes: 0 };
    const device = await doorDevice({
      fetch: async (request) => {
        if (request.url.startsWith(RELAY_BASE)) {
          if (!world.relayUp) throw new TypeError('Failed to fetch');
          if (request.method === 'DELETE') world.relayDeletes++;
          return relay.service.handle(new Request(request.url.replace(RELAY_BASE, BASE), request));
        }
        return service.service.handle(request);
      },
    });
    const { engine } = device;
    await engine.learnRelay(RELAY_BASE, BASE);
    expect(await engine.join(LIST, { baseUrl: RELAY_BASE })).toMatchObject({ ok: true });
    const ticket = relay.tickets[1]!;
    const scan = await engine.scan(ticket.slug);
    if (!scan.ok || !scan.value.checkin) throw new Error('not admitted');
    await engine.syncNow();
    // The relay answered it (its uplink is down: the service does not hold it).
    expect(serviceCheckins(relay.service, relay.list.id).get(ticket.id)).toBe(1);
    expect(serviceCheckins(service.service, service.list.id).get(ticket.id)).toBeUndefined();

    world.relayUp = false;
    expect(await engine.undo(scan.value.checkin.key)).toMatchObject({ ok: true, value: 'queued' });
    await device.clock.advance(3_000);
    await engine.syncNow();
    expect(engine.status().route).toBe('direct');
    // The service said 404: the undo still waits.
    const undos = (await device.db.outbox.toArray()).filter((r) => r.kind === 'undo');
    expect(undos.map((r) => r.state)).toEqual(['queued']);

    // The relay comes back and forwards the check-in; the door's undo goes through the relay.
    world.relayUp = true;
    const uplink = createCheckinClient(
      createTransport({ baseUrl: BASE, fetch: (r) => service.service.handle(r) }),
    );
    const uuid = scan.value.checkin.clientId!;
    expect((await uplink.createCheckin(LIST, { ticketId: ticket.id, uuid })).ok).toBe(true);
    await device.clock.advance(3_000);
    await engine.syncNow();
    expect(world.relayDeletes).toBe(1);
    expect(serviceCheckins(relay.service, relay.list.id).get(ticket.id)).toBeUndefined();
    expect((await device.db.outbox.toArray()).filter((r) => r.kind === 'undo')).toEqual([]);
  });
});
