import { describe, expect, it } from 'vitest';
import { buildDoorReport, NO_DEVICE_FACTS } from '../../../src/sync/fleet/door-report';
import { doorService, LIST } from '../support';
import { CODE, CREDENTIAL, fleetDoor, fleetServer, SERVER } from './fleet-support';

async function joinedDoor() {
  const made = await doorService(6);
  const server = fleetServer(made.service);
  const door = await fleetDoor(server);
  const joined = await door.engine.joinByCode(CODE, SERVER, 'North door');
  if (!joined.ok) throw new Error('the door did not join');
  await door.engine.syncNow();
  return { ...made, server, ...door };
}

describe('a door’s report', () => {
  it('counts admissions and refusals by reason, with the copy and the device, and nothing personal', async () => {
    const { engine, server, tickets } = await joinedDoor();
    for (const ticket of tickets.slice(0, 2)) await engine.scan(ticket.slug);
    await engine.scan(tickets[0]!.slug); // the same ticket again, just admitted here
    await engine.scan('ZZZZ-9'); // a reference no ticket has
    await engine.scan('Anna Example'); // not a ticket at all
    await engine.report();

    const report = server.reports.at(-1)!;
    expect(report).toMatchObject({
      name: 'North door',
      app_version: '9.9.9',
      update_waiting: false,
      copy: { tickets: 6, tickets_expected: 6, complete: true },
      // The unknown code was asked of the service first, which sent the two admissions.
      unsent: 0,
      parked: 0,
      readiness: { ready: true, items: [{ id: 'list-complete', level: 'green' }] },
      admissions: 2,
      refusals: { 'same-ticket-again': 1, 'unknown-code': 1, 'not-a-ticket': 1 },
      battery: { level: 0.62, charging: false },
      storage: { persisted: true, free_bytes: 5_000_000_000 },
    });
    expect(Date.parse(report.copy.synced_at!)).not.toBeNaN();

    // Nothing of any attendee, ticket, code or list slug crosses, nor the credential.
    const body = server.reportBodies.at(-1)!;
    const secrets = [LIST, CREDENTIAL, CODE, 'Anna', 'ZZZZ'];
    for (const t of tickets)
      secrets.push(t.slug, t.reference, t.first_name ?? '', t.last_name ?? '', t.email ?? '');
    expect(secrets.filter((s) => s !== '' && body.includes(s))).toEqual([]);
    expect(body).not.toMatch(/@/);
  });

  it('keeps its counts across a restart of the door', async () => {
    const { engine, db, server, tickets, clock } = await joinedDoor();
    await engine.scan(tickets[0]!.slug);
    await engine.scan('not a ticket');
    await clock.advance(5_000); // the counts are written a moment after the verdicts
    await engine.stop();
    const again = await fleetDoor(server, { db });
    await again.engine.start();
    await again.engine.report();
    expect(server.reports.at(-1)).toMatchObject({ admissions: 1, refusals: { 'not-a-ticket': 1 } });
    await again.engine.stop();
  });

  it('is skipped offline and never queued: back online, one report says what is true then', async () => {
    const { engine, server, tickets } = await joinedDoor();
    const before = server.reports.length;
    server.offline = true;
    engine.setOnline(false);
    await engine.scan(tickets[0]!.slug);
    await engine.report();
    await engine.report();
    expect(server.reports).toHaveLength(before);
    server.offline = false;
    engine.setOnline(true);
    await engine.syncNow();
    await engine.report();
    expect(server.reports).toHaveLength(before + 1);
    expect(server.reports.at(-1)).toMatchObject({ admissions: 1, unsent: 0 });
  });

  it('shows the door’s name when the answer asks which door this is', async () => {
    const { engine, server, clock } = await joinedDoor();
    await engine.report();
    expect(engine.status().identify).toBeNull();
    server.identify = true;
    await engine.report();
    expect(engine.status().identify).toBe(clock.now());
  });

  it('never holds a scan: a report still waiting on the page does not keep a verdict back', async () => {
    const made = await doorService(6);
    const server = fleetServer(made.service);
    // A page that never answers what it knows of the device (battery, storage).
    const door = await fleetDoor(server, { deviceFacts: () => new Promise(() => {}) });
    await door.engine.joinByCode(CODE, SERVER, 'North door');
    await door.engine.syncNow();
    let reported = false;
    void door.engine.report().then(() => {
      reported = true;
    });
    const scan = await door.engine.scan(made.tickets[3]!.slug);
    expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
    await door.engine.syncNow();
    expect(door.engine.status().pending).toBe(0);
    expect(reported).toBe(false);
  });
});

describe('buildDoorReport', () => {
  it('says it does not know the readiness until a check is wired, and keeps figures in range', () => {
    const report = buildDoorReport({
      name: `  ${'N'.repeat(80)}  `,
      appVersion: '1.2.3',
      device: { ...NO_DEVICE_FACTS, battery: { level: 1.4, charging: true } },
      copy: { tickets: 10.7, ticketsExpected: null, complete: false, syncedAt: null },
      unsent: -3,
      parked: Number.NaN,
      tally: { admissions: 4, refusals: { void: 2, 'Anna Example': 1, unpaid: 0 } },
      now: Date.parse('2026-12-02T10:00:00Z'),
    });
    expect(report).toEqual({
      name: 'N'.repeat(60),
      app_version: '1.2.3',
      update_waiting: false,
      copy: { tickets: 10, tickets_expected: null, complete: false, synced_at: null },
      unsent: 0,
      parked: 0,
      readiness: { ready: false, items: [] },
      admissions: 4,
      refusals: { void: 2 },
      battery: { level: 1, charging: true },
      storage: { persisted: null, free_bytes: null },
      at: '2026-12-02T10:00:00.000Z',
    });
  });
});
