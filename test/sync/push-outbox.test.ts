// Sending the outbox on its own (pushOutbox), against the real mock service in process: what
// the service ends up holding is what the door admitted, once each, whatever the answers did.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { readOutbox, recordCheckin } from '../../src/db/outbox';
import { pushOutbox } from '../../src/sync/outbox/push-outbox';
import { clientOver, doorDevice, doorService, LIST, serviceCheckins } from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;

/** A door joined to the list, then cut off: its scans wait in the outbox. */
async function offlineDoor(setup: Setup, count: number, fetch: FetchLike = (r) => setup.service.handle(r)) {
  const device = await doorDevice({ fetch });
  expect((await device.engine.join(LIST)).ok).toBe(true);
  await device.engine.syncNow();
  device.engine.setOnline(false);
  for (const ticket of setup.tickets.slice(0, count)) await device.engine.scan(ticket.slug);
  return { ...device, api: clientOver(fetch)() };
}

const push = (device: Awaited<ReturnType<typeof offlineDoor>>, batchSize?: number) =>
  pushOutbox(device.db, device.api, { listSlug: LIST, floor: 0, marginMs: 10_000, batchSize });

describe('pushOutbox', () => {
  it('sends scans made offline in batches, oldest first, and the service holds each once', async () => {
    const setup = await doorService(12);
    const posts: number[] = [];
    const device = await offlineDoor(setup, 10, async (request) => {
      if (request.method === 'POST')
        posts.push(Object.keys((await request.clone().json()).batch.checkins).length);
      return setup.service.handle(request);
    });
    expect(await push(device, 4)).toEqual({ ok: true, value: { sent: 10, parked: 0, recovered: 0 } });
    expect(posts).toEqual([4, 4, 2]);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    const held = serviceCheckins(setup.service, setup.list.id);
    expect([...held.values()]).toEqual(Array(10).fill(1));
    expect((await device.db.checkins.toArray()).every((c) => c.status === 'synced' && c.uuid)).toBe(true);
  });

  it("takes each step on the door's storage only in its turn: a decision under way goes first", async () => {
    const setup = await doorService(4);
    let requests = 0;
    const device = await offlineDoor(setup, 3, (request) => {
      requests++;
      return setup.service.handle(request);
    });
    requests = 0;
    // Turns given one at a time, as a door's decisions release them.
    const waiting: (() => void)[] = [];
    const turn = () => new Promise<void>((resolve) => waiting.push(resolve));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const pushed = pushOutbox(device.db, device.api, { listSlug: LIST, floor: 0, marginMs: 10_000, turn });
    let steps = 0;
    for (;;) {
      await settle();
      const given = waiting.splice(0);
      if (given.length === 0) break;
      // Held: nothing claimed, nothing sent while the turn is not given.
      if (steps === 0) {
        expect(requests).toBe(0);
        expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual([
          'queued',
          'queued',
          'queued',
        ]);
      }
      expect(given).toHaveLength(1);
      steps++;
      given[0]!();
    }
    expect(await pushed).toEqual({ ok: true, value: { sent: 3, parked: 0, recovered: 0 } });
    // Recovery, the claim, the answer's settling and the undos' read: each took a turn.
    expect(steps).toBeGreaterThanOrEqual(4);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect([...serviceCheckins(setup.service, setup.list.id).values()]).toEqual([1, 1, 1]);
  });

  it('a check-in the service refuses is set aside with its reason; the rest of its batch still goes', async () => {
    const setup = await doorService(5);
    const device = await offlineDoor(setup, 3);
    await recordCheckin(device.db, {
      listSlug: LIST,
      ticketId: 987_654,
      deviceName: 'Door 1',
      now: Date.now(),
      clientId: 'not-a-ticket-here',
    });
    const report = await push(device);
    expect(report).toMatchObject({ ok: true, value: { sent: 3, parked: 1 } });
    expect(await readOutbox(device.db, LIST)).toMatchObject([{ ticketId: 987_654, state: 'parked' }]);
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(3);
  });

  it('a batch whose answer was lost is recovered by the next push, never sent twice', async () => {
    const setup = await doorService(8);
    const device = await offlineDoor(setup, 6);
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    expect(await push(device)).toMatchObject({ ok: false });
    setup.service.faults.clear();
    expect(await push(device)).toMatchObject({ ok: true, value: { recovered: 6 } });
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect([...serviceCheckins(setup.service, setup.list.id).values()]).toEqual(Array(6).fill(1));
  });

  it('an undo of a sent check-in goes out as a DELETE and the service no longer counts the guest', async () => {
    const setup = await doorService(4);
    const device = await offlineDoor(setup, 2);
    await push(device);
    const [first] = (await device.db.checkins.toArray()).sort((a, b) => a.ticketId - b.ticketId);
    expect(await device.engine.undo(first!.key)).toEqual({ ok: true, value: 'queued' });
    expect(await push(device)).toMatchObject({ ok: true, value: { sent: 1 } });
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(1);
  });
});
