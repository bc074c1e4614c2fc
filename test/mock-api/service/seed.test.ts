import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/platform/clock';
import { createRandom } from '../../../src/mock-api/random';
import { DEMO_CHECKIN_LIST, DEMO_VIP_LIST } from '../../../src/mock-api/seed/demo';
import { createMockService } from '../../../src/mock-api/service';
import { memoryPersistence } from '../../../src/mock-api/store/persistence';
import { NOW } from '../support';

function demo(tickets?: number) {
  return createMockService({
    clock: fixedClock(NOW),
    random: createRandom(1),
    persistence: { ...memoryPersistence(), replace: async () => {} },
    config: { seed: { name: 'demo', tickets } },
  });
}

describe('the demo seed', () => {
  it('seeds about 2,000 registrations across releases, in every state, deterministically', async () => {
    const service = demo();
    await service.ready;
    const { store } = service.context;
    const registrations = store.all('registrations');
    expect(registrations.length).toBeGreaterThan(1800);
    expect(registrations.length).toBeLessThan(2400);
    expect(registrations.some((r) => r.test_mode)).toBe(true);
    expect(registrations.some((r) => r.state === 'cancelled')).toBe(true);
    expect(registrations.some((r) => !r.receipt_paid)).toBe(true);
    expect(new Set(store.all('tickets').map((t) => t.release_id)).size).toBe(5);
    expect(store.count('answers')).toBeGreaterThan(1000);
    expect(store.count('discount_codes')).toBeGreaterThan(0);
    expect(store.count('activities')).toBeGreaterThan(0);
    expect(store.all('checkin_lists').map((l) => l.slug)).toEqual([DEMO_CHECKIN_LIST, DEMO_VIP_LIST]);
    // Names repeat; slugs and references never do (they come from the cryptographic generator).
    const again = demo();
    await again.ready;
    const people = (s: typeof store) =>
      s
        .all('tickets')
        .slice(0, 50)
        .map((t) => [t.first_name, t.last_name, t.email, t.release_id]);
    expect(people(again.context.store)).toEqual(people(store));
    const secrets = (s: typeof store) => s.all('tickets').map((t) => t.slug);
    const seen = new Set(secrets(store));
    expect(secrets(again.context.store).filter((slug) => seen.has(slug))).toEqual([]);
  });

  it('seeds a 100,000-ticket list in well under a minute', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const service = demo(100_000);
    await service.ready;
    const res = await service.handle(
      new Request(`http://mock.test/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`),
    );
    expect((await res.json()).tickets_count).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
