// A door the organiser revoked, step by step and in a fixed order: every request goes through the
// stand-in server (fleet-support.ts), the door's clock moves only when the test says, and the
// door's own settling after a run is waited for before anything is asserted.
import { describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../../src/db/outbox';
import { doorService, serviceCheckins } from '../support';
import { CODE, CREDENTIAL, type FleetServer, fleetDoor, fleetServer, SERVER } from './fleet-support';

async function revokedWithUnsent(unsent = 3) {
  const made = await doorService(8);
  const server = fleetServer(made.service);
  const door = await fleetDoor(server);
  const joined = await door.engine.joinByCode(CODE, SERVER, 'North door');
  if (!joined.ok) throw new Error('the door did not join');
  await door.engine.syncNow();
  // Offline, the door admits as ever; its check-ins wait in the outbox.
  server.offline = true;
  door.engine.setOnline(false);
  for (const ticket of made.tickets.slice(0, unsent)) {
    const scan = await door.engine.scan(ticket.slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
  }
  expect(door.engine.status().pending).toBe(unsent);
  // Meanwhile the organiser revokes it.
  server.revoked = true;
  return { ...made, server, ...door };
}

/** Back online; the door's run and what follows it (its settling) are over when this resolves. */
async function backOnline(door: Awaited<ReturnType<typeof revokedWithUnsent>>) {
  door.server.offline = false;
  door.engine.setOnline(true);
  await door.engine.syncNow();
  await door.engine.syncNow();
}

type Door = Awaited<ReturnType<typeof fleetDoor>>;

/** A promise and the function that resolves it. */
function opening() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Offline, the door admits `tickets` and the organiser revokes it meanwhile; back online, it
 * syncs until its list is gone. It asked before it sent: a read first (refused), then the
 * check-ins it held.
 */
async function admitOfflineRevokedBack(
  door: Door,
  server: FleetServer,
  tickets: readonly { slug: string }[],
) {
  server.offline = true;
  door.engine.setOnline(false);
  for (const ticket of tickets) await door.engine.scan(ticket.slug);
  server.revoked = true;
  server.log.length = 0;
  server.offline = false;
  door.engine.setOnline(true);
  await door.engine.syncNow();
  await vi.waitFor(async () => expect(await door.db.lists.count()).toBe(0));
  expect(server.log.indexOf('GET checkins')).toBe(0);
  expect(server.log.indexOf('POST checkins')).toBeGreaterThan(0);
}

const listGone = async (door: Awaited<ReturnType<typeof revokedWithUnsent>>) =>
  (await door.db.lists.get(CREDENTIAL)) === undefined;

describe('a door the organiser revoked', () => {
  it('sends every check-in it held, once, and only then forgets the list and tells the server', async () => {
    const door = await revokedWithUnsent(3);
    const { engine, server, service, list, tickets, db } = door;
    // It learns of it from a read before it could send (its writes fail a while).
    server.offline = false;
    server.writesFail = 503;
    engine.setOnline(true);
    await engine.syncNow();
    expect(engine.status().list?.door?.revokedAt).not.toBeNull();
    expect(await listGone(door)).toBe(false);
    // A scan now is refused, and records nothing.
    const late = await engine.scan(tickets[5]!.slug);
    expect(late.ok && late.value.verdict.kind).toBe('device-revoked');
    expect(await readOutbox(db, CREDENTIAL)).toHaveLength(3);

    server.writesFail = null;
    await engine.syncNow();
    await vi.waitFor(async () => expect(await listGone(door)).toBe(true));
    await vi.waitFor(() => expect(server.forgotten).toBe(true));

    // Each check-in once on the service; the one refused after it knew, never.
    const held = serviceCheckins(service, list.id);
    expect(tickets.slice(0, 3).map((t) => held.get(t.id))).toEqual([1, 1, 1]);
    expect(held.get(tickets[5]!.id)).toBeUndefined();
    // The server heard of the last check-in before it heard the list was gone.
    const lastWrite = server.log.lastIndexOf('POST checkins');
    expect(lastWrite).toBeGreaterThan(-1);
    expect(server.log.indexOf('forgotten')).toBeGreaterThan(lastWrite);
    // Nothing of the list is left: its copy, its outbox, its audit log, its counts.
    for (const table of db.tables.filter((t) => !['farewells', 'audit'].includes(t.name)))
      expect(await table.count(), table.name).toBe(0);
    await vi.waitFor(async () =>
      expect((await db.audit.toArray()).map((r) => [r.listSlug, r.action])).toEqual([['', 'forget-list']]),
    );
    // Why, for the screen; the credential is gone once the server has heard.
    expect(engine.status()).toMatchObject({
      list: null,
      lists: [],
      farewell: { listTitle: 'Main door', sent: 3 },
    });
    await vi.waitFor(async () => expect((await db.farewells.toArray()).map((f) => f.untold)).toEqual([null]));
    await engine.dismissFarewell('devid-1');
    expect(engine.status().farewell).toBeNull();
  });

  it('never forgets a list whose check-ins have not been sent, however long sending fails', async () => {
    const door = await revokedWithUnsent(2);
    door.server.writesFail = 503;
    for (let round = 0; round < 4; round++) await backOnline(door);
    await door.engine.flush();
    expect(await listGone(door)).toBe(false);
    expect(await readOutbox(door.db, CREDENTIAL)).toHaveLength(2);
    expect(door.engine.status()).toMatchObject({ pending: 2, errors: { outbox: { reason: 'server' } } });
    expect(door.engine.status().list?.door?.revokedAt).not.toBeNull();
    expect(door.server.forgotten).toBe(false);
    expect(door.server.log).not.toContain('forgotten');
  });

  it('keeps a check-in the service refused until staff dismiss it, then goes', async () => {
    const door = await revokedWithUnsent(1);
    door.server.writesFail = 422;
    await backOnline(door);
    expect(door.engine.status().parked).toHaveLength(1);
    expect(await listGone(door)).toBe(false);
    door.server.writesFail = null;
    await door.engine.dismissParked(door.engine.status().parked[0]!.outboxId);
    await door.engine.syncNow();
    await vi.waitFor(async () => expect(await listGone(door)).toBe(true));
    await vi.waitFor(() => expect(door.engine.status().farewell).toMatchObject({ sent: 0 }));
  });

  it('makes no check-in, exit or undo once it knows, whatever the way in', async () => {
    const door = await revokedWithUnsent(1);
    const { engine, tickets, server } = door;
    server.writesFail = 503;
    await backOnline(door);
    const first = engine.status().list?.door?.revokedAt;
    expect(first).toEqual(expect.any(Number));
    expect(await engine.admit(tickets[6]!.id)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'device-revoked', revokedAt: first } },
    });
    expect(await engine.typed(tickets[6]!.reference, 'entry')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'device-revoked' } },
    });
    expect(await engine.exitScan(tickets[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'device-revoked' } },
    });
    expect(await engine.admitAnyway(tickets[0]!.id, 1, 'organiser approved')).toMatchObject({
      ok: false,
      reason: 'revoked',
    });
    const order = tickets[6]!.reference.split('-')[0]!;
    expect(await engine.admitOrder(order, [tickets[6]!.id])).toMatchObject({ ok: false, reason: 'revoked' });
    expect(engine.status().pending).toBe(1);
    expect(await readOutbox(door.db, CREDENTIAL)).toHaveLength(1);
  });

  it('learns it from a report too, and knows it still after a restart', async () => {
    const made = await doorService(4);
    const server = fleetServer(made.service);
    const door = await fleetDoor(server);
    await door.engine.joinByCode(CODE, SERVER, 'North door');
    await door.engine.syncNow();
    server.offline = true;
    door.engine.setOnline(false);
    await door.engine.scan(made.tickets[0]!.slug);
    server.offline = false;
    server.writesFail = 503;
    server.revoked = true;
    // Online again but not synced yet: the report's answer is the first to say so.
    door.engine.setOnline(true);
    await door.engine.report();
    expect(door.engine.status().list?.door?.revokedAt).toEqual(expect.any(Number));
    await door.engine.stop();

    const again = await fleetDoor(server, { db: door.db });
    await again.engine.start();
    const scan = await again.engine.scan(made.tickets[1]!.slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('device-revoked');
    server.writesFail = null;
    await again.engine.syncNow();
    await vi.waitFor(async () => expect(await again.db.lists.count()).toBe(0));
    await vi.waitFor(() => expect(again.engine.status().farewell).toMatchObject({ sent: 1 }));
    expect(serviceCheckins(made.service, made.list.id).get(made.tickets[0]!.id)).toBe(1);
    await again.engine.stop();
  });

  it('settles a batch whose answer was lost without reading: the service holds it once', async () => {
    const door = await revokedWithUnsent(2);
    const { engine, server } = door;
    // The batch reaches the service, its answer never reaches the door, and the organiser
    // revokes the device right then: the recovery cannot read what the service holds.
    server.revoked = false;
    server.loseNextAnswer = true;
    server.onLostAnswer = () => {
      server.revoked = true;
    };
    await backOnline(door);
    await vi.waitFor(async () => expect(await listGone(door)).toBe(true));
    // Sent again by uuid, the check-ins were answered with those the service already held.
    const held = serviceCheckins(door.service, door.list.id);
    expect(door.tickets.slice(0, 2).map((t) => held.get(t.id))).toEqual([1, 1]);
    expect(held.size).toBe(2);
    expect(server.log.filter((l) => l === 'POST checkins').length).toBeGreaterThan(1);
    await vi.waitFor(() => expect(engine.status().farewell).toMatchObject({ sent: 2 }));
  });

  it('asks before it sends after a silence: it learns first, and counts only what it held', async () => {
    const made = await doorService(6);
    const server = fleetServer(made.service);
    const door = await fleetDoor(server);
    await door.engine.joinByCode(CODE, SERVER, 'North door');
    await door.engine.syncNow();
    // Sent while online, with no answer of the server since: not one it held when revoked.
    await door.engine.scan(made.tickets[0]!.slug);
    await door.engine.flush();
    expect(door.engine.status().pending).toBe(0);
    await admitOfflineRevokedBack(door, server, made.tickets.slice(1, 3));
    await vi.waitFor(() => expect(server.forgotten).toBe(true));
    // Then the word that the list is gone.
    expect(server.log.indexOf('forgotten')).toBeGreaterThan(server.log.lastIndexOf('POST checkins'));
    await vi.waitFor(() => expect(door.engine.status().farewell).toMatchObject({ sent: 2 }));
    const held = serviceCheckins(made.service, made.list.id);
    expect(made.tickets.slice(0, 3).map((t) => held.get(t.id))).toEqual([1, 1, 1]);
  });

  // Answers that say nothing of a silence. A pull reads the list, tickets, check-ins, answers and
  // tickets again: where its last read is held, an earlier read's answer would be followed by
  // reads failing offline (ending it silent all the same). `networkUp`: the device says it is
  // offline a moment before its network goes (the page heard first), so the reads of the pull
  // under way that leave then are answered.
  it.each([
    ['a report asked before it went offline', 'report', 1, (door: Door) => door.engine.report(), false],
    [
      "a pull's last read asked before it went offline",
      'GET',
      5,
      (door: Door) => door.engine.syncNow(),
      false,
    ],
    ['reads asked while it was offline', 'GET', 1, (door: Door) => door.engine.syncNow(), true],
  ])('asks before it sends even when %s are answered', async (_, what, nth, ask, networkUp) => {
    const made = await doorService(6);
    const server = fleetServer(made.service);
    const door = await fleetDoor(server);
    await door.engine.joinByCode(CODE, SERVER, 'North door');
    await door.engine.syncNow();
    // The request leaves while the door is online; its answer is held until the door is offline.
    const answerOut = opening();
    const offline = opening();
    let seen = 0;
    server.beforeAnswer = async (request) => {
      if (!request.startsWith(what) || ++seen < nth) return;
      server.beforeAnswer = null;
      answerOut.resolve();
      await offline.promise;
    };
    const asked = ask(door);
    await answerOut.promise;
    server.offline = !networkUp;
    door.engine.setOnline(false);
    offline.resolve();
    await asked;
    // Those answers said nothing of the silence: the door revoked meanwhile learns before it sends.
    await admitOfflineRevokedBack(door, server, made.tickets.slice(0, 2));
    await vi.waitFor(() => expect(door.engine.status().farewell).toMatchObject({ sent: 2 }));
  });

  it('sends what it held at once when its first read after the server was out of reach tells it', async () => {
    const made = await doorService(6);
    const server = fleetServer(made.service);
    const door = await fleetDoor(server);
    await door.engine.joinByCode(CODE, SERVER, 'North door');
    await door.engine.syncNow();
    // The server out of reach while the device is online: its sends get no answer, three times
    // (past which even an on-demand send honours the wait).
    server.offline = true;
    for (const ticket of made.tickets.slice(0, 2)) await door.engine.scan(ticket.slug);
    for (let attempt = 0; attempt < 3; attempt++) await door.engine.flush();
    expect(door.engine.status().pending).toBe(2);
    server.revoked = true;
    server.offline = false;
    server.log.length = 0;
    await door.clock.advance(10_000); // the wait after no answer (at most 10 s) is over

    // Those sends had no answer: the push reads what the service holds first, is refused, learns,
    // and sends at once: the service holds both with no further wait.
    await door.engine.flush();
    await vi.waitFor(async () => expect(await door.db.lists.count()).toBe(0));
    const held = serviceCheckins(made.service, made.list.id);
    expect(made.tickets.slice(0, 2).map((t) => held.get(t.id))).toEqual([1, 1]);
    // One read, refused; none after it knew.
    expect(server.log.filter((l) => l.startsWith('GET'))).toEqual(['GET checkins']);
    await vi.waitFor(() => expect(door.engine.status().farewell).toMatchObject({ sent: 2 }));
  });
});
