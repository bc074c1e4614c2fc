// Badges at the engine: only a ticket inside gets one, whatever the screen asks, from the
// device's own copy (the service unreachable), and each print is an audit row: the first
// "badge printed", each after it "badge printed again". The mock service in process,
// fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../src/db/audit-log';
import { doorDevice, doorService, fetchOver, LIST, networkTo } from './support';

async function joinedDoor() {
  const setup = await doorService(6);
  const network = networkTo(setup.service);
  const device = await doorDevice({ fetch: network.fetch });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return { ...device, setup, offline: network.down };
}

const badgeRows = async (db: Parameters<typeof readAudit>[0]) =>
  (await readAudit(db, LIST))
    .filter((r) => r.action.startsWith('badge'))
    .map((r) => [r.action, r.ticketId])
    .reverse();

describe('badges at the engine', () => {
  it('gives a badge only to a ticket inside, and audits each print, the repeats as reprints', async () => {
    const { engine, db, setup, offline, clock } = await joinedDoor();
    const [inside, outside] = setup.tickets;
    expect((await engine.scan(inside!.slug)).ok).toBe(true);
    // Bulk reads (the answers) wait a moment after a decision: the door is at rest.
    await clock.advance(1000);
    offline();

    const first = await engine.badgesFor([inside!.id, outside!.id, 999_999, inside!.id]);
    expect(first.ok && first.value.map((b) => [b.ticket.id, b.again])).toEqual([[inside!.id, false]]);
    expect(first.ok && first.value[0]!.ticket).toMatchObject({ firstName: 'Zoë', companyName: 'Café Noir' });
    const again = await engine.badgesFor([inside!.id]);
    expect(again.ok && again.value.map((b) => b.again)).toEqual([true]);

    await engine.auditWritten();
    expect(await badgeRows(db)).toEqual([
      ['badge-printed', inside!.id],
      ['badge-reprinted', inside!.id],
    ]);
  });

  it('gives none once the admission is undone, and none with no list open', async () => {
    const { engine, setup, clock } = await joinedDoor();
    const ticket = setup.tickets[1]!;
    const scanned = await engine.scan(ticket.slug);
    if (!scanned.ok || !scanned.value.checkin) throw new Error('not admitted');
    expect((await engine.undo(scanned.value.checkin.key)).ok).toBe(true);
    await clock.advance(1000);
    expect(await engine.badgesFor([ticket.id])).toEqual({ ok: true, value: [] });

    const { engine: empty } = await doorDevice({ fetch: fetchOver(setup.service) });
    expect(await empty.badgesFor([ticket.id])).toMatchObject({ ok: false, reason: 'no-list' });
  });

  it('remembers the prints across a restart: the next one is a reprint', async () => {
    const { db, setup, engine, clock } = await joinedDoor();
    const ticket = setup.tickets[2]!;
    await engine.scan(ticket.slug);
    await clock.advance(1000);
    await engine.badgesFor([ticket.id]);
    await engine.auditWritten();
    engine.stop();
    const restarted = await doorDevice({ db, clock, fetch: fetchOver(setup.service) });
    await restarted.engine.start();
    await restarted.engine.loaded();
    await clock.advance(2000);
    const after = await restarted.engine.badgesFor([ticket.id]);
    expect(after.ok && after.value.map((b) => b.again)).toEqual([true]);
  });
});
