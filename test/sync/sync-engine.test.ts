import { describe, expect, it, vi } from 'vitest';
import { readAudit } from '../../src/db/audit-log';
import { readOutbox } from '../../src/db/outbox';
import { openCheckinDatabase } from '../../src/db/storage';
import { makeCheckinList, makeQuestion } from '../mock-api/factories';
import { BASE, doorDevice, doorService, freshDb, LIST, serviceCheckins } from './support';

const OTHER = 'chk_psecondlist00000000000';

async function setupDevice(tickets = 10) {
  const setup = await doorService(tickets);
  const device = await doorDevice({ fetch: (r) => setup.service.handle(r) });
  return { setup, device, engine: device.engine };
}

/** The service's first answer, changed to `response` a few minutes later. */
function changeFirstAnswer(setup: Awaited<ReturnType<typeof setupDevice>>['setup'], response: string) {
  return setup.service.write(() => {
    const [answer] = setup.service.context.store.all('answers');
    setup.service.context.store.update('answers', answer!.id, {
      primary_response: response,
      updated_at: '2026-06-15T12:05:00.000Z',
    });
  });
}

describe('joining lists', () => {
  it('joins from a slug, a web check-in address or QR content, and validates with the service', async () => {
    const { engine } = await setupDevice();
    expect(await engine.join(LIST)).toMatchObject({
      ok: true,
      value: { slug: LIST, title: 'Main door', baseUrl: BASE },
    });
    // The mock's web check-in address points at the door app; the join still finds the API.
    const address = `https://door.example/checkin_lists/${LIST}`;
    expect(await engine.join(`  ${address}\n`)).toMatchObject({ ok: true, value: { slug: LIST } });
    expect(await engine.join(`${BASE}/checkin_lists/${LIST}`)).toMatchObject({
      ok: true,
      value: { baseUrl: BASE },
    });
  });

  it('refuses a code that is no list, storing nothing', async () => {
    const { engine, device } = await setupDevice();
    expect(await engine.join('hello')).toMatchObject({ ok: false, reason: 'not-a-list' });
    expect(await engine.join('chk_pnosuchlist000000000000')).toMatchObject({
      ok: false,
      reason: 'not-a-list',
    });
    expect(await device.db.lists.count()).toBe(0);
  });

  it('keeps several lists apart and switches between them', async () => {
    const { setup, engine } = await setupDevice(6);
    await setup.service.write(() =>
      makeCheckinList(setup.service.context, setup.event, {
        slug: OTHER,
        title: 'VIP door',
        release_ids: [999],
      }),
    );
    await engine.join(LIST);
    await engine.syncNow();
    await engine.join(OTHER);
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ list: { slug: OTHER }, counts: { tickets: 0 } });
    expect(
      engine
        .status()
        .lists.map((l) => l.title)
        .sort(),
    ).toEqual(['Main door', 'VIP door']);
    const scanElsewhere = await engine.scan(setup.tickets[0]!.slug);
    expect(scanElsewhere.ok && scanElsewhere.value.verdict.kind).toBe('not-on-list');
    await engine.open(LIST);
    expect(engine.status().counts.tickets).toBe(6);
    expect((await engine.forget(OTHER)).ok).toBe(true);
    expect(engine.status().lists.map((l) => l.slug)).toEqual([LIST]);
    expect(await engine.search('zoe')).toHaveLength(1);
  });

  it('a list opened while the engine starts stays open: the start does not open the last one over it', async () => {
    const { setup, device, engine } = await setupDevice(6);
    await setup.service.write(() =>
      makeCheckinList(setup.service.context, setup.event, { slug: OTHER, title: 'VIP door' }),
    );
    await engine.join(LIST);
    await engine.join(OTHER);
    await engine.stop();
    // The page's first action (a join, here an open) races the start, which would open the
    // last list joined (OTHER).
    const again = await doorDevice({ db: device.db, fetch: (r) => setup.service.handle(r) });
    const started = again.engine.start();
    const opened = again.engine.open(LIST);
    await Promise.all([started, opened]);
    expect(again.engine.status().list?.slug).toBe(LIST);
    await again.engine.stop();
  });
});

