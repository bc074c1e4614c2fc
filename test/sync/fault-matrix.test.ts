import { describe, expect, it } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { markSending, readOutbox } from '../../src/db/outbox';
import type { FetchLike } from '../../src/api/http';
import { parseCsv } from '../fixtures/read-csv';
import {
  doorDevice,
  doorService,
  LIST,
  manualClock,
  serviceCheckins,
  serviceOver,
  unlockedDb,
} from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;

async function admitOffline(device: Awaited<ReturnType<typeof doorDevice>>, setup: Setup, count: number) {
  device.engine.setOnline(false);
  for (const ticket of setup.tickets.slice(0, count)) {
    const scan = await device.engine.scan(ticket.slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
  }
  expect(device.engine.status().pending).toBe(count);
}

/** Each of the first `count` tickets is checked in exactly once on the service, and the outbox is empty. */
async function expectExactlyOnce(setup: Setup, db: CheckinDatabase, count: number) {
  const counts = serviceCheckins(setup.service, setup.list.id);
  for (const ticket of setup.tickets.slice(0, count)) expect(counts.get(ticket.id) ?? 0).toBe(1);
  expect(counts.size).toBe(count);
  expect(await readOutbox(db, LIST)).toEqual([]);
}

async function joinedDevice(
  setup: Setup,
  fetch: FetchLike = (r) => setup.service.handle(r),
  db?: CheckinDatabase,
) {
  const device = await doorDevice({ fetch, ...(db ? { db } : {}) });
  const joined = await device.engine.join(LIST);
  expect(joined.ok).toBe(true);
  await device.engine.syncNow();
  return device;
}

describe('the outbox reaches the service exactly once', () => {
  it('admits 500 tickets scanned offline and sends each once when back online', async () => {
    const setup = await doorService(520);
    const device = await joinedDevice(setup);
    await admitOffline(device, setup, 500);
    device.engine.setOnline(true);
    await device.engine.syncNow();
    await expectExactlyOnce(setup, device.db, 500);
    expect(device.engine.status()).toMatchObject({ pending: 0, counts: { tickets: 520, checkedIn: 500 } });
  }, 90_000);

  it('does not send twice a batch whose answer was dropped after the service committed it', async () => {
    const setup = await doorService(40);
    let posts = 0;
    const device = await joinedDevice(setup, (r) => {
      if (r.method === 'POST') posts++;
      return setup.service.handle(r);
    });
    await admitOffline(device, setup, 30);
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    device.engine.setOnline(true);
    await device.engine.syncNow();
    setup.service.faults.clear();
    await device.clock.advance(120_000);
    await device.engine.syncNow();
    await expectExactlyOnce(setup, device.db, 30);
    expect(posts).toBe(1);
  });

  it('never takes another door’s check-in of the same ticket as its own after a lost request', async () => {
    const setup = await doorService(10);
    let failPosts = false;
    const north = await joinedDevice(setup, async (r) => {
      // The request dies on the way: the service never sees it.
      if (failPosts && r.method === 'POST') throw new TypeError('Failed to fetch');
      return setup.service.handle(r);
    });
    const south = await joinedDevice(setup);
    const [first, shared] = setup.tickets;
    await north.engine.scan(first!.slug);
    await north.engine.syncNow(); // learns that the service keeps the uuids it sends
    failPosts = true;
    const mine = await north.engine.scan(shared!.slug);
    await north.engine.syncNow();
    expect(north.engine.status().pending).toBe(1);
    // Meanwhile the same ticket is admitted at the other door and reaches the service.
    await south.engine.scan(shared!.slug);
    await south.engine.syncNow();
    failPosts = false;
    await north.clock.advance(120_000);
    await north.engine.syncNow();
    await north.engine.syncNow();
    // North's own admission went out under its own uuid: two on the service, a double admission shown.
    expect(serviceCheckins(setup.service, setup.list.id).get(shared!.id)).toBe(2);
    const northRows = (await north.engine.ticket(shared!.id))!.checkins;
    const own = northRows.find((c) => c.clientId !== null)!;
    expect(mine.ok && own.uuid).toBe(mine.ok ? mine.value.checkin!.clientId : null);
    expect(northRows.filter((c) => c.deletedAt === null)).toHaveLength(2);
    expect(north.engine.status().conflicts.map((c) => c.ticketId)).toEqual([shared!.id]);
    expect(await readOutbox(north.db, LIST)).toEqual([]);
  });

  it('holds its own check-in once when a pull brings it before the lost answer is settled', async () => {
    // Found by the partition simulation (test/sim), seed 1: the pull that follows a failed push
    // brought the check-in back as another door's, and the recovery then linked the own row
    // to the same uuid: two rows, and a double admission shown that never happened.
    const setup = await doorService(10);
    let drop = false;
    const device = await joinedDevice(setup, async (r) => {
      const answer = await setup.service.handle(r);
      if (drop && r.method === 'POST') throw new TypeError('socket hang up');
      return answer;
    });
    await admitOffline(device, setup, 1);
    drop = true;
    device.engine.setOnline(true);
    await device.engine.syncNow();
    drop = false;
    await device.clock.advance(120_000);
    await device.engine.syncNow();
    await expectExactlyOnce(setup, device.db, 1);
    const ticket = setup.tickets[0]!;
    const rows = (await device.engine.ticket(ticket.id))!.checkins;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uuid: rows[0]!.clientId, deletedAt: null });
    expect(await device.db.checkins.where('[listSlug+uuid]').equals([LIST, rows[0]!.uuid!]).count()).toBe(1);
    expect(device.engine.status().conflicts).toEqual([]);
  });

  it('settles a first, unanswered batch by its own uuid, never by another door’s check-in of the ticket', async () => {
    // Found by the partition simulation (test/sim), seed 1: before its first answer a door does
    // not know the service keeps its uuids, and recovery claimed by ticket and time.
    const setup = await doorService(10);
    let drop = false;
    const north = await joinedDevice(setup, async (r) => {
      const answer = await setup.service.handle(r);
      if (drop && r.method === 'POST') throw new TypeError('socket hang up');
      return answer;
    });
    const south = await joinedDevice(setup);
    const ticket = setup.tickets[4]!;
    north.engine.setOnline(false);
    const mine = await north.engine.scan(ticket.slug);
    setup.clock.advance(60_000);
    await south.engine.scan(ticket.slug);
    await south.engine.syncNow();
    setup.clock.advance(1_000);
    drop = true;
    north.engine.setOnline(true);
    await north.engine.syncNow();
    drop = false;
    await north.clock.advance(120_000);
    await north.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(2);
    const own = (await north.engine.ticket(ticket.id))!.checkins.filter((c) => c.clientId !== null);
    expect(own).toHaveLength(1);
    expect(own[0]!.uuid).toBe(mine.ok ? mine.value.checkin!.clientId : 'no admission');
    expect(north.engine.status().conflicts.map((c) => c.ticketId)).toEqual([ticket.id]);
    expect(await readOutbox(north.db, LIST)).toEqual([]);
  });

  it('asks the service, not the ticket, when a first batch that never arrived is recovered', async () => {
    // Found by the partition simulation (test/sim), seed 3: a door partitioned before its first
    // answer does not know whether the service keeps its uuids; claiming by ticket took another
    // door's check-in while its own admission never reached the service.
    const setup = await doorService(10);
    let cut = false;
    const north = await joinedDevice(setup, async (r) => {
      if (cut && r.method === 'POST') throw new TypeError('Failed to fetch');
      return setup.service.handle(r);
    });
    const south = await joinedDevice(setup);
    const ticket = setup.tickets[6]!;
    north.engine.setOnline(false);
    const mine = await north.engine.scan(ticket.slug);
    setup.clock.advance(60_000);
    cut = true;
    north.engine.setOnline(true);
    await north.engine.syncNow();
    await south.engine.scan(ticket.slug);
    await south.engine.syncNow();
    cut = false;
    await north.clock.advance(120_000);
    await north.engine.syncNow();
    await north.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(2);
    const own = (await north.engine.ticket(ticket.id))!.checkins.filter((c) => c.clientId !== null);
    expect(own.map((c) => c.uuid)).toEqual([mine.ok ? mine.value.checkin!.clientId : 'no admission']);
    expect(north.engine.status().conflicts.map((c) => c.ticketId)).toEqual([ticket.id]);
    expect(await readOutbox(north.db, LIST)).toEqual([]);
  });

  it('applies an undo made while its check-in was on the way to the service', async () => {
    // Found by the partition simulation (test/sim), seed 5 with 40 doors: the push had read the
    // waiting undos before its request left, so an undo made meanwhile never learnt the uuid,
    // stayed in the outbox for good, and the check-in showed as active again.
    const setup = await doorService(10);
    let whileOut: (() => Promise<void>) | null = null;
    const device = await joinedDevice(setup, async (r) => {
      const answer = await setup.service.handle(r);
      const during = r.method === 'POST' ? whileOut : null;
      whileOut = null;
      await during?.();
      return answer;
    });
    const ticket = setup.tickets[2]!;
    device.engine.setOnline(false);
    const scan = await device.engine.scan(ticket.slug);
    const key = scan.ok ? scan.value.checkin!.key : 'no admission';
    let outcome: unknown = null;
    whileOut = async () => {
      outcome = await device.engine.undo(key);
    };
    device.engine.setOnline(true);
    await device.engine.syncNow();
    await device.engine.syncNow();
    expect(outcome).toEqual({ ok: true, value: 'waiting' });
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect((await device.engine.ticket(ticket.id))!.checkins.map((c) => c.deletedAt !== null)).toEqual([
      true,
    ]);
  });

  it('sends only the rows still queued when an undo cancelled one after the push read the outbox', async () => {
    // Found in the forty-door simulation (seed 20261123): a push read the outbox, an
    // undo cancelled one of its rows before the batch was marked as sending, and the batch
    // still carried it: the service held a check-in the door had said was never sent.
    const setup = await doorService(5);
    const device = await joinedDevice(setup);
    device.engine.setOnline(false);
    const [first, second] = setup.tickets;
    const scans = [await device.engine.scan(first!.slug), await device.engine.scan(second!.slug)];
    const keys = scans.map((s) => (s.ok ? s.value.checkin!.key : 'no admission'));
    const read = await readOutbox(device.db, LIST); // what a push has read
    expect(await device.engine.undo(keys[0]!)).toEqual({ ok: true, value: 'cancelled' });
    const claimed = await markSending(device.db, LIST, read, 0);
    expect(claimed.map((r) => r.checkinKey)).toEqual([keys[1]]);
    expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual(['sending']);
  });

  it('exports a check-in whose batch went unanswered as possibly on the service, not as never sent', async () => {
    const setup = await doorService(5);
    let drop = false;
    let down = false;
    const device = await joinedDevice(setup, async (r) => {
      // The batch lands and its answer is lost; then the network is gone.
      if (down) throw new TypeError('Failed to fetch');
      const answer = await setup.service.handle(r);
      if (drop && r.method === 'POST') {
        down = true;
        throw new TypeError('socket hang up');
      }
      return answer;
    });
    await admitOffline(device, setup, 1);
    device.engine.setOnline(false);
    await device.engine.scan(setup.tickets[1]!.slug);
    drop = true;
    device.engine.setOnline(true);
    await device.engine.syncNow();
    device.engine.setOnline(false);
    await device.engine.scan(setup.tickets[2]!.slug);
    const rows = parseCsv(await device.engine.exportUnsent(LIST));
    const stateOf = (ticket: number) =>
      rows.find((line) => line.includes(setup.tickets[ticket]!.reference))?.[rows[0]!.indexOf('state')];
    expect([stateOf(0), stateOf(1), stateOf(2)]).toEqual(['no-answer', 'no-answer', 'queued']);
  });

  it('rides out a burst of 5xx answers with backoff', async () => {
    const setup = await doorService(20);
    const device = await joinedDevice(setup);
    await admitOffline(device, setup, 12);
    setup.service.faults.set({ errors: { rate: 1, status: 503, path_prefix: '/checkin' } });
    device.engine.setOnline(true);
    for (let i = 0; i < 4; i++) {
      await device.clock.advance(5_000);
      await device.engine.syncNow();
    }
    expect(device.engine.status().pending).toBe(12);
    setup.service.faults.clear();
    await device.clock.advance(120_000);
    await device.engine.syncNow();
    await expectExactlyOnce(setup, device.db, 12);
  });

  it('waits as long as Retry-After says when rate limited', async () => {
    const setup = await doorService(20);
    const device = await joinedDevice(setup);
    await admitOffline(device, setup, 10);
    let posts = 0;
    const counting: FetchLike = (r) => {
      if (r.method === 'POST') posts++;
      return setup.service.handle(r);
    };
    const limited = await doorDevice({ fetch: counting, db: device.db, clock: device.clock });
    await limited.engine.open(LIST);
    setup.service.faults.set({ rate_limit: { requests: 0, window_seconds: 30, path_prefix: '/checkin' } });
    await limited.engine.syncNow();
    expect(limited.engine.status().errors.outbox?.reason).toBe('rate-limited');
    await device.clock.advance(10_000);
    await limited.engine.syncNow();
    expect(posts).toBe(1);
    setup.service.faults.clear();
    await device.clock.advance(25_000);
    await limited.engine.syncNow();
    expect(posts).toBe(2);
    await expectExactlyOnce(setup, device.db, 10);
  });

  it('recovers when the server restarts in the middle of a batch', async () => {
    const setup = await doorService(30);
    let service = setup.service;
    let restarted = false;
    const fetch: FetchLike = async (request) => {
      if (request.method === 'POST' && !restarted) {
        await service.handle(request);
        restarted = true;
        service = serviceOver(setup.persistence, setup.clock);
        throw new TypeError('socket hang up');
      }
      return service.handle(request);
    };
    const device = await joinedDevice(setup, fetch);
    await admitOffline(device, setup, 25);
    device.engine.setOnline(true);
    await device.engine.syncNow();
    await device.clock.advance(60_000);
    await device.engine.syncNow();
    await expectExactlyOnce({ ...setup, service }, device.db, 25);
  });

  it('continues after the page was closed in the middle of a flush', async () => {
    const setup = await doorService(30);
    let closing = false;
    const fetch: FetchLike = async (request) => {
      if (closing && request.method === 'POST') {
        await setup.service.handle(request);
        return new Promise<Response>(() => {}); // the page is gone before the answer lands
      }
      return setup.service.handle(request);
    };
    const first = await joinedDevice(setup, fetch);
    await admitOffline(first, setup, 20);
    closing = true;
    first.engine.setOnline(true);
    await new Promise((r) => setTimeout(r, 200));
    void first.engine.stop();
    first.db.close();
    const reopened = unlockedDb(first.db.name);
    const second = await doorDevice({
      fetch: (r) => setup.service.handle(r),
      db: reopened,
      clock: first.clock,
    });
    await second.engine.start();
    await second.engine.syncNow();
    await second.engine.stop();
    await expectExactlyOnce(setup, reopened, 20);
  });

  it('parks the one invalid item of a batch and sends the others', async () => {
    const setup = await doorService(20);
    const device = await joinedDevice(setup);
    await admitOffline(device, setup, 8);
    const voided = setup.tickets[3]!;
    await setup.service.write(() =>
      setup.service.context.store.update('tickets', voided.id, {
        state: 'void',
        updated_at: '2026-06-15T12:01:00.000Z',
      }),
    );
    device.engine.setOnline(true);
    await device.engine.syncNow();
    const status = device.engine.status();
    expect(status.pending).toBe(0);
    expect(status.parked).toHaveLength(1);
    expect(status.parked[0]).toMatchObject({
      ticketId: voided.id,
      reason: { reason: 'rejected', status: 422 },
    });
    const counts = serviceCheckins(setup.service, setup.list.id);
    expect(counts.get(voided.id)).toBeUndefined();
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1, 1, 1]);
    await device.engine.dismissParked(status.parked[0]!.outboxId);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
  });
});

