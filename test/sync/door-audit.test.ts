// Roles at the engine and the audit log: a locked door cannot override or erase, a supervisor
// can, and every change lands in the audit log, whose rows go with the list. The real mock
// service in process, fake-indexeddb, the engine as the app runs it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAudit } from '../../src/db/audit-log';
import { type DoorAccess, OWN_UNDO_MS, SUPERVISOR_UNLOCK_MS } from '../../src/domain/door-roles';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import { BASE, clientOver, doorService, freshDb, LIST, manualClock } from './support';

async function roleDevice(access: DoorAccess) {
  const setup = await doorService(10);
  const clock = manualClock();
  const db = freshDb('roles');
  let current = access;
  const engine = createSyncEngine({
    db,
    clientFor: clientOver((r) => setup.service.handle(r)),
    defaultBaseUrl: BASE,
    deviceName: () => 'North door',
    clock,
    random: () => 0.5,
    access: () => current,
  });
  await engine.join(LIST);
  await engine.syncNow();
  return {
    setup,
    engine,
    db,
    clock,
    setAccess: (next: DoorAccess) => {
      current = next;
    },
  };
}

const DOOR: DoorAccess = { supervisorPinSet: true, supervisorUntil: null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('roles at the engine', () => {
  it('refuses "admit anyway" to a locked door and records it, with the reason, for a supervisor', async () => {
    const { setup, engine, db, clock, setAccess } = await roleDevice(DOOR);
    const ticket = setup.tickets[0]!;
    expect((await engine.scan(ticket.slug)).ok).toBe(true);
    const again = await engine.scan(ticket.slug);
    expect(again).toMatchObject({ ok: true, value: { verdict: { kind: 'just-admitted' } } });

    expect(await engine.admitAnyway(ticket.id, 1, 'Re-entry')).toMatchObject({
      ok: false,
      reason: 'supervisor-only',
    });
    setAccess({ supervisorPinSet: true, supervisorUntil: clock.now() + SUPERVISOR_UNLOCK_MS });
    const forced = await engine.admitAnyway(ticket.id, 1, '  Re-entry:\nwent out ');
    expect(forced.ok).toBe(true);
    await engine.auditWritten();
    const rows = await readAudit(db, LIST);
    expect(rows.map((r) => [r.action, r.role, r.ticketId, r.reason])).toEqual([
      ['admit-anyway', 'supervisor', ticket.id, 'Re-entry: went out'],
      ['admit', 'door', ticket.id, null],
    ]);
    expect(rows[0]).toMatchObject({ device: 'North door', ticketReference: ticket.reference });

    // The unlock runs out by itself: the same device is a door again.
    await clock.advance(SUPERVISOR_UNLOCK_MS);
    expect(await engine.admitAnyway(ticket.id, 2, 'x')).toMatchObject({
      ok: false,
      reason: 'supervisor-only',
    });
  });

  it('lets a door undo only its own last admission, for 30 seconds; a supervisor undoes any', async () => {
    const { setup, engine, db, clock, setAccess } = await roleDevice(DOOR);
    const [first, second, third] = setup.tickets;
    const a = await engine.scan(first!.slug);
    const b = await engine.scan(second!.slug);
    if (!a.ok || !b.ok) throw new Error('not admitted');
    // Not the last one any more.
    expect(await engine.undo(a.value.checkin!.key)).toMatchObject({ ok: false, reason: 'supervisor-only' });
    expect(await engine.undo(b.value.checkin!.key)).toMatchObject({ ok: true });

    const c = await engine.scan(third!.slug);
    if (!c.ok) throw new Error('not admitted');
    await clock.advance(OWN_UNDO_MS + 1);
    expect(await engine.undo(c.value.checkin!.key)).toMatchObject({ ok: false, reason: 'supervisor-only' });
    setAccess({ supervisorPinSet: true, supervisorUntil: clock.now() + SUPERVISOR_UNLOCK_MS });
    expect(await engine.undo(a.value.checkin!.key)).toMatchObject({ ok: true });
    await engine.auditWritten();
    expect((await readAudit(db, LIST)).map((r) => `${r.action}:${r.role}:${r.ticketId}`)).toEqual([
      `undo:supervisor:${first!.id}`,
      `admit:door:${third!.id}`,
      `undo:door:${second!.id}`,
      `admit:door:${second!.id}`,
      `admit:door:${first!.id}`,
    ]);
  });

  it('keeps every action open when no supervisor PIN is set, recording the role as open', async () => {
    const { setup, engine, db } = await roleDevice({ supervisorPinSet: false, supervisorUntil: null });
    const ticket = setup.tickets[1]!;
    await engine.scan(ticket.slug);
    expect((await engine.admitAnyway(ticket.id, 1, 'Paid at the door')).ok).toBe(true);
    await engine.auditWritten();
    expect((await readAudit(db, LIST)).map((r) => r.role)).toEqual(['open', 'open']);
  });
});

describe('the audit log', () => {
  it('records an exit as an exit, and a "not inside" scan not at all', async () => {
    const { setup, engine, db } = await roleDevice({ supervisorPinSet: false, supervisorUntil: null });
    const [guest, absent] = setup.tickets;
    await engine.scan(guest!.slug);
    expect(await engine.exitScan(guest!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded' } },
    });
    expect(await engine.exitScan(absent!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-inside' } },
    });
    await engine.auditWritten();
    const rows = await readAudit(db, LIST);
    expect(rows.map((r) => [r.action, r.ticketId])).toEqual([
      ['exit', guest!.id],
      ['admit', guest!.id],
    ]);
  });

  it('exports the audit rows and the unsent check-ins as one CSV', async () => {
    const { setup, engine } = await roleDevice({ supervisorPinSet: false, supervisorUntil: null });
    const [sent, unsent] = setup.tickets;
    await engine.scan(sent!.slug);
    await engine.syncNow();
    engine.setOnline(false);
    await engine.scan(unsent!.slug);
    const csv = await engine.exportAudit(LIST);
    // Every field quoted and a byte order mark first (src/domain/csv.ts); no value here holds a comma.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).replaceAll('"', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'record,time,device,role,action,ticket_id,ticket_reference,first_name,last_name,reason,state',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 7).join(','))).toEqual([
      expect.stringMatching(new RegExp(`^audit,[^,]+,North door,open,admit,${sent!.id},${sent!.reference}$`)),
      expect.stringMatching(
        new RegExp(`^audit,[^,]+,North door,open,admit,${unsent!.id},${unsent!.reference}$`),
      ),
      expect.stringMatching(
        new RegExp(`^unsent,[^,]+,North door,,check-in,${unsent!.id},${unsent!.reference}$`),
      ),
    ]);
    expect(lines[3]).toMatch(/,queued$/);
  });

  it('goes with "forget this list", leaving one line that names no attendee', async () => {
    const { setup, engine, db } = await roleDevice({ supervisorPinSet: false, supervisorUntil: null });
    await engine.scan(setup.tickets[0]!.slug);
    await engine.syncNow();
    const forgotten = await engine.forget(LIST);
    expect(forgotten.ok).toBe(true);
    await engine.auditWritten();
    const all = await db.audit.toArray();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ listSlug: '', action: 'forget-list', ticketId: null });
    expect(JSON.stringify(all)).not.toContain(setup.tickets[0]!.reference);
  });

  it('records a sync problem dismissed, with the service’s reason', async () => {
    const { setup, engine, db } = await roleDevice(DOOR);
    const voided = setup.tickets[4]!;
    engine.setOnline(false);
    await engine.scan(voided.slug);
    // The service voids the ticket before the check-in reaches it: it refuses the check-in.
    await setup.service.write(() =>
      setup.service.context.store.update('tickets', voided.id, {
        state: 'void',
        updated_at: '2026-06-15T12:01:00.000Z',
      }),
    );
    engine.setOnline(true);
    await engine.syncNow();
    const [parked] = engine.status().parked;
    expect(parked).toMatchObject({ ticketId: voided.id });
    await engine.dismissParked(parked!.outboxId);
    await engine.auditWritten();
    const [latest] = await readAudit(db, LIST);
    expect(latest).toMatchObject({
      action: 'problem-dismissed',
      role: 'door',
      ticketId: voided.id,
      ticketReference: voided.reference,
    });
    expect(latest!.reason).toBeTruthy();
  });

  it('refuses "forget this list" to a locked door', async () => {
    const { engine } = await roleDevice(DOOR);
    expect(await engine.forget(LIST)).toMatchObject({ ok: false, reason: 'supervisor-only' });
  });

  it('never fails a check-in when the audit row cannot be written, and counts the loss', async () => {
    const { setup, engine, db } = await roleDevice({ supervisorPinSet: false, supervisorUntil: null });
    // The audit table refuses every write, as a full disk would.
    const add = IDBObjectStore.prototype.add;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'audit') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const outcome = await engine.scan(setup.tickets[2]!.slug);
    expect(outcome).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    await engine.auditWritten();
    expect(engine.status().auditLost).toBe(1);
    expect(await db.checkins.count()).toBeGreaterThan(0);
    await engine.syncNow();
    expect(engine.status().pending).toBe(0);
  });
});