describe('scanning and undoing', () => {
  it('admits once, then says already checked in', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    const ticket = setup.tickets[1]!;
    const first = await engine.scan(ticket.slug);
    expect(first.ok && first.value.verdict.kind).toBe('admitted');
    engine.setOnline(false);
    await device.clock.advance(60_000);
    const again = await engine.scan(ticket.reference);
    expect(again.ok && again.value.verdict.kind).toBe('already-checked-in');
    expect(engine.status()).toMatchObject({
      oldestPendingAt: Date.parse('2026-06-15T12:00:00.000Z'),
    });
  });

  it('cancels a queued check-in locally and deletes a sent one by uuid', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    engine.setOnline(false);
    const [a, b] = setup.tickets;
    const queued = await engine.scan(a!.slug);
    expect(queued.ok && (await engine.undo(queued.value.checkin!.key))).toEqual({
      ok: true,
      value: 'cancelled',
    });
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    engine.setOnline(true);
    const sent = await engine.scan(b!.slug);
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(b!.id)).toBe(1);
    const row = (await engine.ticket(b!.id))!.checkins[0]!;
    expect(sent.ok && row.uuid).toBeTruthy();
    expect(await engine.undo(row.key)).toEqual({ ok: true, value: 'queued' });
    await engine.syncNow();
    expect(serviceCheckins(setup.service, setup.list.id).get(b!.id)).toBeUndefined();
    expect(serviceCheckins(setup.service, setup.list.id).size).toBe(0);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    const again = await engine.scan(b!.slug);
    expect(again.ok && again.value.verdict.kind).toBe('admitted');
  });

  it('is idle again once a scan sent online has its answer', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    const ticket = setup.tickets[2]!;
    await engine.scan(ticket.slug);
    // A write's send waits a moment, for the rest of a rush to go with it.
    const before = engine.status().lastPushAt;
    await device.clock.advance(299);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();
    await device.clock.advance(1);
    await vi.waitFor(() => expect(engine.status().lastPushAt).not.toBe(before));
    await vi.waitFor(() => expect(engine.status().pending).toBe(0));
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
    expect(engine.status().phase).toBe('idle');
  });

  it('pulls every N seconds while online and tells when it last did', async () => {
    const { engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.start();
    await engine.syncNow();
    const first = engine.status().lastPullAt;
    expect(first).not.toBeNull();
    await device.clock.advance(10_000);
    await vi.waitFor(() => expect(engine.status().lastPullAt).toBeGreaterThan(first!));
    await engine.stop();
  });
});

describe('a ticket screen', () => {
  it('shows the answers of a ticket to the list questions', async () => {
    const { setup, engine } = await setupDevice(4);
    const ticket = setup.tickets[1]!;
    await setup.service.write(() => {
      const question = makeQuestion(setup.service.context, setup.event);
      setup.service.context.store.insert('answers', {
        event_id: setup.event.id,
        question_id: question.id,
        ticket_id: ticket.id,
        primary_response: 'L',
        alternate_response: null,
        download_url: null,
        created_at: '2026-06-15T12:00:00.000Z',
        updated_at: '2026-06-15T12:00:00.000Z',
      });
    });
    await engine.join(LIST);
    await engine.syncNow();
    expect(await engine.answers(ticket.id)).toEqual([
      { questionId: expect.any(Number), question: 'T-shirt size', response: 'L' },
    ]);
    expect(await engine.answers(setup.tickets[0]!.id)).toEqual([]);

    // An answer changed on the service reaches the ticket with the next pull.
    await changeFirstAnswer(setup, 'XL');
    await engine.syncNow();
    expect(await engine.answers(ticket.id)).toEqual([
      { questionId: expect.any(Number), question: 'T-shirt size', response: 'XL' },
    ]);
  });

  it('leaves out an answer to a question the copy does not hold: never its internal id', async () => {
    const { setup, device, engine } = await setupDevice(4);
    const ticket = setup.tickets[1]!;
    await setup.service.write(() => {
      const question = makeQuestion(setup.service.context, setup.event);
      setup.service.context.store.insert('answers', {
        event_id: setup.event.id,
        question_id: question.id,
        ticket_id: ticket.id,
        primary_response: 'L',
        alternate_response: null,
        download_url: null,
        created_at: '2026-06-15T12:00:00.000Z',
        updated_at: '2026-06-15T12:00:00.000Z',
      });
    });
    await engine.join(LIST);
    await engine.syncNow();
    await engine.stop();
    // The copy holds the answer but not its question (a copy caught between the two).
    await device.db.questions.clear();
    const again = await doorDevice({ db: device.db, fetch: (r) => setup.service.handle(r) });
    await again.engine.open(LIST);
    expect(await again.engine.answers(ticket.id)).toEqual([]);
  });
});

