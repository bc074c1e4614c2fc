// The door against a service that refuses a second check-in of a ticket already in (a 422 whose
// message says "already", MOCK_DUPLICATE_CHECKINS=refuse). Such an answer means "already in on
// the service": the door keeps its own admission, shows the ticket as a double admission beside
// the check-in the service holds, sends the refused row never again, names it among the
// check-ins the service refused (never dropped unseen), and sends the rest of its queue.
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/db/outbox';
import { LIST, doorDevice, doorService, manualClock, serviceCheckins } from './support';

async function twoDoors(tickets = 10) {
  const setup = await doorService(tickets, 'refuse');
  const clock = manualClock();
  const posts = { north: 0, south: 0 };
  const device = (name: 'north' | 'south') =>
    doorDevice({
      name: name === 'north' ? 'North door' : 'South door',
      clock,
      fetch: (r) => {
        if (r.method === 'POST') posts[name]++;
        return setup.service.handle(r);
      },
    });
  const north = await device('north');
  const south = await device('south');
  for (const d of [north, south]) {
    expect((await d.engine.join(LIST)).ok).toBe(true);
    await d.engine.syncNow();
  }
  return { setup, clock, north, south, posts };
}

describe('a service that refuses a second check-in of a ticket', () => {
  it('is shown as a double admission on the refused door, never retried, and the rest of the queue goes', async () => {
    const { setup, clock, north, south, posts } = await twoDoors();
    const [shared, other, later] = setup.tickets;
    north.engine.setOnline(false);
    south.engine.setOnline(false);
    expect((await north.engine.scan(shared!.slug)).ok).toBe(true);
    await clock.advance(20_000);
    // South admits the same ticket and another one, offline: one batch of two.
    expect((await south.engine.scan(shared!.reference)).ok).toBe(true);
    expect((await south.engine.scan(other!.slug)).ok).toBe(true);
    north.engine.setOnline(true);
    await north.engine.syncNow();
    south.engine.setOnline(true);
    await south.engine.syncNow();

    // The service holds north's check-in of the shared ticket, once, and south's other one.
    const held = serviceCheckins(setup.service, setup.list.id);
    expect(held.get(shared!.id)).toBe(1);
    expect(held.get(other!.id)).toBe(1);
    // South: nothing waits, the refused row is named with the service's words, its own
    // admission stays and the ticket shows as a double admission beside north's check-in.
    const status = south.engine.status();
    expect(status.pending).toBe(0);
    expect(status.parked).toHaveLength(1);
    expect(status.parked[0]).toMatchObject({ ticketId: shared!.id, reason: { status: 422 } });
    expect(status.parked[0]!.reason.detail).toContain('already');
    const conflict = status.conflicts.find((c) => c.ticketId === shared!.id);
    expect(conflict?.checkins.map((c) => c.source).sort()).toEqual(['elsewhere', 'this-device']);
    expect(conflict?.checkins.find((c) => c.source === 'this-device')?.deviceName).toBe('South door');
    const northUuid = setup.service.context.store
      .findBy('checkins', 'byTicket', shared!.id)
      .find((c) => c.deleted_at === null)?.uuid;
    expect(conflict?.checkins.find((c) => c.source === 'elsewhere')?.uuid).toBe(northUuid);

    // Later syncs never send it again, and a new admission still goes at once.
    const before = posts.south;
    for (let i = 0; i < 3; i++) {
      await clock.advance(60_000);
      await south.engine.syncNow();
    }
    expect(posts.south).toBe(before);
    expect((await south.engine.scan(later!.slug)).ok).toBe(true);
    await south.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(later!.id)).toBe(1);
    expect(south.engine.status()).toMatchObject({ pending: 0, parked: [{ ticketId: shared!.id }] });
    expect((await readOutbox(south.db, LIST)).map((r) => r.state)).toEqual(['parked']);
  });

  it('lets the refused door take its admission back on the device alone, and the double admission goes', async () => {
    const { setup, clock, north, south, posts } = await twoDoors();
    const shared = setup.tickets[3]!;
    expect((await north.engine.scan(shared.slug)).ok).toBe(true);
    await north.engine.syncNow();
    south.engine.setOnline(false);
    const mine = await south.engine.scan(shared.reference);
    expect(mine.ok && mine.value.verdict.kind).toBe('admitted');
    south.engine.setOnline(true);
    await south.engine.syncNow();
    expect(south.engine.status().conflicts.map((c) => c.ticketId)).toEqual([shared.id]);
    const sent = posts.south;
    const undone = await south.engine.undo(mine.ok ? mine.value.checkin!.key : '');
    expect(undone).toEqual({ ok: true, value: 'cancelled' });
    await clock.advance(60_000);
    await south.engine.syncNow();
    expect(posts.south).toBe(sent);
    expect(south.engine.status()).toMatchObject({ pending: 0, parked: [], conflicts: [] });
    // North's check-in is untouched: the guest is in once, on the service and on both doors.
    expect(serviceCheckins(setup.service, setup.list.id).get(shared.id)).toBe(1);
    expect((await south.engine.ticket(shared.id))!.checkins.filter((c) => c.deletedAt === null)).toHaveLength(
      1,
    );
  });

  it('settles a refused batch whose answer was lost: what went in by its uuid, the duplicate parked', async () => {
    const { setup, clock, north, south, posts } = await twoDoors();
    const [shared, other] = [setup.tickets[5]!, setup.tickets[6]!];
    expect((await north.engine.scan(shared.slug)).ok).toBe(true);
    await north.engine.syncNow();
    south.engine.setOnline(false);
    expect((await south.engine.scan(shared.reference)).ok).toBe(true);
    expect((await south.engine.scan(other.slug)).ok).toBe(true);
    // The service commits what it takes of the batch, and the answer never reaches the door.
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    south.engine.setOnline(true);
    await south.engine.syncNow();
    setup.service.faults.clear();
    expect(serviceCheckins(setup.service, setup.list.id).get(other.id)).toBe(1);
    for (let i = 0; i < 3; i++) {
      await clock.advance(120_000);
      await south.engine.syncNow();
    }
    const held = serviceCheckins(setup.service, setup.list.id);
    expect([held.get(shared.id), held.get(other.id)]).toEqual([1, 1]);
    const status = south.engine.status();
    expect(status).toMatchObject({ pending: 0, parked: [{ ticketId: shared.id }] });
    expect(status.conflicts.map((c) => c.ticketId)).toEqual([shared.id]);
    // Its other check-in is linked to the service's, not held twice.
    const otherRows = (await south.engine.ticket(other.id))!.checkins;
    expect(otherRows).toHaveLength(1);
    expect(otherRows[0]!.uuid).toBe(otherRows[0]!.clientId);
    const sent = posts.south;
    await clock.advance(120_000);
    await south.engine.syncNow();
    expect(posts.south).toBe(sent);
  });
});

