// The scan queue on its own (door-scan.ts over the open list's state and the door's writes):
// reads that arrive together are judged one at a time, so one ticket is never let in twice,
// and a decision that needs the service waits on the sync loop, never running a cycle itself.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/api/errors';
import { readOutbox } from '../../src/db/outbox';
import { createAuditTrail } from '../../src/sync/audit-trail';
import { createDoorScan, type ScanOutcome } from '../../src/sync/door-scan';
import { createDoorWrites } from '../../src/sync/door-writes';
import { createOpenListState } from '../../src/sync/open-list-state';
import { createOutboxSignal } from '../../src/sync/outbox-signal';
import { clientOver, doorDevice, doorService, LIST } from './support';

/** A second door on a copy of the list: its scan queue wired as the engine wires it. */
async function scanQueue(tickets = 5) {
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
    online: () => state.status().online,
    lastPullAt: () => state.status().lastPullAt,
    writes,
    loop: {
      async catchUp() {
        catchUps++;
        return true;
      },
    },
    noteCorrection: state.noteCorrection,
    noteStorageTrouble: state.storageTrouble,
  });
  return { setup, db, door, notices: () => notices, catchUps: () => catchUps };
}

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
});
