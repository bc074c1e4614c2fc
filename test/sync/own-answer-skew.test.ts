// A door whose clock runs minutes ahead of the service's. Its own check-in is stamped with the
// door's time while it waits for its answer; the service's record of it is stamped with the
// service's, earlier. Guarantees: once the answer is known (sent, or settled by a recovery,
// even one run by a push while the list was not open), the open list's index holds the
// check-in with its uuid, so a double admission the door shows names its own side by the uuid
// the service (or a relay in front of it) gave, as the stored row does.
import { describe, expect, it } from 'vitest';
import { pendingCheckinRow, serviceCheckinRow } from '../../src/db/checkin-row';
import { createListIndex } from '../../src/sync/index/list-index';
import { pushOutbox } from '../../src/sync/outbox/push-outbox';
import { makeCheckinList } from '../mock-api/factories';
import { NOW } from '../mock-api/support';
import { network } from './own-checkin-support';
import { clientOver, doorDevice, doorService, fetchOver, LIST, manualClock } from './support';

/** How far the door's clock runs ahead of the service's. */
const AHEAD_MS = 5 * 60_000;
const SERVICE_NOW = Date.parse(NOW);
const CLIENT_ID = 'south-client-id-0001';
const BACK_LIST = 'chk_pbacklist0000000000000';

describe('a door whose clock runs ahead of the service', () => {
  it('takes the service record of its pending check-in, stamped earlier, under the same key', () => {
    const index = createListIndex();
    const pending = pendingCheckinRow({
      listSlug: LIST,
      ticketId: 7,
      deviceName: 'South door',
      now: SERVICE_NOW + AHEAD_MS,
      clientId: CLIENT_ID,
    });
    index.putCheckins([pending]);
    const remote = {
      uuid: CLIENT_ID,
      id: 41,
      ticketId: 7,
      createdAt: SERVICE_NOW,
      updatedAt: SERVICE_NOW,
      deletedAt: null,
    };
    const own = {
      key: pending.key,
      createdAt: pending.createdAt,
      deviceName: 'South door',
      clientId: CLIENT_ID,
    };
    index.putCheckins([serviceCheckinRow(LIST, remote, own)]);
    expect(index.checkinByKey(pending.key)?.uuid).toBe(CLIENT_ID);
    // A stale read of the pending row (a list's load that read before the answer was stored)
    // never takes the uuid away again, though its stamp is later.
    index.putCheckins([pending]);
    expect(index.checkinByKey(pending.key)?.uuid).toBe(CLIENT_ID);
  });

  it('shows a double admission with its own side by the uuid a recovery settled it with', async () => {
    const setup = await doorService(10, 'record');
    const fetch = fetchOver(setup.service);
    const north = await doorDevice({ name: 'North door', fetch });
    const south = await doorDevice({ name: 'South door', fetch, clock: manualClock(SERVICE_NOW + AHEAD_MS) });
    for (const d of [north, south]) {
      expect((await d.engine.join(LIST)).ok).toBe(true);
      await d.engine.syncNow();
    }
    const shared = setup.tickets[2]!;
    expect((await north.engine.scan(shared.slug)).ok).toBe(true);
    await north.engine.syncNow();
    // South admits the ticket before it has heard of north's check-in, and the answer to its
    // batch is lost after the service committed it: the row waits, `sending`.
    south.engine.setOnline(false);
    expect((await south.engine.scan(shared.slug)).ok).toBe(true);
    setup.service.faults.set({
      drop_after_commit: { rate: 1, methods: ['POST', 'GET'], path_prefix: '/checkin' },
    });
    south.engine.setOnline(true);
    await south.engine.flush();
    setup.service.faults.clear();
    // The recovery runs in a push that reaches no open list's index (the loop sends a list it
    // does not hold open that way): the stored row is settled, the index is not.
    const pushed = await pushOutbox(south.db, clientOver(fetch)(), {
      listSlug: LIST,
      floor: 0,
      marginMs: 10_000,
    });
    expect(pushed.ok && pushed.value.recovered).toBe(1);
    for (let i = 0; i < 2; i++) await south.engine.syncNow();

    const stored = (await south.db.checkins.where('[listSlug+ticketId]').equals([LIST, shared.id]).toArray())
      .filter((c) => c.clientId !== null)
      .map((c) => c.uuid);
    expect(stored).toEqual([expect.any(String)]);
    const conflict = south.engine.status().conflicts.find((c) => c.ticketId === shared.id);
    expect(conflict?.checkins.find((c) => c.source === 'this-device')?.uuid).toBe(stored[0]);
    await Promise.all([north.engine.stop(), south.engine.stop()]);
  });

  it('settles a check-in in the index of its list opened while the answer was out', async () => {
    const setup = await doorService(10, 'record');
    await setup.service.write(() =>
      makeCheckinList(setup.service.context, setup.event, { slug: BACK_LIST, title: 'Back door' }),
    );
    const net = network(setup);
    const door = await doorDevice({ fetch: net.fetch, clock: manualClock(SERVICE_NOW + AHEAD_MS) });
    for (const slug of [LIST, BACK_LIST]) {
      expect((await door.engine.join(slug)).ok).toBe(true);
      await door.engine.syncNow();
    }
    // The back door's list holds a check-in waiting to go while the main list is open.
    door.engine.setOnline(false);
    const ticket = setup.tickets[4]!;
    expect((await door.engine.scan(ticket.slug)).ok).toBe(true);
    expect((await door.engine.open(LIST)).ok).toBe(true);
    door.engine.setOnline(true);
    // A cycle sends the list not open; staff open it while that batch's answer is out.
    const held = net.holdNextBatch();
    const cycle = door.engine.syncNow();
    await held;
    expect((await door.engine.open(BACK_LIST)).ok).toBe(true);
    // No read answers from here on: only the push's own answer can tell the index.
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['GET'], path_prefix: '/checkin' } });
    net.giveAnswer();
    await cycle;
    setup.service.faults.clear();

    const stored = (
      await door.db.checkins.where('[listSlug+ticketId]').equals([BACK_LIST, ticket.id]).toArray()
    )
      .filter((c) => c.clientId !== null)
      .map((c) => c.uuid);
    expect(stored).toEqual([expect.any(String)]);
    const own = (await door.engine.ticket(ticket.id))?.checkins.find((c) => c.clientId !== null);
    expect(own?.uuid).toBe(stored[0]);
    await door.engine.stop();
  });
});