describe('a refused admission once the check-in it was refused beside is taken back', () => {
  it('counts nobody inside, as the service does, and still names the refusal', async () => {
    const { setup, clock, north, south } = await twoDoors();
    const shared = setup.tickets[2]!;
    // North admits and sends; south, holding north's check-in, admits the ticket anyway.
    const first = await north.engine.scan(shared.slug);
    const northKey = first.ok ? first.value.checkin!.key : '';
    await north.engine.syncNow();
    await south.engine.syncNow();
    const seen = await south.engine.scan(shared.reference);
    expect(seen.ok && seen.value.verdict.kind).toBe('already-checked-in');
    expect((await south.engine.admitAnyway(shared.id, 1)).ok).toBe(true);
    // The service refuses it as already in: parked, and shown beside north's check-in.
    await south.engine.syncNow();
    expect(south.engine.status()).toMatchObject({ pending: 0, parked: [{ ticketId: shared.id }] });
    expect(south.engine.status().conflicts.map((c) => c.ticketId)).toEqual([shared.id]);
    expect(south.engine.status().counts).toMatchObject({ checkedIn: 1, inside: 1 });
    expect((await south.engine.stats('Other doors'))?.insideNow).toBe(1);

    // North takes its admission back; the service then holds no active check-in of the ticket.
    expect(await north.engine.undo(northKey)).toEqual({ ok: true, value: 'queued' });
    await north.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(shared.id)).toBeUndefined();
    await clock.advance(60_000);
    await south.engine.syncNow();

    // South agrees with the service and north: the refusal is no check-in of its own.
    const status = south.engine.status();
    expect(status.counts).toMatchObject({ checkedIn: 0, inside: 0 });
    expect(north.engine.status().counts).toMatchObject({ checkedIn: 0, inside: 0 });
    const stats = await south.engine.stats('Other doors');
    expect([stats?.insideNow, stats?.overall.checkedIn]).toEqual([0, 0]);
    expect(status.conflicts).toEqual([]);
    // It is still named among the refusals, with the ticket's holder, for staff to resolve.
    expect(status).toMatchObject({ pending: 0, parked: [{ ticketId: shared.id, reason: { status: 422 } }] });
    expect(status.parked[0]!.ticket?.name).toBe('Person2 Example');
    expect((await readOutbox(south.db, LIST)).map((r) => `${r.kind} ${r.state}`)).toEqual(['checkin parked']);

    // Staff re-admit the guest: the door's own record says they came in, and "Admit anyway"
    // checks them in on the service, once, counted once.
    const again = await south.engine.scan(shared.slug);
    expect(again.ok && again.value.verdict.kind).toBe('already-checked-in');
    expect((await south.engine.admitAnyway(shared.id, 1)).ok).toBe(true);
    await south.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(shared.id)).toBe(1);
    expect(south.engine.status().counts).toMatchObject({ checkedIn: 1, inside: 1 });
  });
});

