// The scan queue on its own (door-scan.ts over the open list's state and the door's writes):
// reads that arrive together are judged one at a time, so one ticket is never let in twice,
// and a decision that needs the service waits on the sync loop, never running a cycle itself.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/domain/result';
import { readOutbox } from '../../src/db/outbox';
import { createAuditTrail } from '../../src/sync/audit/audit-trail';
import { createDoorScan, type ScanOutcome } from '../../src/sync/scan/door-scan';
import { createDoorWrites } from '../../src/sync/writes/door-writes';
import { createOpenListState } from '../../src/sync/open-list/open-list-state';
import { createOutboxSignal } from '../../src/sync/outbox/outbox-signal';
import { clientOver, doorDevice, doorService, LIST } from './support';

/** A second door on a copy of the list: its scan queue wired as the engine wires it. */
async function scanQueue(tickets = 5, catchUp: () => Promise<boolean> = async () => true) {
  const setup = await doorService(tickets);
  const fetch = clientOver((r) => setup.service.handle(r));
  const device = await doorDevice({ fetch: (r) => setup.service.handle(r) });
  expect((await device.engine.join(LIST)).ok).toBe(true);
  await device.engine.syncNow();
  await device.engine.stop();
  const { db, clock } = device;
  const state = createOpenListState({ db, clock, online: true });
  expect((await state.open(LIST)).ok).toBe(true);
  const outbox = createOutboxSignal();
  let notices = 0;
  outbox.listen(() => notices++);
  let ids = 0;
  const writes = createDoorWrites({
    db,
    state,
    audit: createAuditTrail({ db, clock, deviceName: () => 'Door 2', role: () => 'open', onLost: () => {} }),
    outbox,
    clock,
    deviceName: () => 'Door 2',
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    role: () => 'open',
  });
  let catchUps = 0;
  const door = createDoorScan({
    db,
    clock,
    clientFor: fetch,
    active: state.active,
    online: () => state.board.status().online,
    lastPullAt: () => state.board.status().lastPullAt,
    writes,
    loop: {
      catchUp() {
        catchUps++;
        return catchUp();
      },
    },
    noteCorrection: state.noteCorrection,
    noteStorageTrouble: state.board.storageTrouble,
  });
  return { setup, db, door, notices: () => notices, catchUps: () => catchUps };
}

const kindOf = (r: Result<ScanOutcome>) => (r.ok ? r.value.verdict.kind : r.reason);
const kinds = (results: Result<ScanOutcome>[]) =>
  results.map((r) => (r.ok ? r.value.verdict.kind : r.reason)).sort();

describe('the scan queue', () => {
  it('two reads of one ticket at once let the guest in once; the second says just admitted', async () => {
    const { setup, db, door, notices } = await scanQueue();
    const slug = setup.tickets[1]!.slug;
    const reads = await Promise.all([door.scan(slug), door.scan(slug)]);
    expect(kinds(reads)).toEqual(['admitted', 'just-admitted']);
    expect(await readOutbox(db, LIST)).toHaveLength(1);
    expect(notices()).toBe(1);
  });

  it('a scan and a tap on "Check in" for the same guest at once make one check-in', async () => {
    const { setup, db, door } = await scanQueue();
    const ticket = setup.tickets[2]!;
    const both = await Promise.all([door.admit(ticket.id), door.scan(ticket.slug), door.admit(ticket.id)]);
    expect(kinds(both)).toEqual(['admitted', 'just-admitted', 'just-admitted']);
    expect((await db.checkins.toArray()).filter((c) => c.ticketId === ticket.id)).toHaveLength(1);
  });

  it('two exit reads of a guest inside make one exit', async () => {
    const { setup, db, door } = await scanQueue();
    const slug = setup.tickets[3]!.slug;
    await door.scan(slug);
    const exits = await Promise.all([door.exitScan(slug), door.exitScan(slug)]);
    expect(kinds(exits)).toEqual(['exit-recorded', 'not-inside']);
    expect((await db.checkins.toArray()).filter((c) => c.endedBy === 'exit')).toHaveLength(1);
  });

  it('online, "not inside" is first brought up to date through the sync loop, once per read', async () => {
    const { setup, door, catchUps } = await scanQueue();
    const outcome = await door.exitScan(setup.tickets[4]!.slug);
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-inside' }, basis: { kind: 'synced' } },
    });
    expect(catchUps()).toBe(1);
    // An admission needs no confirmation: the loop is not asked.
    await door.scan(setup.tickets[4]!.slug);
    expect(catchUps()).toBe(1);
  });

  it('a read waits for the decision before it to end, its online confirmation included', async () => {
    let confirmed: (synced: boolean) => void = () => {};
    const { setup, db, door } = await scanQueue(5, () => new Promise((resolve) => (confirmed = resolve)));
    const order: string[] = [];
    // "Not inside" online waits on the sync loop; the admission read after it waits its turn.
    const exit = door.exitScan(setup.tickets[1]!.slug).then((r) => order.push(kindOf(r)));
    const admit = door.scan(setup.tickets[2]!.slug).then((r) => order.push(kindOf(r)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    expect(await readOutbox(db, LIST)).toHaveLength(0);
    confirmed(true);
    await Promise.all([exit, admit]);
    expect(order).toEqual(['not-inside', 'admitted']);
  });
});

