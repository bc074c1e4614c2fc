// Whole orders at the door: one scan shows the order's other tickets, "Admit all" lets in the
// rest in one outbox write and one batch, by the same rules as a scan of each ticket. The real
// mock service in process, fake-indexeddb, the engine as the app runs it.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { readOutbox } from '../../src/db/outbox';
import { type DoorAccess, OWN_UNDO_MS } from '../../src/domain/door-roles';
import { sellOrder } from './orders-support';
import { doorDevice, doorService, LIST, serviceCheckins } from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;

/** The check-in batches the device sent: the ticket ids of each POST. */
function recordingBatches(inner: FetchLike) {
  const batches: number[][] = [];
  const fetch: FetchLike = async (request) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/checkins')) {
      const body = await request.clone().json();
      // The documented batch form: `checkins` keyed by the running index.
      const items: { ticket_id: number }[] = body.batch ? Object.values(body.batch.checkins) : [body.checkin];
      batches.push(items.map((c) => c.ticket_id));
    }
    return inner(request);
  };
  return { fetch, batches };
}

async function joined(wrap?: (inner: FetchLike) => FetchLike, access?: () => DoorAccess) {
  const setup = await doorService(3);
  const family = await sellOrder(setup, 'FAM4', ['Leo', 'Ines', 'Tom']);
  const inner: FetchLike = (r) => setup.service.handle(r);
  const recorder = recordingBatches(wrap ? wrap(inner) : inner);
  const device = await doorDevice({ fetch: recorder.fetch, access });
  return { setup, family, device, engine: device.engine, batches: recorder.batches };
}

async function checkInElsewhere(setup: Setup, ticketId: number) {
  const res = await setup.service.handle(
    new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticketId } }),
    }),
  );
  expect(res.status).toBe(201);
}