describe("a verdict's answers", () => {
  it('come with the verdict once the door has read them, and as the last pull left them', async () => {
    const { setup, device, engine } = await setupDevice(4);
    const [first, second, third] = setup.tickets;
    // The answers are read once the door has been quiet a moment (bulk-reads.ts).
    const readAnswers = async (ticketId: number) => {
      const read = engine.answers(ticketId);
      await device.clock.advance(1000);
      await read;
    };
    const answered = (ticket: typeof first, response: string) =>
      setup.service.write(() => {
        const question = makeQuestion(setup.service.context, setup.event);
        setup.service.context.store.insert('answers', {
          event_id: setup.event.id,
          question_id: question.id,
          ticket_id: ticket!.id,
          primary_response: response,
          alternate_response: null,
          download_url: null,
          created_at: '2026-06-15T12:00:00.000Z',
          updated_at: '2026-06-15T12:00:00.000Z',
        });
      });
    await answered(second, 'L');
    await engine.join(LIST);
    await engine.syncNow();
    // Not read yet: the verdict goes without them, and the screen asks (the first ask reads them).
    const before = await engine.scan(first!.slug);
    expect(before.ok && before.value.answers).toBe(undefined);
    await readAnswers(first!.id);

    const scanned = await engine.scan(second!.slug);
    expect(scanned.ok && scanned.value.verdict.kind).toBe('admitted');
    expect(scanned.ok && scanned.value.answers).toEqual([
      { questionId: expect.any(Number), question: 'T-shirt size', response: 'L' },
    ]);
    // A ticket without answers: an empty list, not a question for the screen.
    const plain = await engine.scan(third!.slug);
    expect(plain.ok && plain.value.answers).toEqual([]);

    // A pull that changed the answers drops them: the next verdict goes without, never the old.
    await changeFirstAnswer(setup, 'XL');
    await engine.syncNow();
    const again = await engine.scan(second!.slug);
    expect(again.ok && again.value.verdict.kind).toBe('just-admitted');
    expect(again.ok && again.value.answers).toBe(undefined);
    await readAnswers(second!.id);
    const later = await engine.scan(second!.reference);
    expect(later.ok && later.value.answers).toEqual([
      { questionId: expect.any(Number), question: 'T-shirt size', response: 'XL' },
    ]);
    await engine.stop();
  });
});

describe('the stats screen', () => {
  it('counts the open list by release and by device, from the engine', async () => {
    const { setup, engine } = await setupDevice(4);
    await engine.join(LIST);
    await engine.syncNow();
    expect(await engine.scan(setup.tickets[0]!.slug)).toMatchObject({ ok: true });
    expect(await engine.scan(setup.tickets[2]!.slug)).toMatchObject({ ok: true });
    await engine.syncNow();
    const stats = await engine.stats('Other devices');
    expect(stats?.overall).toEqual({ checkedIn: 2, total: 4, percent: 50 });
    expect(stats?.byDevice).toEqual([{ device: 'Door 1', count: 2 }]);
    expect(stats?.arrivals.reduce((n, a) => n + a.count, 0)).toBe(2);
  });
});

