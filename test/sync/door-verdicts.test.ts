// Verdicts staff can trust: a miss is confirmed with the service before a refusal, a list
// still downloading never refuses, cancelled tickets say so, and no tap or repeated read
// admits twice. The real mock service in process, fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { readOutbox } from '../../src/db/outbox';
import { JUST_ADMITTED_MS } from '../../src/domain/verdict';
import type { TicketState } from '../../src/mock-api/model/ticket';
import { makeRegistration, makeTicket } from '../mock-api/factories';
import { doorDevice, doorService, LIST, serviceCheckins } from './support';

async function joinedDevice(tickets = 10, fetchWrap?: (inner: FetchLike) => FetchLike) {
  const setup = await doorService(tickets);
  const inner: FetchLike = (r) => setup.service.handle(r);
  const device = await doorDevice({ fetch: fetchWrap ? fetchWrap(inner) : inner });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return { setup, device, engine: device.engine };
}

/** A ticket the service sells (or voids) after the device has its copy. */
async function sellLater(setup: Awaited<ReturnType<typeof doorService>>, state: TicketState = 'complete') {
  return setup.service.write(() => {
    const reg = makeRegistration(setup.service.context, setup.event, {
      reference: state === 'void' ? 'VOID' : 'LATE',
      first_name: 'Late',
      last_name: 'Comer',
    });
    return makeTicket(setup.service.context, reg, setup.release, { state });
  });
}

describe('a refusal is confirmed online first', () => {
  it('admits a ticket sold after the last pull, says it was checked online, and corrects the copy', async () => {
    const { setup, engine } = await joinedDevice();
    const late = await sellLater(setup);
    const outcome = await engine.scan(late.slug);
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' }, basis: { kind: 'online' } },
    });
    expect(engine.status().corrections).toMatchObject([
      { ticketId: late.id, was: 'missing', now: 'complete' },
    ]);
    // The copy now holds it: the next read answers from it alone.
    expect((await engine.search('comer')).map((r) => r.ticket.id)).toEqual([late.id]);
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(late.id)).toBe(1);
  });

  it('refuses a ticket the service does not have on the list, saying it asked', async () => {
    const { engine } = await joinedDevice();
    const outcome = await engine.scan('ti_pNOWHERE1xxxxxxxxxxxxxxx');
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'online' } },
    });
    expect(engine.status().corrections).toEqual([]);
  });

  it('offline, the copy stands and the verdict says how old it is', async () => {
    const { engine } = await joinedDevice();
    const synced = engine.status().lastPullAt;
    engine.setOnline(false);
    const outcome = await engine.scan('ti_pNOWHERE1xxxxxxxxxxxxxxx');
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'offline', syncedAt: synced } },
    });
  });

  it('falls back to the copy, saying so, when the service does not answer the look-up', async () => {
    let broken = false;
    const { engine } = await joinedDevice(10, (inner) => async (request) => {
      if (broken) throw new TypeError('Failed to fetch');
      return inner(request);
    });
    broken = true;
    const outcome = await engine.scan('ti_pNOWHERE1xxxxxxxxxxxxxxx');
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'unconfirmed', reason: 'network' } },
    });
  });
});

describe('cancelled tickets', () => {
  it('answers "void" for a ticket cancelled before the download, once the service has been asked', async () => {
    const { setup, engine } = await joinedDevice();
    const voided = await sellLater(setup, 'void');
    const online = await engine.scan(voided.slug);
    expect(online).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'void' }, basis: { kind: 'online' } },
    });
    // What the device learnt stays: offline it still knows the ticket was cancelled.
    engine.setOnline(false);
    const offline = await engine.scan(voided.reference);
    expect(offline).toMatchObject({ ok: true, value: { verdict: { kind: 'void' } } });
  });

  it('keeps a ticket voided after the download as cancelled, not unknown', async () => {
    const { setup, engine } = await joinedDevice();
    const ticket = setup.tickets[3]!;
    await setup.service.write(() =>
      setup.service.context.store.update('tickets', ticket.id, {
        state: 'void',
        updated_at: new Date(Date.parse('2026-06-15T12:05:00.000Z')).toISOString(),
      }),
    );
    await engine.syncNow();
    engine.setOnline(false);
    const outcome = await engine.scan(ticket.reference);
    expect(outcome).toMatchObject({ ok: true, value: { verdict: { kind: 'void' } } });
  });
});

describe('a list still downloading never refuses', () => {
  it('answers "still downloading" for a code missing from an incomplete copy while offline', async () => {
    const setup = await doorService(10);
    let cut = false;
    const device = await doorDevice({
      fetch: async (request) => {
        // The list answers; the ticket pages never arrive.
        if (cut && new URL(request.url).pathname.endsWith('/tickets')) throw new TypeError('Failed to fetch');
        return setup.service.handle(request);
      },
    });
    cut = true;
    await device.engine.join(LIST);
    await device.engine.syncNow();
    expect(device.engine.status().complete).toBe(false);
    device.engine.setOnline(false);
    const bySlug = await device.engine.scan(setup.tickets[2]!.slug);
    expect(bySlug).toMatchObject({ ok: true, value: { verdict: { kind: 'still-downloading' } } });
    const byReference = await device.engine.scan(setup.tickets[2]!.reference);
    expect(byReference).toMatchObject({ ok: true, value: { verdict: { kind: 'still-downloading' } } });
  });

  it('looks a missing ticket up online while the download is incomplete, and admits it without calling it a correction', async () => {
    const setup = await doorService(10);
    const device = await doorDevice({
      fetch: async (request) => {
        if (/\/tickets$/.test(new URL(request.url).pathname)) throw new TypeError('Failed to fetch');
        return setup.service.handle(request);
      },
    });
    await device.engine.join(LIST);
    await device.engine.syncNow();
    const outcome = await device.engine.scan(setup.tickets[4]!.slug);
    expect(outcome).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' }, basis: { kind: 'online' } },
    });
    // The copy did not disagree with the service: it had not come that far yet.
    expect(device.engine.status().corrections).toEqual([]);
  });
});

