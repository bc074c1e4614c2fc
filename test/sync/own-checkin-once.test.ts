// This door's own check-in is one admission, however the service's record of it reaches the
// door: on a first-download page fetched after it went out, in a pull that comes while its
// request is out or after its answer was lost, or in recovery. The service keeps the uuid the
// door sends (its client id), so that record carries the own row's client id as its uuid. Each
// interleaving is fixed by the test (a request held at the network, a push kept back by its
// backoff, a restart offline with the list's load held), never by timing. After each, the door
// holds one active check-in of the ticket, records no double admission, and judges the ticket
// again as "just admitted here", from a keyed read after a restart and from the loaded list
// alike; and another door's check-in of the same ticket is still a double admission.
import { describe, expect, it } from 'vitest';
import { pageRange } from '../../src/db/database';
import type { PageRow } from '../../src/db/rows';
import { readSyncState } from '../../src/db/local-copy';
import { readOutbox } from '../../src/db/outbox';
import type { RemoteCheckin } from '../../src/api/schemas';
import {
  activeRows,
  doorSays,
  joinedDoor,
  network,
  ONCE,
  otherDoorAdmits,
  pulledOwnRecord,
  restartOffline,
  restartWithLoadHeld,
  sentUnderOwnId,
  verdictOf,
} from './own-checkin-support';
import { doorDevice, doorService, LIST, serviceCheckins, unlockedDb } from './support';

describe("this door's own check-in counts once, whatever the order its record comes back in", () => {
  it('a first download resumed after a restart, once the check-in has gone out: its page holds the check-in, the door one admission', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[2]!;
    // The list has a check-in already, so its first download has a page of them.
    await otherDoorAdmits(setup, setup.tickets[5]!.id, 'earlier-checkin-0001');
    // The first download stops after the tickets: the page closed before the check-ins came.
    net.cutPages(true);
    const first = await doorDevice({ fetch: net.fetch });
    expect((await first.engine.join(LIST)).ok).toBe(true);
    await first.engine.syncNow();
    expect((await readSyncState(first.db, LIST, 'tickets')).cursor).not.toBeNull();
    expect((await readSyncState(first.db, LIST, 'checkins')).cursor).toBeNull();
    await first.engine.stop();
    net.cutPages(false);

    // Reopened, the door admits the ticket (judged by key while the list loads); the first
    // cycle, once the list is loaded, sends it and then resumes the download.
    const { engine, loadList } = await restartWithLoadHeld(first.db, net.fetch);
    expect(await verdictOf(engine, ticket.slug)).toBe('admitted');
    expect(engine.status().counted).toBe(false);
    await loadList();
    await engine.syncNow();
    await sentUnderOwnId(setup, first.db, ticket.id);
    expect((await readSyncState(first.db, LIST, 'checkins')).cursor).not.toBeNull();
    const pages = await first.db.pages
      .where('[listSlug+resource+page]')
      .between(...pageRange(LIST, 'checkins'))
      .toArray();
    // The page it fetched holds the door's own check-in.
    const onPages = pages.flatMap((p) => (p as PageRow<RemoteCheckin>).items);
    expect(onPages.filter((c) => c.ticketId === ticket.id)).toHaveLength(1);
    expect(await readOutbox(first.db, LIST)).toEqual([]);
    const device = { engine, db: first.db };

    expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
    await device.engine.stop();
    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });

    // Another door's check-in of the ticket is a double admission all the same.
    await otherDoorAdmits(setup, ticket.id);
    const again = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await again.engine.start();
    await again.engine.syncNow();
    expect(await doorSays(again.engine, ticket)).toEqual({
      verdict: 'already-checked-in',
      active: 2,
      doubles: [ticket.id],
    });
    expect(again.engine.status().conflicts[0]?.checkins.map((c) => c.source)).toEqual([
      'this-device',
      'elsewhere',
    ]);
    await again.engine.stop();
  });

  it('the answer lost, then a pull before recovery (the push kept back by its backoff): one admission, before and after a restart', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[1]!;
    const device = await joinedDoor(net);
    expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');

    // The service commits the batch; its answer never comes back.
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    await device.engine.flush();
    setup.service.faults.clear();
    await sentUnderOwnId(setup, device.db, ticket.id);
    expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual(['sending']);

    // The timer's cycle: its push waits out the backoff, its pull brings the service's record.
    expect(await pulledOwnRecord(device.db, ticket.id)).toBeNull();
    await device.engine.tick();
    expect(await pulledOwnRecord(device.db, ticket.id)).toMatchObject({ status: 'synced', deletedAt: null });
    expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual(['sending']);
    expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
    await device.engine.stop();

    // A restart before recovery: the stored rows say one admission too.
    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });

    // Online again: recovery links the record to the door's row; still one, nothing sent twice.
    const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await back.engine.start();
    await back.engine.syncNow();
    expect(await readOutbox(back.db, LIST)).toEqual([]);
    expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
    expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);

    await otherDoorAdmits(setup, ticket.id);
    await back.engine.syncNow();
    expect(await doorSays(back.engine, ticket)).toEqual({
      verdict: 'already-checked-in',
      active: 2,
      doubles: [ticket.id],
    });
    await back.engine.stop();
  });

  for (const answer of ['answered', 'lost: the page closed'] as const)
    it(`a pull while the batch is out (service committed, answer ${answer}): one admission throughout`, async () => {
      const setup = await doorService(6);
      const net = network(setup);
      const ticket = setup.tickets[3]!;
      const device = await joinedDoor(net);
      expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');

      // A first send never left (the network dropped): the push now waits out its backoff.
      net.cutSends(true);
      await device.engine.flush();
      net.cutSends(false);
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();

      // Sent again on demand; the service commits it and the answer is held at the network.
      const out = net.holdNextBatch();
      const sending = device.engine.flush();
      await out;
      await sentUnderOwnId(setup, device.db, ticket.id);
      // Meanwhile the timer's cycle pulls (its own push kept back by the backoff).
      expect(await pulledOwnRecord(device.db, ticket.id)).toBeNull();
      await device.engine.tick();
      expect(await pulledOwnRecord(device.db, ticket.id)).toMatchObject({
        status: 'synced',
        deletedAt: null,
      });
      expect(await doorSays(device.engine, ticket)).toEqual(ONCE);

      if (answer === 'answered') {
        net.giveAnswer();
        await sending;
        expect(await readOutbox(device.db, LIST)).toEqual([]);
        expect(await activeRows(device.db, ticket.id)).toHaveLength(1);
        expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
        await device.engine.stop();
        expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
        return;
      }
      // The page closes with its request still out: that request never answers, and the engine
      // has stopped (nothing of it runs on) before the door reopens its database.
      await device.engine.stop();
      expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
      const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
      await back.engine.start();
      await back.engine.syncNow();
      expect(await readOutbox(back.db, LIST)).toEqual([]);
      expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
      expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
      await back.engine.stop();
    });

  it('the answer lost, then a restart whose recovery comes before the pull: one admission', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[4]!;
    const device = await joinedDoor(net);
    expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    await device.engine.flush();
    setup.service.faults.clear();
    await device.engine.stop();

    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
    const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await back.engine.start();
    await back.engine.syncNow();
    expect(await readOutbox(back.db, LIST)).toEqual([]);
    expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
    expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
    await back.engine.stop();
    expect(await restartOffline(back.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
  });
});
