// Exits, re-entry and people inside: an exit deletes the active check-in through the Check-in
// API and is kept on the device as an exit; re-entry is a new check-in. The real mock service
// in process, fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/db/outbox';
import {
  clientOver,
  doorDevice,
  doorService,
  LIST,
  loggedDoor,
  manualClock,
  serviceCheckins,
} from './support';

const MINUTE = 60_000;

async function joinedDoor(tickets = 8) {
  const setup = await doorService(tickets);
  const { device, requests, fetch } = await loggedDoor(setup);
  /** Time passes for the device and the service alike. */
  const wait = async (ms: number) => {
    setup.clock.advance(ms);
    await device.clock.advance(ms);
  };
  const deletes = () => requests.filter((r) => r.startsWith('DELETE')).length;
  return { setup, device, engine: device.engine, wait, deletes, fetch };
}

/**
 * A door that joined after another door checked `ticketIndex` in, long before, caught as
 * between the first download's page and the pull that writes rows: the check-in is only in
 * the page (a camera at a fresh door reads that soon).
 */
async function joinedAfterAnotherDoor(ticketIndex: number) {
  const setup = await doorService(8);
  const ticket = setup.tickets[ticketIndex]!;
  const api = clientOver((r) => setup.service.handle(r))();
  await api.createCheckin(LIST, { ticketId: ticket.id });
  // Long before: no later pull's overlap brings it again.
  setup.clock.advance(60 * MINUTE);
  const device = await doorDevice({
    name: 'North door',
    fetch: (r) => setup.service.handle(r),
    clock: manualClock(Date.parse('2026-06-15T13:00:00.000Z')),
  });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  await device.db.checkins.clear();
  return { setup, ticket, device };
}

const checkinsOnService = (setup: Awaited<ReturnType<typeof doorService>>, ticketId: number) =>
  setup.service.context.store
    .findBy('checkins', 'byList', setup.list.id)
    .filter((c) => c.ticket_id === ticketId);