describe('one scan shows the whole order', () => {
  it('admits the scanned ticket and lists the order’s other tickets as not yet in', async () => {
    const { family, engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const scanned = await engine.scan(family[1]!.slug);
    if (!scanned.ok) throw new Error(scanned.reason);
    expect(scanned.value.verdict.kind).toBe('admitted');
    const order = scanned.value.order!;
    expect(order).toMatchObject({
      reference: 'FAM4',
      buyerName: 'Maria Buyer',
      buyerEmail: 'maria.fam4@family.example',
    });
    expect(order.tickets.map((t) => [t.ticket.reference, t.state])).toEqual([
      ['FAM4-1', 'not-in'],
      ['FAM4-3', 'not-in'],
      ['FAM4-4', 'not-in'],
    ]);
  });

  it('shows no order for a ticket that is alone in its registration', async () => {
    const { setup, engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const scanned = await engine.scan(setup.tickets[0]!.slug);
    expect(scanned.ok && scanned.value).toMatchObject({ verdict: { kind: 'admitted' }, order: null });
  });
});

describe('"Admit all"', () => {
  it('admits the rest of the order in one outbox write and one batch, once each on the service', async () => {
    const { setup, family, engine, device, batches } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    engine.setOnline(false);
    const scanned = await engine.scan(family[0]!.slug);
    if (!scanned.ok) throw new Error(scanned.reason);
    const rest = scanned.value.order!.tickets.map((t) => t.ticket.id);
    const admission = await engine.admitOrder('FAM4', rest);
    if (!admission.ok) throw new Error(admission.reason);
    expect(admission.value.verdict).toEqual({ kind: 'order', reference: 'FAM4', text: 'FAM4', admitted: 3 });
    expect(admission.value.refused).toEqual([]);
    expect(admission.value.order.tickets.map((t) => t.state)).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'admitted',
    ]);
    // Offline: all four wait in the outbox, the order's three written together at one time.
    const outbox = await readOutbox(device.db, LIST);
    expect(outbox.map((r) => r.ticketId)).toEqual(family.map((t) => t.id));
    expect(new Set(outbox.slice(1).map((r) => r.scannedAt)).size).toBe(1);

    engine.setOnline(true);
    await engine.syncNow();
    expect(batches).toEqual([family.map((t) => t.id)]);
    const held = serviceCheckins(setup.service, setup.list.id);
    expect(family.map((t) => held.get(t.id))).toEqual([1, 1, 1, 1]);
    expect(held.size).toBe(4);
  });

  it('sends the order’s check-ins as one batch of their own when online', async () => {
    const { setup, family, engine, device, batches } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const order = await engine.scan('fam4');
    if (!order.ok) throw new Error(order.reason);
    expect(order.value.verdict).toMatchObject({ kind: 'order', reference: 'FAM4', admitted: 0 });
    expect(order.value.checkin).toBeNull();
    const ids = order.value.order!.tickets.map((t) => t.ticket.id);
    expect(ids).toEqual(family.map((t) => t.id));
    const admission = await engine.admitOrder('FAM4', ids);
    expect(admission.ok && admission.value.checkins).toHaveLength(4);
    await device.clock.advance(10);
    await engine.flush();
    expect(batches).toEqual([family.map((t) => t.id)]);
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(4);
  });

  it('a second tap, or a scan racing it, admits nobody twice', async () => {
    const { setup, family, engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const ids = family.map((t) => t.id);
    const [first, racing, second] = await Promise.all([
      engine.admitOrder('FAM4', ids),
      engine.scan(family[2]!.slug),
      engine.admitOrder('FAM4', ids),
    ]);
    expect(first.ok && first.value.checkins).toHaveLength(4);
    expect(racing.ok && racing.value.verdict.kind).toBe('just-admitted');
    expect(second.ok && second.value).toMatchObject({ checkins: [], verdict: { admitted: 0 } });
    expect(second.ok && second.value.refused.map((t) => t.state)).toEqual([
      'admitted',
      'admitted',
      'admitted',
      'admitted',
    ]);
    await engine.syncNow();
    const held = serviceCheckins(setup.service, setup.list.id);
    expect(family.map((t) => held.get(t.id))).toEqual([1, 1, 1, 1]);
  });

  it('leaves out a ticket checked in at another door since the order was shown, and says why', async () => {
    const { setup, family, engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const shown = await engine.scan('FAM4');
    if (!shown.ok) throw new Error(shown.reason);
    const ids = shown.value.order!.tickets.map((t) => t.ticket.id);
    await checkInElsewhere(setup, family[3]!.id);
    await engine.syncNow();
    const admission = await engine.admitOrder('FAM4', ids);
    if (!admission.ok) throw new Error(admission.reason);
    expect(admission.value.checkins.map((c) => c.ticketId)).toEqual(family.slice(0, 3).map((t) => t.id));
    expect(admission.value.refused).toMatchObject([{ ticket: { id: family[3]!.id }, state: 'inside' }]);
    await engine.syncNow();
    const held = serviceCheckins(setup.service, setup.list.id);
    expect(family.map((t) => held.get(t.id))).toEqual([1, 1, 1, 1]);
  });

  it('admits no unpaid or cancelled ticket of an order, as a scan would not', async () => {
    const { setup, engine } = await joined();
    const unpaid = await sellOrder(setup, 'OWED', ['Ana'], {
      invoice: true,
      receipt_paid: false,
      total: '80.00',
    });
    const mixed = await sellOrder(setup, 'MIX3', ['Bo', 'Cy']);
    await engine.join(LIST);
    await engine.syncNow();
    await setup.service.write(() =>
      setup.service.context.store.update('tickets', mixed[2]!.id, {
        state: 'void',
        updated_at: '2026-06-15T12:00:05.000Z',
      }),
    );
    await engine.syncNow();

    const owed = await engine.scan(unpaid[0]!.slug);
    expect(owed.ok && owed.value.verdict.kind).toBe('unpaid');
    expect(owed.ok && owed.value.order!.tickets.map((t) => t.state)).toEqual(['unpaid']);
    const none = await engine.admitOrder(
      'OWED',
      unpaid.map((t) => t.id),
    );
    expect(none.ok && none.value).toMatchObject({
      checkins: [],
      refused: [{ state: 'unpaid' }, { state: 'unpaid' }],
    });

    const shown = await engine.scan('MIX3');
    expect(shown.ok && shown.value.order!.tickets.map((t) => t.state)).toEqual(['not-in', 'not-in', 'void']);
    const admission = await engine.admitOrder(
      'MIX3',
      mixed.map((t) => t.id),
    );
    if (!admission.ok) throw new Error(admission.reason);
    expect(admission.value.checkins.map((c) => c.ticketId)).toEqual([mixed[0]!.id, mixed[1]!.id]);
    expect(admission.value.refused).toMatchObject([{ ticket: { id: mixed[2]!.id }, state: 'void' }]);
    await engine.syncNow();
    const held = serviceCheckins(setup.service, setup.list.id);
    expect([...unpaid, ...mixed].map((t) => held.get(t.id) ?? 0)).toEqual([0, 0, 1, 1, 0]);
  });

  it('admits only the tickets staff were shown, not ones asked for by another order’s ids', async () => {
    const { setup, family, engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const admission = await engine.admitOrder('FAM4', [family[0]!.id, setup.tickets[0]!.id]);
    expect(admission.ok && admission.value).toMatchObject({ notOnList: 1, refused: [] });
    expect(admission.ok && admission.value.checkins.map((c) => c.ticketId)).toEqual([family[0]!.id]);
  });
});

describe('"Undo these N" on a locked door', () => {
  const door = () => ({ supervisorPinSet: true, supervisorUntil: null });

  it('takes back every ticket of its own last "Admit all" without a supervisor, for 30 seconds', async () => {
    const { setup, family, engine, device } = await joined(undefined, door);
    await engine.join(LIST);
    await engine.syncNow();
    const admission = await engine.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!admission.ok) throw new Error(admission.reason);
    await engine.flush();
    for (const checkin of admission.value.checkins.slice(0, 2))
      expect(await engine.undo(checkin.key)).toMatchObject({ ok: true });

    // Once the door has admitted someone else, that batch is no longer its last admission.
    const other = await engine.scan(setup.tickets[0]!.slug);
    expect(other.ok && other.value.verdict.kind).toBe('admitted');
    expect(await engine.undo(admission.value.checkins[2]!.key)).toMatchObject({
      ok: false,
      reason: 'supervisor-only',
    });
    await device.clock.advance(OWN_UNDO_MS + 1);
    if (!other.ok) throw new Error(other.reason);
    expect(await engine.undo(other.value.checkin!.key)).toMatchObject({
      ok: false,
      reason: 'supervisor-only',
    });
    await engine.flush();
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(3);
  });
});

describe('"Undo these N" in one go (engine.undoAll)', () => {
  const door = () => ({ supervisorPinSet: true, supervisorUntil: null });

  it('takes back a whole order sent and unsent alike, and the service ends with none of it', async () => {
    const { setup, family, engine, device } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const admission = await engine.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!admission.ok) throw new Error(admission.reason);
    const keys = admission.value.checkins.map((c) => c.key);
    const undone = await engine.undoAll(keys, 'wrong order');
    expect(undone).toEqual({ ok: true, value: keys.map(() => ({ ok: true, value: 'cancelled' })) });
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect(engine.status().counts.checkedIn).toBe(0);
    await engine.auditWritten();
    const rows = await device.db.audit.toArray();
    expect(rows.filter((r) => r.action === 'undo')).toHaveLength(family.length);

    const again = await engine.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!again.ok) throw new Error(again.reason);
    await engine.flush();
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(family.length);
    const later = await engine.undoAll(again.value.checkins.map((c) => c.key));
    expect(later.ok && later.value.every((r) => r.ok && r.value === 'queued')).toBe(true);
    await engine.flush();
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(0);
  });

  it('on a locked door, refuses the keys staff may not undo and takes back the rest', async () => {
    const { setup, family, engine } = await joined(undefined, door);
    await engine.join(LIST);
    await engine.syncNow();
    const admission = await engine.admitOrder(
      'FAM4',
      family.map((t) => t.id),
    );
    if (!admission.ok) throw new Error(admission.reason);
    const elsewhere = setup.tickets[0]!;
    await checkInElsewhere(setup, elsewhere.id);
    await engine.syncNow();
    const theirs = (await engine.ticket(elsewhere.id))!.checkins[0]!;
    const undone = await engine.undoAll([admission.value.checkins[0]!.key, theirs.key]);
    expect(undone).toMatchObject({
      ok: true,
      value: [{ ok: true }, { ok: false, reason: 'supervisor-only' }],
    });
  });
});