describe('a batch cut before the service, its tickets since checked in by another door', () => {
  it('is refused ticket by ticket, never taken for the other door check-ins', async () => {
    const setup = await doorService(10, 'refuse');
    const clock = manualClock();
    let cut = false;
    const device = (name: string, cuts: boolean) =>
      doorDevice({
        name,
        clock,
        fetch: async (r) => {
          if (cuts && cut && r.method === 'POST') throw new TypeError('Failed to fetch');
          return setup.service.handle(r);
        },
      });
    const north = await device('North door', false);
    const south = await device('South door', true);
    for (const d of [north, south]) {
      expect((await d.engine.join(LIST)).ok).toBe(true);
      await d.engine.syncNow();
    }
    const [first, second, alone] = [setup.tickets[1]!, setup.tickets[2]!, setup.tickets[3]!];
    // South admits three tickets; its batch never reaches the service, and no answer has
    // ever told it whether the service keeps the uuids it sends.
    for (const t of [first, second, alone]) expect((await south.engine.scan(t.slug)).ok).toBe(true);
    cut = true;
    await south.engine.syncNow();
    cut = false;
    south.engine.setOnline(false);
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(0);
    // North admits two of them meanwhile, and the service holds north's.
    await clock.advance(5_000);
    for (const t of [first, second]) expect((await north.engine.scan(t.slug)).ok).toBe(true);
    await north.engine.syncNow();
    const northUuids = new Set(
      setup.service.context.store.findBy('checkins', 'byList', setup.list.id).map((c) => c.uuid),
    );
    expect(northUuids.size).toBe(2);

    // South recovers its unanswered batch: both of north's tickets are refused as already in.
    south.engine.setOnline(true);
    await clock.advance(60_000);
    await south.engine.syncNow();
    await clock.advance(60_000);
    await south.engine.syncNow();
    const held = serviceCheckins(setup.service, setup.list.id);
    expect([held.get(first.id), held.get(second.id), held.get(alone.id)]).toEqual([1, 1, 1]);
    const status = south.engine.status();
    expect(status.pending).toBe(0);
    expect(status.parked.map((p) => p.ticketId).sort()).toEqual([first.id, second.id].sort());
    // No check-in of north's is held by south as its own admission.
    for (const t of [first, second, alone]) {
      const own = (await south.engine.ticket(t.id))!.checkins.filter((c) => c.clientId !== null);
      expect(own).toHaveLength(1);
      expect(own[0]!.uuid === null || !northUuids.has(own[0]!.uuid)).toBe(true);
    }
    expect(status.conflicts.map((c) => c.ticketId).sort()).toEqual([first.id, second.id].sort());
  });
});

describe('an undo waiting for a check-in the service then refuses as already in', () => {
  it('goes with the refusal instead of waiting for a uuid that never comes', async () => {
    const setup = await doorService(10, 'refuse');
    const clock = manualClock();
    let hold = false;
    let release: () => void = () => undefined;
    const south = await doorDevice({
      name: 'South door',
      clock,
      fetch: async (r) => {
        if (hold && r.method === 'POST') {
          hold = false;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        return setup.service.handle(r);
      },
    });
    expect((await south.engine.join(LIST)).ok).toBe(true);
    await south.engine.syncNow();
    const shared = setup.tickets[7]!;
    // Another door's check-in of the ticket is on the service already.
    const elsewhere = await setup.service.handle(
      new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkin: { ticket_id: shared.id } }),
      }),
    );
    expect(elsewhere.status).toBe(201);
    south.engine.setOnline(false);
    const mine = await south.engine.scan(shared.slug);
    const key = mine.ok ? mine.value.checkin!.key : '';
    // The batch leaves and is held at the network; the door undoes the admission meanwhile.
    hold = true;
    south.engine.setOnline(true);
    const flushing = south.engine.syncNow();
    await until(() => hold === false);
    expect(await south.engine.undo(key)).toEqual({ ok: true, value: 'waiting' });
    release();
    await flushing;
    for (let i = 0; i < 2; i++) {
      await clock.advance(60_000);
      await south.engine.syncNow();
    }
    const outbox = await readOutbox(south.db, LIST);
    expect(outbox.map((r) => `${r.kind} ${r.state}`)).toEqual(['checkin parked']);
    expect(south.engine.status()).toMatchObject({ pending: 0, conflicts: [] });
    const rows = (await south.engine.ticket(shared.id))!.checkins;
    expect(rows.filter((c) => c.deletedAt === null)).toHaveLength(1);
    expect(serviceCheckins(setup.service, setup.list.id).get(shared.id)).toBe(1);
  });
});

async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}
