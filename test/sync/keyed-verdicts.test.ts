// The first verdicts after a restart come from a keyed read while the list loads: they must be
// the verdicts the whole list in memory gives. Compared on one copy holding check-ins from pages
// and from later pulls, this device's own unsent ones, void and unpaid tickets, tickets changed
// since the download, another list's rows, and an expired list; then the engine as the app runs
// it, restarted offline with its list's load held midway.
import { describe, expect, it } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { readCodeIndex } from '../../src/db/keyed-read';
import { patchSyncState, saveList, upsertCheckins, upsertTickets } from '../../src/db/local-copy';
import { storeFirstPage } from '../../src/db/stored-pages';
import { readOutbox, recordCheckin } from '../../src/db/outbox';
import { parseScannedCode } from '../../src/domain/scan-code';
import { judgeScan } from '../../src/domain/verdict';
import { doorCheckin, ticketFor } from '../../src/sync/scan/door-lookup';
import { restOfOrder } from '../../src/sync/scan/door-order';
import { keyedScan } from '../../src/sync/scan/keyed-lookup';
import { createListIndex } from '../../src/sync/index/list-index';
import { fillListIndex, loadListIndex } from '../../src/sync/open-list/open-list';
import { listRow, remoteCheckin, remoteTicket, T0 } from '../db/copy-rows';
import { asWholePages } from '../db/whole-pages';
import { sellOrder } from './orders-support';
import { doorDevice, doorEngineOn, doorService, freshDb, LIST, manualClock } from './support';

const OTHER = 'chk_pother0000000000000000';
const PAGE = 40;
const NOW = T0 + 10_000_000;

async function copyWithHistory(db: CheckinDatabase, expiresAt: number | null) {
  await saveList(db, listRow(LIST, { expiresAt, pages: { tickets: 3, checkins: 1, answers: 0 } }));
  await saveList(db, listRow(OTHER));
  for (let page = 1; page <= 3; page++) {
    const items = Array.from({ length: PAGE }, (_, i) => {
      const id = (page - 1) * PAGE + i + 1;
      if (id === 5) return remoteTicket(id, { state: 'void' });
      if (id === 6) return remoteTicket(id, { paid: false });
      return remoteTicket(id);
    });
    await storeFirstPage(db, LIST, 'tickets', page, items, 3);
  }
  await storeFirstPage(
    db,
    LIST,
    'checkins',
    1,
    [
      remoteCheckin(1, 1),
      remoteCheckin(2, 2, { deletedAt: T0 + 5000, updatedAt: T0 + 5000 }),
      remoteCheckin(3, 3),
      remoteCheckin(4, 3),
      remoteCheckin(5, 10),
      remoteCheckin(6, 5),
    ],
    1,
  );
  // Another list holding the same tickets: none of its rows may reach this list's verdicts.
  await storeFirstPage(db, OTHER, 'tickets', 1, [remoteTicket(20), remoteTicket(21)], 1);
  await storeFirstPage(db, OTHER, 'checkins', 1, [remoteCheckin(90, 20)], 1);
  for (const resource of ['tickets', 'checkins', 'answers'] as const)
    await patchSyncState(db, LIST, resource, { cursor: T0 + 100_000, firstDownload: null });
  // Pulled since: a ticket voided, one with a new slug, one sold; a check-in ended, one made.
  await upsertTickets(db, LIST, [
    remoteTicket(7, { state: 'void', updatedAt: T0 + 200_000 }),
    remoteTicket(8, { slug: 'ti_pRENAMED0008abcdefghij', updatedAt: T0 + 200_000 }),
    remoteTicket(500, { updatedAt: T0 + 200_000 }),
    remoteTicket(9, { updatedAt: T0 }), // older than its page: the page's version stands
  ]);
  await upsertCheckins(db, LIST, [
    remoteCheckin(5, 10, { deletedAt: T0 + 300_000, updatedAt: T0 + 300_000 }),
    remoteCheckin(7, 11, { updatedAt: T0 + 300_000 }),
  ]);
  // This device's own, unsent: one just now, one ten minutes ago.
  await recordCheckin(db, {
    listSlug: LIST,
    ticketId: 12,
    deviceName: 'Door 1',
    now: NOW - 5000,
    clientId: 'c-12',
  });
  await recordCheckin(db, {
    listSlug: LIST,
    ticketId: 13,
    deviceName: 'Door 1',
    now: NOW - 600_000,
    clientId: 'c-13',
  });
  await recordCheckin(db, {
    listSlug: LIST,
    ticketId: 500,
    deviceName: 'Door 1',
    now: NOW - 1000,
    clientId: 'c-5',
  });
}