describe('the fast lane in the queue', () => {
  it('reads behind a verdict that stops the lane are not judged, record nothing, and are judged in the next run', async () => {
    const { setup, db, door } = await scanQueue();
    const [first, second] = [setup.tickets[1]!.slug, setup.tickets[2]!.slug];
    expect(kindOf(await door.scan(first, { run: 1 }))).toBe('admitted');
    // The same ticket again stops the lane; the next guest's code, read meanwhile, waits unjudged.
    const reads = await Promise.all([door.scan(first, { run: 1 }), door.scan(second, { run: 1 })]);
    expect(reads.map(kindOf)).toEqual(['just-admitted', 'lane-stopped']);
    expect(await readOutbox(db, LIST)).toHaveLength(1);
    // Staff have seen it: a new run judges the code when it is shown again.
    expect(kindOf(await door.scan(second, { run: 2 }))).toBe('admitted');
    // Reads outside the lane are never held back by it.
    expect(kindOf(await door.scan(setup.tickets[3]!.slug))).toBe('admitted');
  });

  it('an admission or an exit lets the lane run on', async () => {
    const { setup, door } = await scanQueue();
    const slugs = setup.tickets.slice(0, 3).map((t) => t.slug);
    const reads = await Promise.all(slugs.map((slug) => door.scan(slug, { run: 7 })));
    expect(reads.map(kindOf)).toEqual(['admitted', 'admitted', 'admitted']);
    const exits = await Promise.all(slugs.map((slug) => door.exitScan(slug, { run: 8 })));
    expect(exits.map(kindOf)).toEqual(['exit-recorded', 'exit-recorded', 'exit-recorded']);
  });
});

describe('what staff type in the scan field', () => {
  it('is parsed once: a code is judged, a name or an order this list does not hold is a search', async () => {
    const { setup, db, door } = await scanQueue();
    const ticket = setup.tickets[1]!;
    expect(await door.typed(' Anna ', 'entry')).toEqual({ ok: true, value: { search: 'Anna' } });
    expect(await door.typed('ZZ99', 'entry')).toEqual({ ok: true, value: { search: 'ZZ99' } });
    const admitted = await door.typed(ticket.slug, 'entry');
    expect(admitted.ok && 'verdict' in admitted.value && admitted.value.verdict.kind).toBe('admitted');
    // Ticket 1's order is R001 (support.ts): a reference this list holds is judged as one.
    const order = await door.typed('R001', 'entry');
    expect(order.ok && 'verdict' in order.value && order.value.verdict.kind).toBe('order');
    const exit = await door.typed(ticket.slug, 'exit');
    expect(exit.ok && 'verdict' in exit.value && exit.value.verdict.kind).toBe('exit-recorded');
    expect(await readOutbox(db, LIST)).toHaveLength(2);
  });
});
