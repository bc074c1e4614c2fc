// The door's choice of route for a list joined through a relay (src/sync/relay/relay-fallback.ts),
// with fake clients and a hand-moved clock: the relay first; the service directly only when the
// relay gives no HTTP answer at all; back to the relay once it answers; a service the browser
// cannot reach (CORS) asked once per backoff, not once per call.
import { describe, expect, it } from 'vitest';
import type { CheckinClient } from '../../src/api/checkin-client';
import { fail, ok, type Result } from '../../src/domain/result';
import { createRelayFallback, type Route } from '../../src/sync/relay/relay-fallback';
import { BASE, doorDevice, doorService, LIST, serviceCheckins } from './support';

const RELAY = 'https://relay.venue.test/checkin';
const DIRECT = 'https://checkin.service.test/checkin';
const list = { baseUrl: RELAY, directBaseUrl: DIRECT };

type Behaviour = () => Result<unknown>;

function fakeWorld() {
  let now = 1_000_000;
  const calls: string[] = [];
  const behaviour: Record<string, Behaviour> = {
    [RELAY]: () => ok({ from: 'relay' }),
    [DIRECT]: () => ok({ from: 'direct' }),
  };
  const clientFor = (baseUrl: string): CheckinClient => {
    const answer = async () => {
      calls.push(baseUrl);
      return (behaviour[baseUrl] ?? (() => fail('network')))();
    };
    return {
      baseUrl,
      getList: answer,
      listPage: answer,
      listPageTimed: answer,
      listQuestions: answer,
      getTicket: answer,
      createCheckins: answer,
      createCheckin: answer,
      deleteCheckin: answer,
    } as unknown as CheckinClient;
  };
  const changes: Route[] = [];
  const fallback = createRelayFallback({
    clientFor,
    clock: { now: () => now },
    onChange: (_, route) => changes.push(route),
    relayRetryMs: 2_000,
    directRetryMs: 30_000,
    directRetryMaxMs: 120_000,
  });
  return {
    fallback,
    calls,
    changes,
    behaviour,
    advance: (ms: number) => {
      now += ms;
    },
    get: async () => fallback.clientFor(list).getList('chk_a'),
  };
}

describe('the route of a list joined through a relay', () => {
  it('goes through the relay while it answers, whatever the status', async () => {
    const world = fakeWorld();
    expect(await world.get()).toEqual(ok({ from: 'relay' }));
    world.behaviour[RELAY] = () => fail('server', { status: 502 });
    expect(await world.get()).toMatchObject({ ok: false, reason: 'server' });
    // A slow relay is not a gone one.
    world.behaviour[RELAY] = () => fail('timeout');
    expect(await world.get()).toMatchObject({ ok: false, reason: 'timeout' });
    expect(world.calls).toEqual([RELAY, RELAY, RELAY]);
    expect(world.fallback.routeOf(list)).toBe('relay');
    expect(world.changes).toEqual([]);
  });

  it('goes to the service directly when the relay gives no answer, and back once it answers', async () => {
    const world = fakeWorld();
    world.behaviour[RELAY] = () => fail('network');
    // The same call, sent on directly.
    expect(await world.get()).toEqual(ok({ from: 'direct' }));
    expect(world.calls).toEqual([RELAY, DIRECT]);
    expect(world.fallback.routeOf(list)).toBe('direct');
    // While the relay was down a moment ago, it is not asked.
    world.advance(1_000);
    await world.get();
    expect(world.calls).toEqual([RELAY, DIRECT, DIRECT]);
    // Then it is asked first again; still down: directly.
    world.advance(1_500);
    await world.get();
    expect(world.calls).toEqual([RELAY, DIRECT, DIRECT, RELAY, DIRECT]);
    // It answers again: back on it at once.
    world.behaviour[RELAY] = () => ok({ from: 'relay' });
    world.advance(2_500);
    expect(await world.get()).toEqual(ok({ from: 'relay' }));
    expect(world.fallback.routeOf(list)).toBe('relay');
    expect(world.changes).toEqual(['direct', 'relay']);
  });

  it('stays on its own copy when the service cannot be reached from here, asking it rarely', async () => {
    const world = fakeWorld();
    world.behaviour[RELAY] = () => fail('network');
    // The service refuses the app's origin (CORS): the browser reports a network failure.
    world.behaviour[DIRECT] = () => fail('network');
    expect(await world.get()).toMatchObject({ ok: false, reason: 'network' });
    expect(world.fallback.routeOf(list)).toBe('offline');
    // A minute of calls, one every 500 ms: the relay is asked every 2 s, the service at 30 s.
    for (let i = 0; i < 120; i++) {
      world.advance(500);
      expect(await world.get()).toMatchObject({ ok: false, reason: 'network' });
    }
    const direct = world.calls.filter((c) => c === DIRECT).length;
    const relay = world.calls.filter((c) => c === RELAY).length;
    expect(direct).toBe(2); // at 0 and at 30 s; the next wait is 60 s (it doubles)
    expect(relay).toBeLessThanOrEqual(31);
    expect(world.changes).toEqual(['offline']);
    // The service becomes reachable: found at the next allowed try, the wait starts over.
    world.behaviour[DIRECT] = () => ok({ from: 'direct' });
    world.advance(120_000);
    expect(await world.get()).toEqual(ok({ from: 'direct' }));
    expect(world.changes).toEqual(['offline', 'direct']);
  });

  it('leaves a list without a direct address alone', async () => {
    const world = fakeWorld();
    world.behaviour[RELAY] = () => fail('network');
    const plain = { baseUrl: RELAY };
    expect(await world.fallback.clientFor(plain).getList('chk_a')).toMatchObject({ reason: 'network' });
    expect(world.calls).toEqual([RELAY]);
    expect(world.fallback.routeOf(plain)).toBeNull();
  });

  it('sends writes on by the same route, with the same uuids', async () => {
    const world = fakeWorld();
    world.behaviour[RELAY] = () => fail('network');
    const sent: unknown[] = [];
    world.behaviour[DIRECT] = () => ok(sent);
    const client = world.fallback.clientFor(list);
    expect((await client.createCheckins('chk_a', [{ ticketId: 1, uuid: 'u-1' }])).ok).toBe(true);
    expect(world.calls).toEqual([RELAY, DIRECT]);
  });
});