describe('never twice from a tap or a repeated read', () => {
  it('shows the same ticket read again here "just admitted", and "already checked in" later', async () => {
    const { setup, engine, device } = await joinedDevice();
    const ticket = setup.tickets[1]!;
    expect((await engine.scan(ticket.slug)).ok).toBe(true);
    const again = await engine.scan(ticket.reference);
    expect(again.ok && again.value.verdict.kind).toBe('just-admitted');
    await device.clock.advance(JUST_ADMITTED_MS + 1000);
    const later = await engine.scan(ticket.reference);
    expect(later.ok && later.value.verdict.kind).toBe('already-checked-in');
  });

  it('admits once when "Check in" is tapped twice at once, or a code is read twice at once', async () => {
    const { setup, engine, device } = await joinedDevice();
    const [a, b] = setup.tickets;
    const taps = await Promise.all([engine.admit(a!.id), engine.admit(a!.id)]);
    expect(taps.map((r) => r.ok && r.value.verdict.kind).sort()).toEqual(['admitted', 'just-admitted']);
    const reads = await Promise.all([engine.scan(b!.slug), engine.scan(b!.slug), engine.scan(b!.reference)]);
    expect(reads.filter((r) => r.ok && r.value.verdict.kind === 'admitted')).toHaveLength(1);
    expect(await readOutbox(device.db, LIST)).toHaveLength(2);
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(a!.id)).toBe(1);
    expect(serviceCheckins(setup.service, setup.list.id).get(b!.id)).toBe(1);
  });

  it('never answers "admit anyway" with another door\'s check-in that came in meanwhile', async () => {
    const { setup, engine } = await joinedDevice();
    const south = await doorDevice({ name: 'South door', fetch: (r) => setup.service.handle(r) });
    await south.engine.join(LIST);
    await south.engine.syncNow();
    const ticket = setup.tickets[3]!;
    expect((await engine.scan(ticket.slug)).ok).toBe(true);
    await engine.syncNow();
    await south.engine.syncNow();
    // South shows "already checked in" (one); before staff confirm, north lets the guest in again.
    const seen = await south.engine.scan(ticket.reference);
    expect(seen.ok && seen.value.verdict).toMatchObject({ kind: 'already-checked-in', count: 1 });
    expect((await engine.admitAnyway(ticket.id, 1)).ok).toBe(true);
    await engine.syncNow();
    await south.engine.syncNow();

    // South's "Admit anyway" shows the ticket as it now stands, records nothing, offers no undo.
    const forced = await south.engine.admitAnyway(ticket.id, 1, 'Re-entry');
    expect(forced).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'already-checked-in', count: 2 }, checkin: null },
    });
    expect(south.engine.status().pending).toBe(0);
    await south.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(2);
    // Confirmed again on what it now shows, it admits.
    const again = await south.engine.admitAnyway(ticket.id, 2, 'Re-entry');
    expect(again.ok && again.value.checkin?.clientId).toEqual(expect.any(String));
    await south.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(3);
  });

  it("never takes its own earlier admission for a second tap once another door's older one arrives", async () => {
    const { setup, device, engine } = await joinedDevice();
    const south = await doorDevice({ name: 'South door', fetch: (r) => setup.service.handle(r) });
    await south.engine.join(LIST);
    await south.engine.syncNow();
    const ticket = setup.tickets[4]!;
    // South admits first; north, offline and not yet told, admits the same ticket after it.
    expect((await south.engine.scan(ticket.slug)).ok).toBe(true);
    await south.engine.syncNow();
    engine.setOnline(false);
    await device.clock.advance(5_000);
    const own = await engine.scan(ticket.slug);
    expect(own.ok && own.value.verdict.kind).toBe('admitted');
    await device.clock.advance(60_000);
    const seen = await engine.scan(ticket.reference);
    expect(seen.ok && seen.value.verdict).toMatchObject({ kind: 'already-checked-in', count: 1 });
    // Back online, south's older check-in arrives before staff confirm.
    engine.setOnline(true);
    await engine.syncNow();
    const forced = await engine.admitAnyway(ticket.id, 1, 'Re-entry');
    expect(forced).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'already-checked-in', count: 2 }, checkin: null },
    });
  });

  it('records "admit anyway" once, however often it is confirmed', async () => {
    const { setup, engine } = await joinedDevice();
    const ticket = setup.tickets[2]!;
    await engine.scan(ticket.slug);
    const twice = await Promise.all([engine.admitAnyway(ticket.id, 1), engine.admitAnyway(ticket.id, 1)]);
    expect(twice.every((r) => r.ok)).toBe(true);
    // The second tap answers with the check-in the first made.
    const keys = twice.map((r) => (r.ok ? r.value.checkin?.key : null));
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect((await engine.ticket(ticket.id))?.checkins.filter((c) => c.deletedAt === null)).toHaveLength(2);
  });
});
