// This door's own check-in is one admission, however the service's record of it reaches the
// door: on a first-download page fetched after it went out, in a pull that comes while its
// request is out or after its answer was lost, or in recovery. The service keeps the uuid the
// door sends (its client id), so that record carries the own row's client id as its uuid. Each
// interleaving is fixed by the test (a request held at the network, a push kept back by its
// backoff, a restart offline with the list's load held), never by timing. After each, the door
// holds one active check-in of the ticket, records no double admission, and judges the ticket
// again as "just admitted here", from a keyed read after a restart and from the loaded list
// alike; and another door's check-in of the same ticket is still a double admission.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { type CheckinDatabase, pageRange } from '../../src/db/database';
import type { PageRow } from '../../src/db/rows';
import { readSyncState } from '../../src/db/local-copy';
import { readOutbox } from '../../src/db/outbox';
import type { RemoteCheckin } from '../../src/api/schemas';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import {
  clientOver,
  doorDevice,
  doorService,
  LIST,
  manualClock,
  serviceCheckins,
  unlockedDb,
} from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;
type Engine = ReturnType<typeof createSyncEngine>;

const never = <T>() => new Promise<T>(() => undefined);
const isBatch = (r: Request) => r.method === 'POST' && new URL(r.url).pathname.endsWith('/checkins');
/** A first-download page of check-ins (a later pull asks `since` a cursor). */
const isCheckinPage = (r: Request) => {
  const url = new URL(r.url);
  return r.method === 'GET' && url.pathname.endsWith('/checkins') && !url.searchParams.has('since');
};

/**
 * The door's network, with the test's hands on it: check-in pages cut off, or the next batch
 * held after the service committed it (its answer given back, or never: the page closed).
 */
function network(setup: Setup) {
  let pagesDown = false;
  let sendsDown = false;
  let holdNext = false;
  let held: { answer: Promise<Response>; give: () => void } | null = null;
  let arrived: () => void = () => undefined;
  const fetch: FetchLike = async (request) => {
    if (pagesDown && isCheckinPage(request)) throw new TypeError('Failed to fetch');
    if (sendsDown && isBatch(request)) throw new TypeError('Failed to fetch');
    if (holdNext && isBatch(request)) {
      holdNext = false;
      const answer = setup.service.handle(request);
      await answer;
      return new Promise<Response>((resolve) => {
        held = { answer, give: () => void answer.then(resolve) };
        arrived();
      });
    }
    return setup.service.handle(request);
  };
  return {
    fetch,
    cutPages: (down: boolean) => {
      pagesDown = down;
    },
    cutSends: (down: boolean) => {
      sendsDown = down;
    },
    /** Holds the next batch once the service has committed it; resolves when it has. */
    holdNextBatch(): Promise<void> {
      holdNext = true;
      return new Promise<void>((resolve) => {
        arrived = resolve;
      });
    },
    giveAnswer: () => held?.give(),
  };
}

/** The door's rows of one ticket, active ones only. */
async function activeRows(db: CheckinDatabase, ticketId: number) {
  return (await db.checkins.where('[listSlug+ticketId]').equals([LIST, ticketId]).toArray()).filter(
    (c) => c.deletedAt === null,
  );
}

/** The verdict's kind, or the failure's reason. */
async function verdictOf(engine: Engine, slug: string): Promise<string> {
  const scan = await engine.scan(slug);
  return scan.ok ? scan.value.verdict.kind : `failed: ${scan.reason}`;
}

/** What the door says of the ticket: its verdict, its active check-ins, its double admissions. */
async function doorSays(engine: Engine, ticket: { id: number; slug: string }) {
  const checkins = (await engine.ticket(ticket.id))?.checkins ?? [];
  return {
    verdict: await verdictOf(engine, ticket.slug),
    active: checkins.filter((c) => c.deletedAt === null).length,
    doubles: engine.status().conflicts.map((c) => c.ticketId),
  };
}

const ONCE = { verdict: 'just-admitted', active: 1, doubles: [] };

/**
 * The door restarted, its list's load held until `loadList`: a scan meanwhile is judged by key
 * (keyed-read.ts). Online, the first sync cycle waits for the load, then pushes and pulls.
 */