describe('the door engine on a relay', () => {
  const RELAY_BASE = 'http://relay.test/checkin';

  async function onRelay() {
    const setup = await doorService(6);
    const world = { relayUp: true, relayCalls: 0, directCalls: 0 };
    const device = await doorDevice({
      fetch: async (request) => {
        if (request.url.startsWith(RELAY_BASE)) {
          world.relayCalls++;
          if (!world.relayUp) throw new TypeError('Failed to fetch');
          const url = request.url.replace(RELAY_BASE, BASE);
          return setup.service.handle(new Request(url, request));
        }
        world.directCalls++;
        return setup.service.handle(request);
      },
    });
    return { setup, world, device, engine: device.engine };
  }

  it('keeps the service behind the relay with the list, and uses it while the relay is down', async () => {
    const { setup, world, device, engine } = await onRelay();
    await engine.learnRelay(RELAY_BASE, BASE);
    expect(await engine.join(LIST, { baseUrl: RELAY_BASE })).toMatchObject({ ok: true });
    expect(await device.db.lists.get(LIST)).toMatchObject({ baseUrl: RELAY_BASE, directBaseUrl: BASE });
    await engine.syncNow();
    expect(engine.status().route).toBe('relay');
    expect(world.directCalls).toBe(0);

    world.relayUp = false;
    const ticket = setup.tickets[1]!;
    expect(await engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    await engine.syncNow();
    expect(engine.status().route).toBe('direct');
    expect(engine.status().pending).toBe(0);
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
    // A pull that reads the list again keeps the service's address with it.
    expect(await device.db.lists.get(LIST)).toMatchObject({ directBaseUrl: BASE });

    world.relayUp = true;
    await device.clock.advance(3_000);
    const before = world.directCalls;
    await engine.syncNow();
    expect(engine.status().route).toBe('relay');
    expect(world.directCalls).toBe(before);
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
  });

  it('gives a list joined through the relay before it said where its service is that address', async () => {
    const { device, engine } = await onRelay();
    await engine.join(LIST, { baseUrl: RELAY_BASE });
    expect((await device.db.lists.get(LIST))?.directBaseUrl).toBeUndefined();
    expect(engine.status().route).toBeNull();
    await engine.learnRelay(RELAY_BASE, BASE);
    expect(await device.db.lists.get(LIST)).toMatchObject({ directBaseUrl: BASE });
    expect(engine.status().route).toBe('relay');
  });

  it('shows no route for a list not joined through a relay', async () => {
    const { engine } = await onRelay();
    await engine.learnRelay(RELAY_BASE, BASE);
    await engine.join(LIST, { baseUrl: BASE });
    await engine.syncNow();
    expect(engine.status().route).toBeNull();
  });
});
