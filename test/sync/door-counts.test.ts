// Counts that match the service: whatever the door learns of cancelled tickets (a look-up when
// one is scanned online, a `since` pull after one was voided), the status bar's figures, the
// stats screen's totals and each release's total are the list's own `tickets_count`, and
// "checked in" is the service's count of the list's tickets with an active check-in.
// The real mock service in process, fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import { listTicket, membership } from '../../src/mock-api/checkin/membership';
import { makeRegistration, makeRelease, makeTicket } from '../mock-api/factories';
import { clientOver, doorDevice, doorService, fetchOver, LIST, serviceCheckins } from './support';

type Setup = Awaited<ReturnType<typeof listWithTwoReleases>>;

/** Ten General tickets and three VIP ones, a door joined and synced. */
async function listWithTwoReleases() {
  const setup = await doorService(10);
  const vip = await setup.service.write(() => {
    const ctx = setup.service.context;
    const release = makeRelease(ctx, setup.event, { slug: 'vip', title: 'VIP' });
    const tickets = ['V01', 'V02', 'V03'].map((reference) =>
      makeTicket(ctx, makeRegistration(ctx, setup.event, { reference }), release),
    );
    return { release, tickets };
  });
  const device = await doorDevice({ fetch: fetchOver(setup.service) });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return { ...setup, vip, device, engine: device.engine };
}

/** What the service says: `tickets_count` over HTTP, the rest from its own membership rule. */
async function serviceFigures(setup: Setup) {
  const answer = await clientOver(fetchOver(setup.service))().getList(LIST);
  if (!answer.ok) throw new Error(`the list did not load: ${answer.reason}`);
  const { members } = membership(setup.service.context, setup.list);
  const active = serviceCheckins(setup.service, setup.list.id);
  const byRelease = new Map<string, { total: number; checkedIn: number }>();
  for (const { ticket, release } of members.map((m) => listTicket(setup.service.context, m))) {
    const entry = byRelease.get(release?.title ?? '—') ?? { total: 0, checkedIn: 0 };
    entry.total++;
    if (active.has(ticket.id)) entry.checkedIn++;
    byRelease.set(release?.title ?? '—', entry);
  }
  return {
    ticketsCount: answer.value.ticketsCount,
    // As the Admin API's checked_in_count: the list's tickets with an active check-in.
    checkedIn: members.filter((m) => active.has(m.id)).length,
    byRelease: [...byRelease]
      .map(([release, v]) => ({ release, ...v }))
      .sort((a, b) => a.release.localeCompare(b.release)),
  };
}

/** Every figure the door shows of the list, side by side with the service's. */
async function expectDoorMatchesService(setup: Setup) {
  const service = await serviceFigures(setup);
  const { counts } = setup.engine.status();
  const stats = (await setup.engine.stats('Other devices'))!;
  expect(counts.tickets).toBe(service.ticketsCount);
  expect(counts.checkedIn).toBe(service.checkedIn);
  expect(stats.overall.total).toBe(service.ticketsCount);
  expect(stats.byRelease.reduce((n, r) => n + r.progress.total, 0)).toBe(service.ticketsCount);
  expect(stats.byRelease.map((r) => ({ release: r.release, total: r.progress.total }))).toEqual(
    service.byRelease.map((r) => ({ release: r.release, total: r.total })),
  );
  // "In" never exceeds the total, on the status bar or on any release.
  expect(counts.checkedIn).toBeLessThanOrEqual(counts.tickets);
  for (const r of stats.byRelease) expect(r.progress.checkedIn).toBeLessThanOrEqual(r.progress.total);
  return { service, counts, stats };
}

describe('counts that match the service', () => {
  it('after a cancelled ticket is scanned online, every total is still the list tickets_count', async () => {
    const setup = await listWithTwoReleases();
    // Cancelled before the door joined: not on the list, so the download never brought it.
    const cancelled = await setup.service.write(() => {
      const ctx = setup.service.context;
      const reg = makeRegistration(ctx, setup.event, { reference: 'VOID' });
      return makeTicket(ctx, reg, setup.vip.release, { state: 'void' });
    });
    expect(await setup.engine.scan(setup.tickets[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    expect(await setup.engine.scan(cancelled.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'void' }, basis: { kind: 'online' } },
    });
    // The copy now holds the cancelled ticket (an offline scan still says "cancelled")...
    expect(await setup.engine.ticket(cancelled.id)).not.toBeNull();
    await setup.engine.syncNow();

    // ...and no figure counts it.
    const { service, counts, stats } = await expectDoorMatchesService(setup);
    expect(service.ticketsCount).toBe(13);
    expect(counts).toEqual({ tickets: 13, checkedIn: 1, inside: 1 });
    expect(stats.overall).toEqual({ checkedIn: 1, total: 13, percent: 7 });
    expect(stats.byRelease).toEqual([
      { release: 'General', progress: { checkedIn: 1, total: 10, percent: 10 } },
      { release: 'VIP', progress: { checkedIn: 0, total: 3, percent: 0 } },
    ]);
  });

  it('after a since pull brings a ticket that became void, every total is the list tickets_count', async () => {
    const setup = await listWithTwoReleases();
    const [admitted, later] = setup.vip.tickets;
    expect(await setup.engine.scan(admitted!.slug)).toMatchObject({ ok: true });
    await setup.engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(admitted!.id)).toBe(1);

    // The organiser cancels two VIP tickets: one already inside, one not yet come.
    await setup.service.write(() => {
      for (const ticket of [admitted!, later!])
        setup.service.context.store.update('tickets', ticket.id, {
          state: 'void',
          updated_at: '2026-06-15T12:05:00.000Z',
        });
    });
    await setup.engine.syncNow();
    expect((await setup.engine.ticket(admitted!.id))?.ticket.state).toBe('void');

    const { service, counts, stats } = await expectDoorMatchesService(setup);
    expect(service).toMatchObject({ ticketsCount: 11, checkedIn: 0 });
    // Checked in, then cancelled: off the list, so not "in" either, but still inside the venue.
    expect(counts).toEqual({ tickets: 11, checkedIn: 0, inside: 1 });
    expect(stats.overall).toEqual({ checkedIn: 0, total: 11, percent: 0 });
    expect(stats.byRelease).toEqual([
      { release: 'General', progress: { checkedIn: 0, total: 10, percent: 0 } },
      { release: 'VIP', progress: { checkedIn: 0, total: 1, percent: 0 } },
    ]);
    expect(stats.insideNow).toBe(1);
  });

  it('a list reopened from storage counts a cancelled ticket the same way', async () => {
    const setup = await listWithTwoReleases();
    const [admitted] = setup.vip.tickets;
    expect(await setup.engine.scan(admitted!.slug)).toMatchObject({ ok: true });
    await setup.engine.syncNow();
    await setup.service.write(() =>
      setup.service.context.store.update('tickets', admitted!.id, {
        state: 'void',
        updated_at: '2026-06-15T12:05:00.000Z',
      }),
    );
    await setup.engine.syncNow();

    // A fresh engine over the same database: the index is rebuilt from the local copy.
    const reopened = await doorDevice({ db: setup.device.db, fetch: fetchOver(setup.service) });
    await reopened.engine.open(LIST);
    await expectDoorMatchesService({ ...setup, engine: reopened.engine });
    expect(reopened.engine.status().counts).toEqual({ tickets: 12, checkedIn: 0, inside: 1 });
  });
});