function codesToTry() {
  const codes: string[] = [];
  for (const id of [...Array.from({ length: 3 * PAGE }, (_, i) => i + 1), 500, 20, 21]) {
    const t = remoteTicket(id);
    codes.push(t.slug, t.reference, t.reference.toLowerCase());
  }
  return [...codes, 'ti_pRENAMED0008abcdefghij', 'ti_pNOWHERE0000000000000', 'ZZZZ-9', 'O000'];
}

describe('a verdict from a keyed read', () => {
  for (const [name, expiresAt, before] of [
    ['an open list', null, null],
    ['an expired list', NOW - 1, null],
    ['an open list, its ticket pages stored whole (before slices)', null, 'whole'],
    ['an open list, its ticket pages stored whole and sealed before frames', null, 'before-frames'],
  ] as const)
    it(`equals the verdict from the whole list in memory, for every code (${name})`, async () => {
      const db = freshDb();
      await copyWithHistory(db, expiresAt);
      // A door upgraded with its copy kept reads such pages as they are, never downloaded again.
      if (before) expect(await asWholePages(db, LIST, before === 'whole')).toBe(3);
      const list = (await db.lists.get(LIST))!;
      const index = await loadListIndex(db, LIST);
      const codes = (await readCodeIndex(db, LIST))!;
      expect(codes).not.toBeNull();
      const kinds = new Set<string>();
      let orders = 0;
      for (const raw of codesToTry()) {
        const code = parseScannedCode(raw);
        const ticket = ticketFor(index, code);
        const whole = judgeScan({
          code,
          ticket,
          checkins: ticket ? index.checkinsOf(ticket.id).map(doorCheckin) : [],
          list,
          now: NOW,
        });
        const keyed = await keyedScan(db, LIST, codes, code);
        const byKey = keyed
          ? judgeScan({ code, ticket: keyed.ticket, checkins: keyed.checkins, list, now: NOW })
          : whole;
        expect(byKey, raw).toEqual(whole);
        kinds.add(whole.kind);
        // The rest of the ticket's order, as the verdict shows it, from the rows read by key.
        if (keyed?.ticket && ticket) {
          const read = createListIndex();
          read.putTickets(keyed.facts.tickets);
          read.putCheckins(keyed.facts.checkins);
          const rest = restOfOrder(read, list, keyed.ticket, NOW);
          expect(rest, `order of ${raw}`).toEqual(restOfOrder(index, list, ticket, NOW));
          if (rest) orders++;
        }
      }
      // The comparison covered every rule the copy can decide by.
      if (expiresAt === null)
        expect([...kinds].sort()).toEqual(
          [
            'admitted',
            'already-checked-in',
            'just-admitted',
            'not-on-list',
            'unknown-code',
            'unpaid',
            'void',
          ].sort(),
        );
      else expect([...kinds].sort()).toEqual(['list-expired']);
      expect(orders).toBeGreaterThan(50);
      // A re-entry (a check-in ended elsewhere) and a double admission are among them.
      const reentry = await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(2).slug));
      expect(reentry?.checkins.map((c) => c.deletedAt !== null)).toEqual([true]);
      const double = await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(3).slug));
      expect(double?.checkins).toHaveLength(2);
    });
});

/** A device that joined the list of `tickets` tickets, synced once and stopped. */
async function joinedAndStopped(tickets: number, withOrder = false) {
  const setup = await doorService(tickets);
  const family = withOrder ? await sellOrder(setup, 'FAM4', ['Leo', 'Ines', 'Tom']) : [];
  const fetch = (r: Request) => setup.service.handle(r);
  const first = await doorDevice({ fetch });
  await first.engine.join(LIST);
  await first.engine.syncNow();
  first.engine.stop();
  return { setup, fetch, first, family };
}

