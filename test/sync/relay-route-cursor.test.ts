// A door back on its relay after reading the service directly must still get what the relay took
// in meanwhile. The relay serves `updated_at` as the time its own copy changed, the service as its
// own: a cursor moved on by the service's answers, taken back to the relay, would skip a check-in
// another door of the hall made through the relay while this one was away (the relay's uplink down,
// so the service never had it). Found by the relay simulation (test/sim/relay-sim-*.test.ts): a
// door idle, nothing pending, one check-in short of its relay for good. Here the relay and the
// service are two mock services over the same list, each on a clock of its own.
import { describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { BASE, doorDevice, doorService, LIST } from './support';

const RELAY_BASE = 'http://relay.test/checkin';

describe('a door back on its relay after reading the service directly', () => {
  it('gets the check-ins the relay took in while the door was away', async () => {
    const relay = await doorService(6);
    const service = await doorService(6);
    const world = { relayUp: true };
    const device = await doorDevice({
      fetch: async (request) => {
        if (request.url.startsWith(RELAY_BASE)) {
          if (!world.relayUp) throw new TypeError('Failed to fetch');
          return relay.service.handle(new Request(request.url.replace(RELAY_BASE, BASE), request));
        }
        return service.service.handle(request);
      },
    });
    const { engine } = device;
    await engine.learnRelay(RELAY_BASE, BASE);
    expect(await engine.join(LIST, { baseUrl: RELAY_BASE })).toMatchObject({ ok: true });
    await engine.syncNow();

    // The relay goes away; meanwhile another door of the hall admits through it (its uplink is
    // down too, so the service does not get it yet).
    world.relayUp = false;
    relay.clock.advance(1_000);
    const hallDoor = createCheckinClient(
      createTransport({ baseUrl: BASE, fetch: (r) => relay.service.handle(r) }),
    );
    const elsewhere = relay.tickets[2]!;
    const made = await hallDoor.createCheckin(LIST, { ticketId: elsewhere.id, uuid: 'hall-door-0001' });
    expect(made.ok).toBe(true);

    // This door reads the service directly, a minute later by the service's clock; the service's
    // own app has admitted someone there.
    service.clock.advance(60_000);
    const app = createCheckinClient(
      createTransport({ baseUrl: BASE, fetch: (r) => service.service.handle(r) }),
    );
    expect(
      (await app.createCheckin(LIST, { ticketId: service.tickets[3]!.id, uuid: 'service-app-0001' })).ok,
    ).toBe(true);
    await device.clock.advance(3_000);
    await engine.syncNow();
    expect(engine.status().route).toBe('direct');

    // The relay is back: the door's next pulls go to it.
    world.relayUp = true;
    relay.clock.advance(1_000);
    await device.clock.advance(3_000);
    await engine.syncNow();
    await device.clock.advance(3_000);
    await engine.syncNow();
    expect(engine.status().route).toBe('relay');
    const held = await device.db.checkins
      .where('[listSlug+key]')
      .between([LIST, ''], [LIST, '\uffff'])
      .toArray();
    expect(held.map((c) => c.uuid).sort()).toContain('hall-door-0001');
  });
});
