// An admission made while a restart's list still loads (judged by key) is sent as soon as the
// list is in, not at the next regular sync a minute on: the send a write asks for waits for the
// load (a push works on the loaded index), as the start's first cycle does; either alone sends
// it (each was seen failing with both taken out). A door that starts locked has only the first:
// its first cycle runs before the passcode opens the list, so the write's send is what sends. The load is held and the clock moved by hand,
// so the interleaving is the same on every run.
import { describe, expect, it } from 'vitest';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import { doorDevice, doorEngineOn, doorService, LIST, manualClock, serviceCheckins } from './support';

const INTERVAL_MS = 60_000;

describe('a check-in made while the list loads after a restart, online', () => {
  it('reaches the service once the list is in, long before the next regular sync', async () => {
    const setup = await doorService(20);
    const fetch = (r: Request) => setup.service.handle(r);
    const first = await doorDevice({ fetch, syncIntervalMs: () => INTERVAL_MS });
    await first.engine.join(LIST);
    await first.engine.syncNow();
    await first.engine.stop();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const clock = manualClock();
    const engine = await doorEngineOn(first.db, fetch, {
      clock,
      online: true,
      syncIntervalMs: () => INTERVAL_MS,
      fillIndex: async (db, slug, index, between) => {
        await gate;
        return fillListIndex(db, slug, index, between);
      },
    });
    await engine.start({ background: true });
    const settle = async (ms: number) => {
      for (let passed = 0; passed < ms; passed += 50) {
        await clock.advance(50);
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    // The first cycle of the start has run (its pull and push) before the scan.
    await settle(500);
    const guest = setup.tickets[3]!;
    const scanned = await engine.scan(guest.slug);
    expect(scanned).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    // The write's send comes due while the list still loads.
    await settle(1000);
    expect(serviceCheckins(setup.service, setup.list.id).get(guest.id)).toBeUndefined();
    release();
    await engine.loaded();
    // Within a few seconds of the list being in, a minute before the regular sync.
    await settle(3000);
    expect(serviceCheckins(setup.service, setup.list.id).get(guest.id)).toBe(1);
    await engine.stop();
  });
});