async function restartWithLoadHeld(db: CheckinDatabase, fetch: FetchLike | null) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const clock = manualClock();
  const engine = createSyncEngine({
    db: unlockedDb(db.name),
    clientFor: clientOver(fetch ?? (() => never())),
    defaultBaseUrl: 'http://mock.test/checkin',
    deviceName: () => 'Door 1',
    clock,
    online: fetch !== null,
    fillIndex: async (db, slug, index, between) => {
      await gate;
      return fillListIndex(db, slug, index, between);
    },
  });
  await engine.start({ background: true });
  /** Lets the load go, moving the clock on while it runs (it keeps a gap after a decision). */
  const loadList = async () => {
    release();
    const loaded = engine.loaded();
    let settled = false;
    void loaded.finally(() => {
      settled = true;
    });
    for (let i = 0; i < 200 && !settled; i++) {
      await clock.advance(50);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await loaded;
  };
  return { engine, loadList };
}

/** The door restarted with no network: its verdict by key while the list loads, then all it says. */
async function restartOffline(db: CheckinDatabase, ticket: { id: number; slug: string }) {
  const { engine, loadList } = await restartWithLoadHeld(db, null);
  const byKey = await verdictOf(engine, ticket.slug);
  // Judged by key: the list's load has not run yet.
  expect(engine.status().counted).toBe(false);
  await loadList();
  const afterLoad = await doorSays(engine, ticket);
  await engine.stop();
  return { byKey, ...afterLoad };
}

/** A door joined to the list and synced whole. */
async function joinedDoor(net: ReturnType<typeof network>) {
  const device = await doorDevice({ fetch: net.fetch });
  expect((await device.engine.join(LIST)).ok).toBe(true);
  await device.engine.syncNow();
  return device;
}

/** Another door checks the ticket in: a true double admission. */
async function otherDoorAdmits(setup: Setup, ticketId: number, uuid = 'other-door-checkin-0001') {
  const answer = await setup.service.handle(
    new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticketId, uuid } }),
    }),
  );
  expect(answer.status).toBe(201);
}

/** The service's one check-in of the ticket carries the uuid the door sent (its client id). */
async function sentUnderOwnId(setup: Setup, db: CheckinDatabase, ticketId: number) {
  const own = (await db.checkins.where('[listSlug+ticketId]').equals([LIST, ticketId]).toArray()).find(
    (c) => c.clientId !== null,
  );
  const held = setup.service.context.store
    .findBy('checkins', 'byList', setup.list.id)
    .filter((c) => c.ticket_id === ticketId && c.deleted_at === null);
  expect(held.map((c) => c.uuid)).toEqual([own?.clientId]);
}