describe('finding an order', () => {
  it('answers a registration reference with its order, and an unknown one as unknown', async () => {
    const { engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    expect(await engine.hasOrder('fam4')).toBe(true);
    expect(await engine.hasOrder('ANNA')).toBe(false);
    engine.setOnline(false);
    const unknown = await engine.scan('ZZ99');
    expect(unknown.ok && unknown.value).toMatchObject({ verdict: { kind: 'unknown-code' }, order: null });
  });

  it('finds orders by the buyer’s name and email, though the tickets carry guests’ names', async () => {
    const { engine } = await joined();
    await engine.join(LIST);
    await engine.syncNow();
    const expected = [{ reference: 'FAM4', buyerName: 'Maria Buyer', tickets: 4, inside: 0 }];
    expect(await engine.searchOrders('maria.fam4@family.example')).toMatchObject(expected);
    expect(await engine.searchOrders('maria buyer')).toMatchObject(expected);
    expect(await engine.searchOrders('ines')).toMatchObject(expected);
    // The guests' tickets are found by the buyer too.
    expect((await engine.search('maria.fam4@family.example')).map((r) => r.ticket.reference).sort()).toEqual([
      'FAM4-1',
      'FAM4-2',
      'FAM4-3',
      'FAM4-4',
    ]);
    expect(await engine.searchOrders('person1')).toEqual([]);
  });

  it('still finds orders from a service that sends no buyer and no registration reference', async () => {
    const strip: (inner: FetchLike) => FetchLike = (inner) => async (request) => {
      const res = await inner(request);
      if (!new URL(request.url).pathname.endsWith('/tickets')) return res;
      const tickets = (await res.json()) as Record<string, unknown>[];
      const bare = tickets.map(
        ({ registration_name, registration_email, registration_reference, ...rest }) => rest,
      );
      return new Response(JSON.stringify(bare), { status: res.status, headers: res.headers });
    };
    const { family, engine } = await joined(strip);
    await engine.join(LIST);
    await engine.syncNow();
    const scanned = await engine.scan(family[0]!.slug);
    expect(scanned.ok && scanned.value.order).toMatchObject({ reference: 'FAM4', buyerName: null });
    expect(scanned.ok && scanned.value.order!.tickets).toHaveLength(3);
    expect(await engine.searchOrders('leo')).toMatchObject([
      { reference: 'FAM4', buyerName: null, tickets: 4 },
    ]);
  });
});
