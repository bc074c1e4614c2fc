// "Online" is said only from an answer. A venue Wi-Fi without uplink drops requests (no answer
// until the transport's timeout), a service that is down refuses them; either way each sync
// first sends an empty outbox, which asks the service nothing, then a pull that fails. No status
// published meanwhile may say the service is within reach, nor that a send went through. The
// real mock service in process; the transport's timeout shortened to 30 ms (20 s in the app).
import { describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport, type FetchLike } from '../../src/api/http';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import type { SyncStatus } from '../../src/sync/status/sync-status';
import { unanswered } from '../fixtures/unanswered';
import { BASE, doorService, fetchOver, freshDb, LIST, manualClock } from './support';

type Uplink = 'up' | 'silent' | 'down';

/** A door synced once, over a network the test can make silent (no answer) or down (refused). */
async function syncedDoor() {
  const setup = await doorService(5);
  const service = fetchOver(setup.service);
  const net = { uplink: 'up' as Uplink };
  const fetch: FetchLike = (request) => {
    if (net.uplink === 'up') return service(request);
    if (net.uplink === 'down') return Promise.reject(new TypeError('Failed to fetch'));
    // Never answered: only the transport's own timeout ends the wait.
    return unanswered(request);
  };
  const statuses: SyncStatus[] = [];
  const clock = manualClock();
  const engine = createSyncEngine({
    db: freshDb(),
    clientFor: (baseUrl) => createCheckinClient(createTransport({ baseUrl, fetch, timeoutMs: 30 })),
    defaultBaseUrl: BASE,
    deviceName: () => 'Door 1',
    clock,
    report: (status) => statuses.push(status),
    random: () => 0.5,
  });
  await engine.join(LIST);
  await engine.syncNow();
  expect(engine.status()).toMatchObject({ reachable: true, pending: 0 });
  return { engine, clock, statuses, net };
}

describe('the service out of reach while the outbox is empty', () => {
  it.each(['silent', 'down'] as const)(
    'never says reachable, nor a send, with the uplink %s',
    async (uplink) => {
      const { engine, clock, statuses, net } = await syncedDoor();
      const pushedAt = engine.status().lastPushAt;
      net.uplink = uplink;

      await clock.advance(61_000);
      await engine.syncNow();
      // The pull's requests got no answer: timed out or refused, the service is out of reach.
      expect(engine.status().errors.list?.reason).toBe(uplink === 'silent' ? 'timeout' : 'network');
      expect(engine.status().reachable).toBe(false);

      // Every later sync: its empty push asks nothing, and nothing between it and the failed pull
      // may say "Online".
      const from = statuses.length;
      for (let sync = 0; sync < 2; sync++) {
        await clock.advance(61_000);
        await engine.syncNow();
      }
      const during = statuses.slice(from);
      expect(during.some((s) => s.phase === 'pushing')).toBe(true);
      expect(during.some((s) => s.phase === 'pulling')).toBe(true);
      expect(during.filter((s) => s.reachable)).toEqual([]);
      expect(engine.status().lastPushAt).toBe(pushedAt);

      // The uplink back: the next answer says so.
      net.uplink = 'up';
      await clock.advance(61_000);
      await engine.syncNow();
      expect(engine.status().reachable).toBe(true);
      await engine.stop();
    },
  );

  it('says so of a pull without the list read whose every request timed out', async () => {
    const { engine, clock, net } = await syncedDoor();
    net.uplink = 'silent';
    // Regular pulls read the list one time in six; each of the others must say it too.
    for (let pull = 1; pull <= 6; pull++) {
      await clock.advance(61_000); // past any backoff wait
      await engine.tick();
      expect(engine.status().reachable, `after pull ${pull}`).toBe(false);
    }
    await engine.stop();
  });
});