describe('double admissions', () => {
  it('shows its own side of a double admission once a lost answer is settled by recovery alone', async () => {
    // Behind double admissions the partition simulation (test/sim, seed 20261123, 40 doors) found
    // unshown: a push that only recovered an unanswered batch (nothing new sent) left the double
    // admission as recorded while the check-in was pending: its own side without a uuid, its
    // pulled copy as another door's, until the next pull.
    const setup = await doorService(10);
    const clock = manualClock();
    let drop = false;
    const a = await doorDevice({
      name: 'North door',
      clock,
      fetch: async (r) => {
        const answer = await setup.service.handle(r);
        if (drop && r.method === 'POST') throw new TypeError('socket hang up');
        return answer;
      },
    });
    const b = await doorDevice({ name: 'South door', fetch: (r) => setup.service.handle(r), clock });
    for (const d of [a, b]) {
      await d.engine.join(LIST);
      await d.engine.syncNow();
    }
    const ticket = setup.tickets[4]!;
    a.engine.setOnline(false);
    expect((await a.engine.scan(ticket.slug)).ok).toBe(true);
    expect((await b.engine.scan(ticket.reference)).ok).toBe(true);
    await b.engine.flush();
    // One cycle: its push loses the answer, its pull brings both check-ins.
    drop = true;
    a.engine.setOnline(true);
    await a.engine.stop();
    expect(a.engine.status().errors.outbox?.reason).toBe('network');
    drop = false;
    await a.engine.flush();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(2);
    expect(a.engine.status().pending).toBe(0);
    const own = (await a.engine.ticket(ticket.id))!.checkins.find((c) => c.clientId !== null)!;
    const sides = a.engine.status().conflicts.find((c) => c.ticketId === ticket.id)?.checkins;
    expect(sides?.map((c) => [c.source, c.uuid === own.uuid]).sort()).toEqual([
      ['elsewhere', false],
      ['this-device', true],
    ]);
  });

  it('shows the conflict on both devices when both admitted the same ticket offline', async () => {
    const setup = await doorService(10);
    const clock = manualClock();
    const a = await doorDevice({ name: 'North door', fetch: (r) => setup.service.handle(r), clock });
    const b = await doorDevice({ name: 'South door', fetch: (r) => setup.service.handle(r), clock });
    for (const d of [a, b]) {
      await d.engine.join(LIST);
      await d.engine.syncNow();
      d.engine.setOnline(false);
    }
    const ticket = setup.tickets[2]!;
    expect((await a.engine.scan(ticket.slug)).ok).toBe(true);
    await clock.advance(30_000);
    expect((await b.engine.scan(ticket.reference)).ok).toBe(true);
    for (const d of [a, b]) {
      d.engine.setOnline(true);
      await d.engine.syncNow();
    }
    await a.engine.syncNow();
    for (const [d, mine, other] of [
      [a, 'North door', null],
      [b, 'South door', null],
    ] as const) {
      const conflicts = d.engine.status().conflicts;
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]?.ticketId).toBe(ticket.id);
      const sides = conflicts[0]!.checkins;
      expect(sides).toHaveLength(2);
      expect(sides.find((c) => c.source === 'this-device')?.deviceName).toBe(mine);
      expect(sides.find((c) => c.source === 'elsewhere')?.deviceName).toBe(other);
    }
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(2);
  });
});
