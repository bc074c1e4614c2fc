// What the device holds unsent besides the open list. A check-in admitted on one list offline
// stays in that list's outbox when staff open another: the status must still say the device
// holds it (so no screen says "All sent" or "every check-in has reached the service"), and a
// check-in the service refused on that list must be counted too, though the open list's
// Problems screen does not name it. The real mock service in process, fake-indexeddb.
import { describe, expect, it } from 'vitest';
import { makeCheckinList } from '../mock-api/factories';
import { doorDevice, doorService, LIST, manualClock, serviceCheckins } from './support';

const OTHER = 'chk_psecondlist00000000000';

/** A service with two lists of the same tickets; `refuse`: a second active check-in is refused. */
async function twoLists(duplicates: 'record' | 'refuse' = 'record') {
  const setup = await doorService(6, duplicates);
  await setup.service.write(() =>
    makeCheckinList(setup.service.context, setup.event, { slug: OTHER, title: 'VIP door' }),
  );
  return setup;
}

/** A door that joined both lists, the main one open. */
async function doorOnBoth(
  setup: Awaited<ReturnType<typeof twoLists>>,
  clock = manualClock(),
  name = 'North door',
) {
  const door = await doorDevice({ name, clock, fetch: (r) => setup.service.handle(r) });
  for (const slug of [OTHER, LIST]) {
    expect((await door.engine.join(slug)).ok).toBe(true);
    await door.engine.syncNow();
  }
  expect(door.engine.status()).toMatchObject({ list: { slug: LIST }, elsewhere: { unsent: 0, parked: 0 } });
  return door;
}

describe('what another list holds unsent', () => {
  it('is counted once that list is no longer open, until it has been sent', async () => {
    const setup = await twoLists();
    const { engine } = await doorOnBoth(setup);
    engine.setOnline(false);
    expect((await engine.scan(setup.tickets[0]!.slug)).ok).toBe(true);
    expect(engine.status()).toMatchObject({ pending: 1, elsewhere: { unsent: 0, parked: 0, lists: 0 } });

    expect((await engine.open(OTHER)).ok).toBe(true);
    // The open list holds nothing unsent; the device still does.
    expect(engine.status()).toMatchObject({
      list: { slug: OTHER },
      pending: 0,
      elsewhere: { unsent: 1, parked: 0, lists: 1 },
    });

    // Back online, the cycle sends every list's outbox: then nothing is held anywhere.
    engine.setOnline(true);
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(setup.tickets[0]!.id)).toBe(1);
    expect(engine.status()).toMatchObject({ pending: 0, elsewhere: { unsent: 0, parked: 0, lists: 0 } });
    await engine.stop();
  });

  it('counts a check-in the service refused on a list that is not open', async () => {
    const setup = await twoLists('refuse');
    const clock = manualClock();
    const south = await doorOnBoth(setup, clock, 'South door');
    const north = await doorOnBoth(setup, clock);
    const shared = setup.tickets[1]!;
    // South admits the ticket offline; north admits it too, and its check-in reaches the service first.
    south.engine.setOnline(false);
    expect((await south.engine.scan(shared.slug)).ok).toBe(true);
    expect((await north.engine.scan(shared.slug)).ok).toBe(true);
    await north.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(shared.id)).toBe(1);

    // South opens the other list, then comes back online: its main list's row is refused.
    expect((await south.engine.open(OTHER)).ok).toBe(true);
    south.engine.setOnline(true);
    await south.engine.syncNow();
    expect(south.engine.status()).toMatchObject({
      list: { slug: OTHER },
      pending: 0,
      parked: [],
      elsewhere: { unsent: 0, parked: 1, lists: 1 },
    });
    // Opened again, the list names it among its own refused check-ins.
    expect((await south.engine.open(LIST)).ok).toBe(true);
    expect(south.engine.status()).toMatchObject({
      parked: [{ ticketId: shared.id }],
      elsewhere: { parked: 0 },
    });
    await Promise.all([south.engine.stop(), north.engine.stop()]);
  });
});