/**
 * The device restarted offline on its stored list, whose load into memory is held until
 * `release()`: what the engine decides meanwhile comes from keyed reads.
 */
async function restartOfflineWithLoadHeld(db: CheckinDatabase, fetch: (r: Request) => Promise<Response>) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const clock = manualClock();
  const engine = await doorEngineOn(db, fetch, {
    clock,
    online: false,
    fillIndex: async (db, slug, index, between) => {
      await gate;
      return fillListIndex(db, slug, index, between);
    },
  });
  await engine.start({ background: true });
  /** Lets the held load go, moving the clock on while it runs (it keeps a gap after decisions). */
  const releaseAndWait = async <T>(waiting: Promise<T>): Promise<T> => {
    release();
    let settled = false;
    void waiting.finally(() => {
      settled = true;
    });
    for (let i = 0; i < 200 && !settled; i++) {
      await clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return waiting;
  };
  return { engine, release, releaseAndWait };
}

describe('a restart offline while the list loads', () => {
  it('judges a ticket by key at once, records it, and the loaded list holds it once', async () => {
    const setup = await doorService(30);
    const fetch = (r: Request) => setup.service.handle(r);
    const first = await doorDevice({ fetch });
    await first.engine.join(LIST);
    await first.engine.syncNow();
    const [a, b] = setup.tickets;
    expect((await first.engine.scan(a!.slug)).ok).toBe(true);
    first.engine.stop();

    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    let loaded = false;
    void engine.loaded().then(() => {
      loaded = true;
    });
    expect(engine.status().list?.slug).toBe(LIST);

    const admitted = await engine.scan(b!.slug);
    expect(admitted).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' }, basis: { kind: 'local' } },
    });
    expect(await engine.scan(b!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'just-admitted' } },
    });
    expect(await engine.scan(a!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'just-admitted' } },
    });
    expect((await readOutbox(first.db, LIST)).map((r) => r.ticketId)).toEqual([a!.id, b!.id]);
    expect(loaded).toBe(false);

    await releaseAndWait(engine.loaded());
    expect((await engine.ticket(b!.id))?.checkins).toHaveLength(1);
    expect(engine.status().counts.checkedIn).toBe(2);
    expect(await engine.scan(b!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'just-admitted' } },
    });
    engine.stop();
  });

  it('a search result\'s "Check in" waits for the load, which the decision does not hold', async () => {
    const { setup, fetch, first } = await joinedAndStopped(10);
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    // Judged by key meanwhile: an unknown code of a complete list is refused at once.
    expect(await engine.scan('ti_pNOWHERE0000000000000')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'offline' } },
    });
    // By ticket id (a search result): it needs the list, so it waits for it, holding nothing.
    const ticket = setup.tickets[3]!;
    const admitted = engine.admit(ticket.id);
    expect(await releaseAndWait(admitted)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    await engine.loaded();
    engine.stop();
  });

  it("leaves the first moment to a restart's first scan: the load reads nothing until a quiet gap", async () => {
    const { setup, fetch, first } = await joinedAndStopped(10);
    const clock = manualClock();
    let reads = 0;
    const engine = await doorEngineOn(first.db, fetch, {
      clock,
      online: false,
      fillIndex: (db, slug, index, between) =>
        fillListIndex(db, slug, index, async () => {
          await between?.();
          reads++;
        }),
    });
    await engine.start({ background: true });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(0);
    // The scan comes while nothing else uses the database: judged by key, and admitted.
    const scanned = await engine.scan(setup.tickets[0]!.slug);
    expect(scanned).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    expect(reads).toBe(0);
    let loaded = false;
    void engine.loaded().then(() => {
      loaded = true;
    });
    for (let i = 0; i < 40 && !loaded; i++) {
      await clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(loaded).toBe(true);
    expect(reads).toBeGreaterThan(0);
    engine.stop();
  });

  it('says how old the copy is while the list loads: a refusal by key is never "never synced"', async () => {
    const { fetch, first } = await joinedAndStopped(10);
    const syncedAt = first.engine.status().lastPullAt;
    expect(syncedAt).toEqual(expect.any(Number));
    const { engine, release } = await restartOfflineWithLoadHeld(first.db, fetch);
    const refused = await engine.scan('ti_pNoSuchTicketAnywhere000');
    expect(refused).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'not-on-list' }, basis: { kind: 'offline', syncedAt } },
    });
    release();
    engine.stop();
  });

  it('says what waits to be sent and which lists are here while the list loads, not "all sent"', async () => {
    const { setup, fetch, first } = await joinedAndStopped(10);
    await recordCheckin(first.db, {
      listSlug: LIST,
      ticketId: setup.tickets[0]!.id,
      deviceName: 'Door 1',
      now: Date.now(),
      clientId: 'unsent-1',
    });
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    await expect.poll(() => engine.status().pending).toBe(1);
    expect(engine.status().lists.map((l) => l.slug)).toEqual([LIST]);
    // Who is inside needs the whole list: not said until it is loaded.
    expect(engine.status().counted).toBe(false);
    await releaseAndWait(engine.loaded());
    expect(engine.status()).toMatchObject({ counted: true, pending: 1 });
    engine.stop();
  });

  it("a screen's reads wait for the list to load: never an answer from part of it", async () => {
    const { setup, fetch, first } = await joinedAndStopped(10);
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    const last = setup.tickets.at(-1)!;
    let answered = false;
    const tickets = engine.ticketsOf([last.id]).then((found) => {
      answered = true;
      return found;
    });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(answered).toBe(false);
    expect((await releaseAndWait(tickets)).map((t) => t.id)).toEqual([last.id]);
    expect((await engine.ticket(last.id))?.ticket.slug).toBe(last.slug);
    engine.stop();
  });

  it('an admission judged by key is undone once the list is loaded, never "no list is open"', async () => {
    const { setup, fetch, first } = await joinedAndStopped(10);
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    const admitted = await engine.scan(setup.tickets[4]!.slug);
    expect(admitted).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    expect(engine.status().pending).toBe(1);
    const undone = engine.undo(admitted.ok ? admitted.value.checkin!.key : '');
    expect(await releaseAndWait(undone)).toEqual({ ok: true, value: 'cancelled' });
    expect(await readOutbox(first.db, LIST)).toEqual([]);
    expect(engine.status().pending).toBe(0);
    engine.stop();
  });

  it('a ticket judged by key goes out without its order, which comes after as the whole list gives it', async () => {
    const { first, fetch, family } = await joinedAndStopped(4, true);
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    const scanned = await engine.scan(family[1]!.slug);
    if (!scanned.ok) throw new Error(scanned.reason);
    expect(scanned.value).toMatchObject({ verdict: { kind: 'admitted' }, order: null, orderToCome: true });
    // Read by key while the list still loads: the order's other tickets, none of them in yet.
    const later = await engine.orderAround(family[1]!.id);
    expect(later?.reference).toBe('FAM4');
    expect(later?.tickets.map((o) => [o.ticket.id, o.state])).toEqual(
      family.filter((t) => t.id !== family[1]!.id).map((t) => [t.id, 'not-in']),
    );
    // The same once the whole list is in memory, where a scan's verdict brings its order itself.
    const loaded = (async () => {
      while (!engine.status().counted) await new Promise((resolve) => setTimeout(resolve, 0));
    })();
    await releaseAndWait(loaded);
    expect(await engine.orderAround(family[1]!.id)).toEqual(later);
    const again = await engine.scan(family[2]!.slug);
    expect(again).toMatchObject({ ok: true, value: { verdict: { kind: 'admitted' } } });
    expect(again.ok && again.value.orderToCome).toBeFalsy();
    expect(again.ok && again.value.order?.reference).toBe('FAM4');
    engine.stop();
  });

  it('an order reference waits for the list to load (a keyed read holds one ticket)', async () => {
    const { fetch, first } = await joinedAndStopped(10);
    const { engine, releaseAndWait } = await restartOfflineWithLoadHeld(first.db, fetch);
    let answered = false;
    const order = engine.typed('R000', 'entry').then((r) => {
      answered = true;
      return r;
    });
    // Held by the gate: nothing but its opening can let the order be judged.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(answered).toBe(false);
    expect(await releaseAndWait(order)).toMatchObject({ ok: true, value: { verdict: { kind: 'order' } } });
    engine.stop();
  });
});