describe('exit mode', () => {
  it('records an exit: the check-in is deleted on the service and kept here as an exit', async () => {
    const { setup, engine, device, wait } = await joinedDoor();
    const ticket = setup.tickets[1]!;
    expect(await engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    await engine.syncNow();
    expect(engine.status().counts.checkedIn).toBe(1);
    await wait(20 * MINUTE);

    const exit = await engine.exitScan(ticket.reference);
    expect(exit).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded', ticket: { id: ticket.id } } },
    });
    // Inside now drops at once, before anything is sent.
    expect(engine.status().counts.checkedIn).toBe(0);
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
    expect(checkinsOnService(setup, ticket.id)).toHaveLength(1);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    const [local] = await device.db.checkins.toArray();
    expect(local).toMatchObject({ ticketId: ticket.id, endedBy: 'exit' });
    expect(local!.deletedAt).not.toBeNull();
  });

  it("ends a check-in another door made before this device joined (held only in the first download's pages)", async () => {
    const { setup, ticket, device } = await joinedAfterAnotherDoor(7);
    expect(await device.engine.exitScan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded' } },
    });
    expect(device.engine.status().counts.checkedIn).toBe(0);
    await device.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
    // Known as an exit here after the list is opened again.
    await device.engine.stop();
    const again = await doorDevice({
      name: 'North door',
      db: device.db,
      fetch: (r) => setup.service.handle(r),
    });
    await again.engine.start();
    again.engine.setOnline(false);
    expect(await again.engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } } },
    });
  });

  it("undoes a check-in another door made before this device joined (held only in the first download's pages)", async () => {
    const { setup, ticket, device } = await joinedAfterAnotherDoor(6);
    const shown = await device.engine.ticket(ticket.id);
    const key = shown?.checkins.find((c) => c.deletedAt === null)?.key;
    expect(key).toBeDefined();
    expect(await device.engine.undo(key!)).toMatchObject({ ok: true, value: 'queued' });
    await device.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
  });

  it('says "not inside" for a ticket with no active check-in and sends nothing', async () => {
    const { setup, engine, device, deletes } = await joinedDoor();
    const ticket = setup.tickets[2]!;
    const outcome = await engine.exitScan(ticket.slug);
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-inside', leftAt: null }, basis: { kind: 'synced' } },
    });
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    await engine.syncNow();
    expect(deletes()).toBe(0);
    expect(checkinsOnService(setup, ticket.id)).toEqual([]);
  });

  it('answers codes that name no ticket as the entry verdict does', async () => {
    const { engine } = await joinedDoor();
    expect(await engine.exitScan('hello world')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-a-ticket' } },
    });
    engine.setOnline(false);
    expect(await engine.exitScan('ti_pNOWHERE1xxxxxxxxxxxxxxx')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'offline' } },
    });
  });

  it('a double read makes one exit: the second read is "not inside"', async () => {
    const { setup, engine, device, deletes } = await joinedDoor();
    const ticket = setup.tickets[3]!;
    await engine.scan(ticket.slug);
    await engine.syncNow();
    const reads = await Promise.all([
      engine.exitScan(ticket.slug),
      engine.exitScan(ticket.slug),
      engine.exit(ticket.id),
    ]);
    expect(reads.map((r) => (r.ok ? r.value.verdict.kind : r.reason)).sort()).toEqual([
      'exit-recorded',
      'not-inside',
      'not-inside',
    ]);
    await engine.syncNow();
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect(deletes()).toBe(1);
    expect((await device.db.checkins.toArray()).filter((r) => r.endedBy === 'exit')).toHaveLength(1);
  });

  it('takes an exit from a verdict of a ticket inside (engine.exit), ending a double admission whole', async () => {
    const { setup, engine } = await joinedDoor();
    const ticket = setup.tickets[4]!;
    await engine.scan(ticket.slug);
    // Admitted twice (another door too): the person is inside once and leaves once.
    await clientOver(setup.service.handle.bind(setup.service))().createCheckin(LIST, { ticketId: ticket.id });
    await engine.syncNow();
    expect((await engine.ticket(ticket.id))!.checkins.filter((c) => c.deletedAt === null)).toHaveLength(2);
    const exit = await engine.exit(ticket.id);
    expect(exit).toMatchObject({ ok: true, value: { verdict: { kind: 'exit-recorded' } } });
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
    const stats = (await engine.stats('Other devices'))!;
    expect(stats.insideNow).toBe(0);
    expect(stats.flow.reduce((n, q) => n + q.exits, 0)).toBe(1);
  });
});

describe('re-entry', () => {
  it('admits a ticket again after its exit with "welcome back", as a new check-in', async () => {
    const { setup, engine, wait } = await joinedDoor();
    const ticket = setup.tickets[1]!;
    await engine.scan(ticket.slug);
    await wait(5 * MINUTE);
    await engine.exitScan(ticket.slug);
    await engine.syncNow();
    await wait(30 * MINUTE);
    const back = await engine.scan(ticket.slug);
    expect(back).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } } },
    });
    if (!back.ok || back.value.verdict.kind !== 'admitted') throw new Error('not admitted');
    expect(back.value.verdict.reentry!.leftAt).toBeGreaterThan(Date.parse('2026-06-15T12:04:00Z'));
    await engine.syncNow();
    const held = checkinsOnService(setup, ticket.id);
    expect(held).toHaveLength(2);
    expect(held.filter((c) => c.deleted_at === null)).toHaveLength(1);
    expect(engine.status().counts.checkedIn).toBe(1);
  });

  it('an undo here is no exit: the next scan is a plain admission', async () => {
    const { setup, engine } = await joinedDoor();
    const ticket = setup.tickets[2]!;
    const first = await engine.scan(ticket.slug);
    await engine.syncNow();
    if (!first.ok || !first.value.checkin) throw new Error('no check-in');
    await engine.undo(first.value.checkin.key);
    await engine.syncNow();
    const again = await engine.scan(ticket.slug);
    expect(again).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    if (again.ok && again.value.verdict.kind === 'admitted')
      expect(again.value.verdict.reentry).toBeUndefined();
    // Neither an entry nor an exit in the figures: one entry (the admission that stands).
    const flow = (await engine.stats('Other devices'))!.flow;
    expect(flow.reduce((n, q) => n + q.entries, 0)).toBe(1);
    expect(flow.reduce((n, q) => n + q.exits, 0)).toBe(0);
  });

  it("another door's deletion is seen only as a deleted check-in: re-entry, said to be from elsewhere", async () => {
    const { setup, engine, wait } = await joinedDoor();
    const ticket = setup.tickets[5]!;
    const api = clientOver(setup.service.handle.bind(setup.service))();
    const made = await api.createCheckin(LIST, { ticketId: ticket.id });
    if (!made.ok) throw new Error('no check-in');
    await wait(MINUTE);
    await engine.syncNow();
    expect(engine.status().counts.checkedIn).toBe(1);
    await wait(10 * MINUTE);
    await api.deleteCheckin(LIST, made.value.uuid);
    await wait(MINUTE);
    await engine.syncNow();
    expect(engine.status().counts.checkedIn).toBe(0);
    expect(await engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'deleted' } } },
    });
  });
});

