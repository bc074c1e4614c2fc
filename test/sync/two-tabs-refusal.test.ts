// Two tabs of the door app on one device, offline: two sync engines over one database, each with
// its own index in memory, neither told of the other's exits, undos or admissions. A refusal
// that stands on a ticket's check-ins is checked against the database before it is answered: a
// guest who left through the other tab (or whose check-in was undone there) comes back in, and
// one admitted there leaves here. The real mock service in process, fake-indexeddb.
import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../../src/domain/result';
import { readOutbox } from '../../src/db/outbox';
import type { ScanOutcome } from '../../src/sync/scan/scan-outcome';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import { doorEngineOn, doorService, fetchOver, LIST, manualClock, unlockedDb } from './support';

async function twoTabsOffline({ synced = false } = {}) {
  const setup = await doorService(6);
  const name = `two-tabs-refuse-${Math.random()}`;
  const clock = manualClock();
  const fetch = fetchOver(setup.service);
  // The kiosk tab has a supervisor signed in: its undo may take any check-in back.
  const access = () => ({ supervisorPinSet: true, supervisorUntil: clock.now() + 3_600_000 });
  const kiosk = await doorEngineOn(unlockedDb(name), fetch, { clock, access });
  const staffDb = unlockedDb(name);
  const staff = await doorEngineOn(staffDb, fetch, { clock });
  expect((await kiosk.join(LIST)).ok).toBe(true);
  await kiosk.syncNow();
  await staff.start();
  expect(staff.status().list?.slug).toBe(LIST);
  const guest = setup.tickets[2]!;
  // Each tab's sync settled first: a request still out when the network goes would say, once
  // answered, that it is back.
  const offline = async () => {
    await kiosk.syncNow();
    await staff.syncNow();
    kiosk.setOnline(false);
    staff.setOnline(false);
  };
  if (!synced) await offline();
  const admitted = await kiosk.scan(guest.slug);
  expect(verdictOf(admitted)).toBe('admitted');
  // Sent, and pulled by the other tab: the check-in has the service's uuid in both.
  if (synced) await offline();
  const db = unlockedDb(name);
  const storedOf = () => db.checkins.where('[listSlug+ticketId]').equals([LIST, guest.id]).toArray();
  const stop = () => Promise.all([kiosk.stop(), staff.stop()]);
  const key = admitted.ok ? admitted.value.checkin!.key : '';
  return { setup, clock, kiosk, staff, staffDb, db, guest, key, storedOf, stop };
}

/** Reads of a ticket's stored check-ins by the ticket (a refusal's, or a refused admission's). */
const byTicketReads = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([index]) => index === '[listSlug+ticketId]').length;

const verdictOf = (result: Result<ScanOutcome>) => (result.ok ? result.value.verdict.kind : 'failed');