describe('forgetting a list', () => {
  it('refuses while check-ins are unsent, exports them as CSV, and forgets once confirmed', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    engine.setOnline(false);
    await engine.scan(setup.tickets[2]!.slug);
    expect(await engine.forget(LIST)).toMatchObject({ ok: false, reason: 'unsent-checkins' });
    const csv = await engine.exportUnsent(LIST);
    expect(csv.split('\r\n')[0]).toContain('ticket_reference');
    expect(csv).toContain(setup.tickets[2]!.reference);
    expect(await engine.facts(LIST)).toEqual({
      slug: LIST,
      title: 'Main door',
      tickets: 10,
      checkins: 1,
      unsent: 1,
      unsentEnds: 0,
    });
    // The answer says what went, counted before it went.
    expect(await engine.forget(LIST, { confirmed: true })).toEqual({
      ok: true,
      value: { slug: LIST, title: 'Main door', tickets: 10, checkins: 1, unsent: 1, unsentEnds: 0 },
    });
    await engine.auditWritten();
    // Nothing of the list is left but the audit log's one line that it was forgotten, naming no attendee.
    for (const table of device.db.tables) if (table.name !== 'audit') expect(await table.count()).toBe(0);
    expect(await readAudit(device.db, '')).toMatchObject([
      { listSlug: '', action: 'forget-list', ticketId: null, ticketReference: null },
    ]);
    expect(engine.status().list).toBeNull();
    expect(await engine.facts(LIST)).toBeNull();
  });

  it('holds back for an exit not yet sent, and exports it as an exit', async () => {
    const { setup, engine } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    const guest = setup.tickets[4]!;
    expect(await engine.scan(guest.slug)).toMatchObject({ ok: true });
    await engine.syncNow();
    engine.setOnline(false);
    expect(await engine.exit(guest.id)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded' } },
    });
    expect(await engine.facts(LIST)).toMatchObject({ checkins: 0, unsent: 0, unsentEnds: 1 });
    expect(await engine.forget(LIST)).toMatchObject({ ok: false, reason: 'unsent-checkins' });
    expect(await engine.unsentByList()).toMatchObject([{ slug: LIST, unsent: 0, unsentEnds: 1 }]);
    const [header, line] = (await engine.exportUnsent(LIST)).split('\r\n');
    expect(header).toContain('"scanned_at","action","ticket_id"');
    expect(line).toContain(`"exit","${guest.id}","${guest.reference}"`);
  });

  it('wipes the whole device only once unsent check-ins are confirmed lost, and stays wiped', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    engine.setOnline(false);
    await engine.scan(setup.tickets[3]!.slug);
    expect(await engine.unsentByList()).toMatchObject([{ slug: LIST, title: 'Main door', unsent: 1 }]);
    expect(await engine.wipeDevice()).toMatchObject({ ok: false, reason: 'unsent-checkins' });
    expect(await device.db.lists.count()).toBe(1);

    expect(await engine.wipeDevice({ confirmed: true })).toEqual({
      ok: true,
      value: { lists: 1, databaseDeleted: true },
    });
    expect(engine.status()).toMatchObject({ lists: [], list: null, pending: 0 });
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(device.db.name);
    // Whatever the screens still ask, the database is not created again.
    engine.setOnline(true);
    await engine.syncNow();
    expect(await engine.join(LIST)).toMatchObject({ ok: false });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(device.db.name);
  });

  it('empties the database even while another tab holds it open, and says it could not delete it', async () => {
    const { engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    // Another tab's connection that does not let go when asked (a frozen page's, say).
    const other = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(device.db.name);
      request.onsuccess = () => resolve(request.result);
    });
    const wiped = engine.wipeDevice();
    await new Promise((r) => setTimeout(r, 50));
    await device.clock.advance(5_000);
    expect(await wiped).toEqual({ ok: true, value: { lists: 1, databaseDeleted: false } });
    const stores = [...other.objectStoreNames];
    const left = await Promise.all(
      stores.map(
        (store) =>
          new Promise<number>((resolve) => {
            const request = other.transaction(store).objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
          }),
      ),
    );
    expect(left.every((n) => n === 0)).toBe(true);
    expect(stores.length).toBeGreaterThan(0);
    other.close();
  });

  it('wipes a list automatically a day after it expired', async () => {
    const setup = await doorService(5);
    await setup.service.write(() =>
      setup.service.context.store.update('checkin_lists', setup.list.id, {
        expires_at: '2026-06-15T13:00:00.000Z',
      }),
    );
    const device = await doorDevice({ fetch: (r) => setup.service.handle(r) });
    await device.engine.join(LIST);
    await device.engine.syncNow();
    await device.clock.advance(2 * 3_600_000);
    await device.engine.syncNow();
    expect(await device.db.lists.count()).toBe(1);
    await device.clock.advance(24 * 3_600_000);
    await device.engine.syncNow();
    expect(await device.db.lists.count()).toBe(0);
    expect(await device.db.pages.count()).toBe(0);
  });
});

describe('storage failures', () => {
  it('reports a full disk as a state and leaves no check-in without its outbox row', async () => {
    const { setup, engine, device } = await setupDevice();
    await engine.join(LIST);
    await engine.syncNow();
    // The outbox's store refuses its row, as a full disk would; the check-in's add comes first.
    const add = IDBObjectStore.prototype.add;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'outbox')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return add.apply(this, args);
    });
    const scan = await engine.scan(setup.tickets[0]!.slug);
    expect(scan).toMatchObject({ ok: false, reason: 'storage-full' });
    expect(engine.status().storage?.reason).toBe('storage-full');
    spy.mockRestore();
    expect(await device.db.checkins.count()).toBe(0);
    expect(await readOutbox(device.db, LIST)).toEqual([]);
  });

  it('says so when IndexedDB is unavailable', async () => {
    const saved = globalThis.indexedDB;
    // biome-ignore lint/suspicious/noExplicitAny: simulating a private window without IndexedDB
    (globalThis as any).indexedDB = undefined;
    try {
      expect(await openCheckinDatabase('nowhere')).toMatchObject({
        ok: false,
        reason: 'storage-unavailable',
      });
    } finally {
      globalThis.indexedDB = saved;
    }
    expect((await openCheckinDatabase(freshDb().name)).ok).toBe(true);
  });
});