describe('offline', () => {
  it('admits, records the exit and re-admits offline; once back, the service holds the same story', async () => {
    const { setup, engine, device, wait } = await joinedDoor();
    const ticket = setup.tickets[6]!;
    engine.setOnline(false);
    expect(await engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    await wait(MINUTE);
    expect(await engine.exitScan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded' }, basis: { kind: 'local' } },
    });
    expect(await engine.exitScan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-inside' }, basis: { kind: 'offline' } },
    });
    await wait(MINUTE);
    expect(await engine.scan(ticket.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } } },
    });
    expect((await readOutbox(device.db, LIST)).map((r) => [r.kind, r.endedBy ?? null])).toEqual([
      ['checkin', null],
      ['undo', 'exit'],
      ['checkin', null],
    ]);
    expect(checkinsOnService(setup, ticket.id)).toEqual([]);

    engine.setOnline(true);
    await engine.syncNow();
    await engine.syncNow();
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    const held = checkinsOnService(setup, ticket.id);
    expect(held).toHaveLength(2);
    expect(held.filter((c) => c.deleted_at === null)).toHaveLength(1);
    // The exit stays an exit here after the service's answers and a pull.
    const rows = await device.db.checkins.toArray();
    expect(rows.filter((r) => r.endedBy === 'exit')).toHaveLength(1);
    expect(rows.filter((r) => r.deletedAt === null)).toHaveLength(1);
  });

  it('keeps what it knows of exits when the list is opened again', async () => {
    const { setup, device, fetch } = await joinedDoor();
    const ticket = setup.tickets[0]!;
    await device.engine.scan(ticket.slug);
    await device.engine.exitScan(ticket.slug);
    await device.engine.syncNow();
    await device.engine.stop();
    const again = await doorDevice({ name: 'North door', db: device.db, fetch });
    await again.engine.start();
    again.engine.setOnline(false);
    expect(await again.engine.scan(ticket.reference)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } } },
    });
  });
});

describe('inside now', () => {
  it('counts active check-ins across doors, live from sync, with entries and exits per quarter hour', async () => {
    const { setup, engine, wait } = await joinedDoor(10);
    const api = clientOver(setup.service.handle.bind(setup.service))();
    const [a, b, c] = setup.tickets;
    await engine.scan(a!.slug);
    await engine.scan(b!.slug);
    await api.createCheckin(LIST, { ticketId: c!.id });
    await engine.syncNow();
    expect(engine.status().counts.checkedIn).toBe(3);
    await wait(35 * MINUTE);
    await engine.exitScan(a!.slug);
    expect(engine.status().counts.checkedIn).toBe(2);
    await engine.syncNow();
    const stats = (await engine.stats('Other devices'))!;
    expect(stats.insideNow).toBe(2);
    expect(stats.flow.map(({ entries, exits, inside }) => ({ entries, exits, inside }))).toEqual([
      { entries: 3, exits: 0, inside: 3 },
      { entries: 0, exits: 0, inside: 3 },
      { entries: 0, exits: 1, inside: 2 },
    ]);
  });
});
