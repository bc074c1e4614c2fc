import { describe, expect, it } from 'vitest';
import { createServiceClockWatch } from '../../src/sync/status/service-clock';
import type { Clock } from '../../src/sync/clock';
import { doorDevice, doorService } from './support';

const NOW = Date.parse('2026-12-05T17:00:00.300Z');
const clockAt = (now: number): Clock => ({ now: () => now, setTimeout: () => 0, clearTimeout: () => {} });

function watch(now = NOW) {
  let offset: number | null = null;
  const published: (number | null)[] = [];
  const seen = createServiceClockWatch(
    clockAt(now),
    ({ clockOffsetMs }) => {
      offset = clockOffsetMs;
      published.push(clockOffsetMs);
    },
    () => offset,
  );
  return { seen: seen.seen, published };
}

describe('the service’s clock against the device’s', () => {
  it('reads a Date header of the same second as no offset, give or take its rounding', () => {
    const { seen, published } = watch();
    seen(Date.parse('2026-12-05T17:00:00Z'));
    expect(published).toEqual([200]);
  });

  it('says the service is an hour ahead when the device’s clock is an hour behind', () => {
    const { seen, published } = watch();
    seen(Date.parse('2026-12-05T18:00:00Z'));
    expect(published).toEqual([3_600_000 + 200]);
  });

  it('publishes again only when the offset moves by two seconds or more', () => {
    const { seen, published } = watch();
    seen(Date.parse('2026-12-05T17:00:00Z'));
    seen(Date.parse('2026-12-05T17:00:01Z'));
    seen(Date.parse('2026-12-05T16:59:59Z'));
    expect(published).toEqual([200]);
    seen(Date.parse('2026-12-05T16:00:00Z'));
    expect(published).toEqual([200, -3_600_000 + 200]);
  });

  it('reaches the door’s status, and is null before the service has answered with its time', async () => {
    const { service } = await doorService(3);
    const device = await doorDevice({ fetch: (r) => service.handle(r) });
    expect(device.status().clockOffsetMs).toBeNull();
    device.engine.serviceClockSeen(device.clock.now() + 3_600_000);
    expect(device.status().clockOffsetMs).toBe(3_600_000 + 500);
    expect(device.statuses.at(-1)?.clockOffsetMs).toBe(3_600_000 + 500);
  });
});