describe('two tabs of the door on one device, offline', () => {
  it('a guest who left through one tab is admitted again in the other', async () => {
    const { kiosk, staff, guest, storedOf, stop } = await twoTabsOffline();
    // The staff tab learns of the admission (its write finds it stored) and says so.
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    expect(verdictOf(await kiosk.exitScan(guest.slug))).toBe('exit-recorded');
    const back = await staff.scan(guest.slug);
    expect(back.ok && back.value).toMatchObject({
      verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } },
      basis: { kind: 'local' },
    });
    expect(back.ok && back.value.checkin).not.toBeNull();
    const stored = await storedOf();
    expect(stored.map((r) => r.deletedAt === null).sort()).toEqual([false, true]);
    expect(staff.status().counts.inside).toBe(1);
    await stop();
  });

  it('a guest whose check-in a supervisor undid in one tab, before it was sent, is admitted in the other', async () => {
    const { clock, kiosk, staff, guest, key, storedOf, stop } = await twoTabsOffline();
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    await clock.advance(60_000);
    expect(verdictOf(await staff.scan(guest.slug))).toBe('already-checked-in');
    // Never sent: the undo takes the check-in back whole, nothing of it stays stored.
    expect(await kiosk.undo(key, 'wrong guest')).toEqual({ ok: true, value: 'cancelled' });
    expect(await storedOf()).toEqual([]);
    const again = await staff.scan(guest.slug);
    expect(verdictOf(again)).toBe('admitted');
    expect(again.ok && 'reentry' in again.value.verdict).toBe(false);
    expect((await storedOf()).map((r) => r.deletedAt)).toEqual([null]);
    await stop();
  });

  it('a guest whose sent check-in was undone in one tab is admitted in the other', async () => {
    const { clock, kiosk, staff, guest, key, storedOf, stop } = await twoTabsOffline({ synced: true });
    await clock.advance(60_000);
    expect(verdictOf(await staff.scan(guest.slug))).toBe('already-checked-in');
    expect(await kiosk.undo(key, 'wrong guest')).toEqual({ ok: true, value: 'queued' });
    expect(verdictOf(await staff.scan(guest.slug))).toBe('admitted');
    expect((await storedOf()).map((r) => r.deletedAt === null).sort()).toEqual([false, true]);
    await stop();
  });

  it('a guest admitted in one tab leaves through the other in exit mode', async () => {
    const { kiosk, staff, guest, db, storedOf, stop } = await twoTabsOffline();
    const out = await staff.exitScan(guest.slug);
    expect(out.ok && out.value).toMatchObject({
      verdict: { kind: 'exit-recorded' },
      basis: { kind: 'local' },
    });
    expect((await storedOf()).map((r) => r.endedBy)).toEqual(['exit']);
    expect((await readOutbox(db, LIST)).map((r) => [r.kind, r.endedBy ?? null])).toEqual([
      ['checkin', null],
      ['undo', 'exit'],
    ]);
    // And the kiosk tab, told nothing, lets the guest back in.
    expect(verdictOf(await kiosk.scan(guest.slug))).toBe('admitted');
    await stop();
  });

  it('an exit both tabs record ends the stay once, and the second tab then holds the guest out', async () => {
    const { kiosk, staff, guest, db, storedOf, stop } = await twoTabsOffline();
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    expect(verdictOf(await kiosk.exitScan(guest.slug))).toBe('exit-recorded');
    // The staff tab still holds the guest inside: its exit finds the stay ended already, ends
    // nothing, and says what the database holds.
    expect(verdictOf(await staff.exitScan(guest.slug))).toBe('not-inside');
    expect((await storedOf()).map((r) => r.endedBy)).toEqual(['exit']);
    expect((await readOutbox(db, LIST)).map((r) => [r.kind, r.endedBy ?? null])).toEqual([
      ['checkin', null],
      ['undo', 'exit'],
    ]);
    // Its index took the stored ending: the guest is out, and comes back in through it.
    expect(verdictOf(await staff.scan(guest.slug))).toBe('admitted');
    await stop();
  });

  it('an exit in one tab of a check-in undone in the other, before it was sent, ends and queues nothing', async () => {
    const { clock, kiosk, staff, guest, key, db, storedOf, stop } = await twoTabsOffline();
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    await clock.advance(60_000);
    expect(await kiosk.undo(key, 'wrong guest')).toEqual({ ok: true, value: 'cancelled' });
    expect(verdictOf(await staff.exitScan(guest.slug))).toBe('not-inside');
    expect(await storedOf()).toEqual([]);
    expect(await readOutbox(db, LIST)).toEqual([]);
    await stop();
  });

  it('a refusal nothing in the database contradicts stands, and writes nothing; an admission reads nothing more', async () => {
    const { clock, setup, kiosk, staff, staffDb, guest, db, storedOf, stop } = await twoTabsOffline();
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    await clock.advance(60_000);
    const never = setup.tickets[4]!;
    const before = { stored: await storedOf(), outbox: await readOutbox(db, LIST) };
    const reads = vi.spyOn(staffDb.checkins, 'where');
    expect(verdictOf(await staff.scan(guest.slug))).toBe('already-checked-in');
    expect(verdictOf(await staff.exitScan(never.slug))).toBe('not-inside');
    // Each refusal read the ticket's stored check-ins once, and found nothing new.
    expect(byTicketReads(reads)).toBe(2);
    expect(verdictOf(await kiosk.scan(guest.slug))).toBe('already-checked-in');
    expect({ stored: await storedOf(), outbox: await readOutbox(db, LIST) }).toEqual(before);
    reads.mockClear();
    expect(verdictOf(await staff.scan(never.slug))).toBe('admitted');
    expect(verdictOf(await staff.exitScan(never.slug))).toBe('exit-recorded');
    expect(byTicketReads(reads)).toBe(0);
    await stop();
  });

  it('a tab restarted while the other records an exit judges by a keyed read, which reads nothing more', async () => {
    const { setup, clock, kiosk, staff, guest, db, stop } = await twoTabsOffline();
    // The staff tab restarts (a reload) offline: its list's load held, its scans read by key.
    await staff.stop();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const restartedDb = unlockedDb(db.name);
    const restarted = await doorEngineOn(restartedDb, fetchOver(setup.service), {
      clock,
      online: false,
      fillIndex: async (...args) => {
        await gate;
        return fillListIndex(...args);
      },
    });
    await restarted.start({ background: true });
    const reads = vi.spyOn(restartedDb.checkins, 'where');
    expect(verdictOf(await restarted.scan(guest.slug))).toBe('just-admitted');
    expect(verdictOf(await kiosk.exitScan(guest.slug))).toBe('exit-recorded');
    expect(await restarted.scan(guest.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted', reentry: { seenAs: 'exit' } } },
    });
    expect(byTicketReads(reads)).toBe(0);
    // Loaded, the tab holds what it decided by key.
    // The load keeps a quiet gap after decisions: the clock moves on while it runs.
    release();
    let loaded = false;
    void restarted.loaded().then(() => {
      loaded = true;
    });
    for (let i = 0; i < 200 && !loaded; i++) {
      await clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(loaded).toBe(true);
    expect(verdictOf(await restarted.scan(guest.slug))).toBe('just-admitted');
    await Promise.all([stop(), restarted.stop()]);
  });
});
