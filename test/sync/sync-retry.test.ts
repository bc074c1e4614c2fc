// A door whose network failed tries again as soon as its backoff allows, not at the next
// regular sync: the first pull after the network comes back is within the wait (under a second
// after one failure), not a whole sync interval (10 s) later.
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { doorDevice, doorService, LIST } from './support';

describe('retrying after a failure', () => {
  it('pulls again when the backoff wait ends, well before the next regular sync', async () => {
    const { service } = await doorService(5);
    let down = false;
    const fetch: FetchLike = async (request) => {
      if (down) throw new TypeError('fetch failed');
      return service.handle(request);
    };
    const { engine, clock } = await doorDevice({ fetch });
    await engine.join(LIST);
    await engine.start();
    await engine.syncNow();
    expect(engine.status().errors.list).toBeUndefined();

    down = true;
    await clock.advance(10_000);
    await vi.waitFor(() => expect(engine.status().errors.list?.reason).toBe('network'));
    await vi.waitFor(() => expect(engine.status().phase).toBe('idle'));
    await new Promise((r) => setTimeout(r, 20)); // the next sync is scheduled once the run ends
    const failedAt = clock.now();

    down = false;
    // One failure waits 0.5-1 s (random 0.5: 750 ms); the regular sync would come at 10 s.
    await clock.advance(1_000);
    await vi.waitFor(() => expect(engine.status().lastPullAt).toBeGreaterThan(failedAt));
    expect(engine.status().errors.list).toBeUndefined();
    await engine.stop();
  });
});

describe('a shorter sync interval', () => {
  /** A door synced once with a 10 s interval, its next regular sync scheduled. */
  async function syncedDoor() {
    const { service } = await doorService(5);
    const interval = { ms: 10_000 };
    const { engine, clock } = await doorDevice({
      fetch: (request) => service.handle(request),
      syncIntervalMs: () => interval.ms,
    });
    await engine.join(LIST);
    await engine.start();
    await engine.syncNow();
    await vi.waitFor(() => expect(engine.status().phase).toBe('idle'));
    await new Promise((r) => setTimeout(r, 20)); // the next sync is scheduled once the run ends
    return { engine, clock, interval, before: engine.status().lastPullAt! };
  }

  it('takes effect at once when the engine is retimed, not after the interval it started with', async () => {
    const { engine, clock, interval, before } = await syncedDoor();
    // The page learns the door is on a mirroring relay: 3 s from now, not 10 s from the start.
    interval.ms = 3000;
    engine.retime();
    await clock.advance(3000);
    await vi.waitFor(() => expect(engine.status().lastPullAt).toBeGreaterThan(before));
    await engine.stop();
  });

  it('without a retime, the timer set with the longer interval runs out first', async () => {
    const { engine, clock, interval, before } = await syncedDoor();
    interval.ms = 3000;
    await clock.advance(3000);
    await new Promise((r) => setTimeout(r, 50));
    expect(engine.status().lastPullAt).toBe(before);
    await engine.stop();
  });
});

describe('the service unreachable', () => {
  it('is said after every pull that reached nothing, not only after one that read the list', async () => {
    const { service } = await doorService(5);
    let down = false;
    const fetch: FetchLike = async (request) => {
      if (down) throw new TypeError('fetch failed');
      return service.handle(request);
    };
    const { engine, clock } = await doorDevice({ fetch });
    await engine.join(LIST);
    await engine.syncNow();
    expect(engine.status().reachable).toBe(true);

    down = true;
    // A regular pull reads the list one time in six; the others read only the tickets, check-ins
    // and answers changed since. Each of them reaches nothing.
    for (let pull = 1; pull <= 6; pull++) {
      await clock.advance(61_000); // past any backoff wait
      await engine.tick();
      expect(engine.status().errors.tickets?.reason ?? engine.status().errors.list?.reason).toBe('network');
      expect(engine.status().reachable, `after pull ${pull}`).toBe(false);
    }

    down = false;
    await clock.advance(61_000);
    await engine.tick();
    expect(engine.status().reachable).toBe(true);
  });
});