describe("this door's own check-in counts once, whatever the order its record comes back in", () => {
  it('a first download resumed after a restart, once the check-in has gone out: its page holds the check-in, the door one admission', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[2]!;
    // The list has a check-in already, so its first download has a page of them.
    await otherDoorAdmits(setup, setup.tickets[5]!.id, 'earlier-checkin-0001');
    // The first download stops after the tickets: the page closed before the check-ins came.
    net.cutPages(true);
    const first = await doorDevice({ fetch: net.fetch });
    expect((await first.engine.join(LIST)).ok).toBe(true);
    await first.engine.syncNow();
    expect((await readSyncState(first.db, LIST, 'tickets')).cursor).not.toBeNull();
    expect((await readSyncState(first.db, LIST, 'checkins')).cursor).toBeNull();
    await first.engine.stop();
    net.cutPages(false);

    // Reopened, the door admits the ticket (judged by key while the list loads); the first
    // cycle, once the list is loaded, sends it and then resumes the download.
    const { engine, loadList } = await restartWithLoadHeld(first.db, net.fetch);
    expect(await verdictOf(engine, ticket.slug)).toBe('admitted');
    expect(engine.status().counted).toBe(false);
    await loadList();
    await engine.syncNow();
    await sentUnderOwnId(setup, first.db, ticket.id);
    expect((await readSyncState(first.db, LIST, 'checkins')).cursor).not.toBeNull();
    const pages = await first.db.pages
      .where('[listSlug+resource+page]')
      .between(...pageRange(LIST, 'checkins'))
      .toArray();
    // The page it fetched holds the door's own check-in.
    const onPages = pages.flatMap((p) => (p as PageRow<RemoteCheckin>).items);
    expect(onPages.filter((c) => c.ticketId === ticket.id)).toHaveLength(1);
    expect(await readOutbox(first.db, LIST)).toEqual([]);
    const device = { engine, db: first.db };

    expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
    await device.engine.stop();
    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });

    // Another door's check-in of the ticket is a double admission all the same.
    await otherDoorAdmits(setup, ticket.id);
    const again = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await again.engine.start();
    await again.engine.syncNow();
    expect(await doorSays(again.engine, ticket)).toEqual({
      verdict: 'already-checked-in',
      active: 2,
      doubles: [ticket.id],
    });
    expect(again.engine.status().conflicts[0]?.checkins.map((c) => c.source)).toEqual([
      'this-device',
      'elsewhere',
    ]);
    await again.engine.stop();
  });

  it('the answer lost, then a pull before recovery (the push kept back by its backoff): one admission, before and after a restart', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[1]!;
    const device = await joinedDoor(net);
    expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');

    // The service commits the batch; its answer never comes back.
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    await device.engine.flush();
    setup.service.faults.clear();
    await sentUnderOwnId(setup, device.db, ticket.id);
    expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual(['sending']);

    // The timer's cycle: its push waits out the backoff, its pull brings the service's record.
    await device.engine.tick();
    expect((await readOutbox(device.db, LIST)).map((r) => r.state)).toEqual(['sending']);
    expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
    await device.engine.stop();

    // A restart before recovery: the stored rows say one admission too.
    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });

    // Online again: recovery links the record to the door's row; still one, nothing sent twice.
    const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await back.engine.start();
    await back.engine.syncNow();
    expect(await readOutbox(back.db, LIST)).toEqual([]);
    expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
    expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
    expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);

    await otherDoorAdmits(setup, ticket.id);
    await back.engine.syncNow();
    expect(await doorSays(back.engine, ticket)).toEqual({
      verdict: 'already-checked-in',
      active: 2,
      doubles: [ticket.id],
    });
    await back.engine.stop();
  });

  for (const answer of ['answered', 'lost: the page closed'] as const)
    it(`a pull while the batch is out (service committed, answer ${answer}): one admission throughout`, async () => {
      const setup = await doorService(6);
      const net = network(setup);
      const ticket = setup.tickets[3]!;
      const device = await joinedDoor(net);
      expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');

      // A first send never left (the network dropped): the push now waits out its backoff.
      net.cutSends(true);
      await device.engine.flush();
      net.cutSends(false);
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBeUndefined();

      // Sent again on demand; the service commits it and the answer is held at the network.
      const out = net.holdNextBatch();
      const sending = device.engine.flush();
      await out;
      await sentUnderOwnId(setup, device.db, ticket.id);
      // Meanwhile the timer's cycle pulls (its own push kept back by the backoff).
      await device.engine.tick();
      expect(await doorSays(device.engine, ticket)).toEqual(ONCE);

      if (answer === 'answered') {
        net.giveAnswer();
        await sending;
        expect(await readOutbox(device.db, LIST)).toEqual([]);
        expect(await activeRows(device.db, ticket.id)).toHaveLength(1);
        expect(await doorSays(device.engine, ticket)).toEqual(ONCE);
        await device.engine.stop();
        expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
        return;
      }
      void device.engine.stop();
      expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
      const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
      await back.engine.start();
      await back.engine.syncNow();
      expect(await readOutbox(back.db, LIST)).toEqual([]);
      expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
      expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
      await back.engine.stop();
    });

  it('the answer lost, then a restart whose recovery comes before the pull: one admission', async () => {
    const setup = await doorService(6);
    const net = network(setup);
    const ticket = setup.tickets[4]!;
    const device = await joinedDoor(net);
    expect(await verdictOf(device.engine, ticket.slug)).toBe('admitted');
    setup.service.faults.set({ drop_after_commit: { rate: 1, methods: ['POST'], path_prefix: '/checkin' } });
    await device.engine.flush();
    setup.service.faults.clear();
    await device.engine.stop();

    expect(await restartOffline(device.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
    const back = await doorDevice({ fetch: net.fetch, db: unlockedDb(device.db.name) });
    await back.engine.start();
    await back.engine.syncNow();
    expect(await readOutbox(back.db, LIST)).toEqual([]);
    expect(await activeRows(back.db, ticket.id)).toHaveLength(1);
    expect(await doorSays(back.engine, ticket)).toEqual(ONCE);
    await back.engine.stop();
    expect(await restartOffline(back.db, ticket)).toEqual({ byKey: 'just-admitted', ...ONCE });
  });
});
