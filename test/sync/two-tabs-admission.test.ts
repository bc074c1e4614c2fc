// Two tabs of the door app on one device: two sync engines over one database, each with its own
// index in memory, neither told of the other's admissions. A ticket is admitted once: an
// admission is written only if the ticket's stored check-ins hold none its verdict was not judged
// on (read in the write's own transaction), and otherwise the ticket is judged again. The real
// mock service in process, fake-indexeddb.
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/db/outbox';
import { sellOrder } from './orders-support';
import {
  doorEngineOn,
  doorService,
  fetchOver,
  LIST,
  manualClock,
  serviceCheckins,
  unlockedDb,
} from './support';

async function twoTabs() {
  const setup = await doorService(6);
  const family = await sellOrder(setup, 'FAM4', ['Leo', 'Ines', 'Tom']);
  const name = `two-tabs-admit-${Math.random()}`;
  const clock = manualClock();
  const fetch = fetchOver(setup.service);
  const kiosk = await doorEngineOn(unlockedDb(name), fetch, { clock });
  const staff = await doorEngineOn(unlockedDb(name), fetch, { clock });
  expect((await kiosk.join(LIST)).ok).toBe(true);
  await kiosk.syncNow();
  await staff.start();
  expect(staff.status().list?.slug).toBe(LIST);
  const db = unlockedDb(name);
  /** Both tabs' outboxes sent; the service's active check-ins of `ticketId`. */
  const onService = async (ticketId: number) => {
    await kiosk.syncNow();
    await staff.syncNow();
    expect(await readOutbox(db, LIST)).toEqual([]);
    return serviceCheckins(setup.service, setup.list.id).get(ticketId) ?? 0;
  };
  const stop = () => Promise.all([kiosk.stop(), staff.stop()]);
  return { setup, family, kiosk, staff, db, onService, stop };
}

const verdictOf = (result: { ok: boolean; value?: { verdict: { kind: string } } }) =>
  result.ok ? result.value!.verdict.kind : `failed`;

describe('two tabs of the door on one device', () => {
  it('admit a ticket once: the second tab to scan it says it was just admitted', async () => {
    const { setup, kiosk, staff, db, onService, stop } = await twoTabs();
    const guest = setup.tickets[3]!;
    expect(verdictOf(await kiosk.scan(guest.slug))).toBe('admitted');
    const second = await staff.scan(guest.slug);
    expect(verdictOf(second)).toBe('just-admitted');
    expect(second.ok && second.value.checkin).toBeNull();
    // Its counts say so too: the guest is inside.
    expect(staff.status().counts.inside).toBe(1);
    // One check-in on the device, one on the service.
    const stored = await db.checkins.where('[listSlug+ticketId]').equals([LIST, guest.id]).toArray();
    expect(stored).toHaveLength(1);
    expect(await onService(guest.id)).toBe(1);
    await stop();
  });

  it('admit a ticket once when both scan it at the same moment', async () => {
    const { setup, kiosk, staff, onService, stop } = await twoTabs();
    const guest = setup.tickets[4]!;
    const both = await Promise.all([kiosk.scan(guest.slug), staff.scan(guest.slug)]);
    expect(both.map(verdictOf).sort()).toEqual(['admitted', 'just-admitted']);
    expect(await onService(guest.id)).toBe(1);
    await stop();
  });

  it('"Admit all" in one tab leaves out a ticket the other tab admitted, and says it is in', async () => {
    const { family, kiosk, staff, onService, stop } = await twoTabs();
    expect(verdictOf(await kiosk.scan(family[2]!.slug))).toBe('admitted');
    const all = await staff.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!all.ok) throw new Error(all.reason);
    expect(all.value.verdict.admitted).toBe(3);
    expect(all.value.refused.map((t) => [t.ticket.id, t.state])).toEqual([[family[2]!.id, 'admitted']]);
    for (const ticket of family) expect(await onService(ticket.id)).toBe(1);
    await stop();
  });

  it('"Admit all" in one tab admits a ticket whose guest left through the other tab', async () => {
    const { family, kiosk, staff, onService, stop } = await twoTabs();
    // Each tab's sync settled first: a request still out when the network goes would say, once
    // answered, that it is back (and its push would tell this tab what the other stored).
    await kiosk.syncNow();
    await staff.syncNow();
    kiosk.setOnline(false);
    staff.setOnline(false);
    expect(verdictOf(await kiosk.scan(family[1]!.slug))).toBe('admitted');
    // The staff tab learns of it (its own scan's write finds it stored), then the guest leaves
    // through the kiosk tab, which the staff tab never hears of.
    expect(verdictOf(await staff.scan(family[1]!.slug))).toBe('just-admitted');
    expect(verdictOf(await kiosk.exitScan(family[1]!.slug))).toBe('exit-recorded');
    const all = await staff.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!all.ok) throw new Error(all.reason);
    expect(all.value.refused).toEqual([]);
    expect(all.value.verdict.admitted).toBe(family.length);
    kiosk.setOnline(true);
    staff.setOnline(true);
    for (const ticket of family) expect(await onService(ticket.id)).toBe(1);
    await stop();
  });

  it('"Admit anyway" in one tab records nothing when the other tab admitted the guest again meanwhile', async () => {
    const { setup, kiosk, staff, onService, stop } = await twoTabs();
    const guest = setup.tickets[5]!;
    expect(verdictOf(await kiosk.scan(guest.slug))).toBe('admitted');
    // Both tabs show the guest inside once, and staff at each press "Admit anyway".
    expect(verdictOf(await staff.scan(guest.slug))).toBe('just-admitted');
    expect(verdictOf(await kiosk.admitAnyway(guest.id, 1, 'lost wristband'))).toBe('admitted');
    const late = await staff.admitAnyway(guest.id, 1, 'lost wristband');
    expect(late.ok && late.value).toMatchObject({
      verdict: { kind: 'already-checked-in', count: 2 },
      checkin: null,
    });
    expect(await onService(guest.id)).toBe(2);
    await stop();
  });
});
