// The hands the own-check-in tests (./own-checkin-once.test.ts) hold the door with: its network
// (check-in pages cut off, a batch held after the service committed it), restarts with the
// list's load held, and what the door says and stores of one ticket.
import { expect } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import type { CheckinDatabase } from '../../src/db/database';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import { clientOver, doorDevice, type doorService, LIST, manualClock, unlockedDb } from './support';

export type Setup = Awaited<ReturnType<typeof doorService>>;
export type Engine = ReturnType<typeof createSyncEngine>;

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
export function network(setup: Setup) {
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
export async function activeRows(db: CheckinDatabase, ticketId: number) {
  return (await db.checkins.where('[listSlug+ticketId]').equals([LIST, ticketId]).toArray()).filter(
    (c) => c.deletedAt === null,
  );
}

/** The verdict's kind, or the failure's reason. */
export async function verdictOf(engine: Engine, slug: string): Promise<string> {
  const scan = await engine.scan(slug);
  return scan.ok ? scan.value.verdict.kind : `failed: ${scan.reason}`;
}

/** What the door says of the ticket: its verdict, its active check-ins, its double admissions. */
export async function doorSays(engine: Engine, ticket: { id: number; slug: string }) {
  const checkins = (await engine.ticket(ticket.id))?.checkins ?? [];
  return {
    verdict: await verdictOf(engine, ticket.slug),
    active: checkins.filter((c) => c.deletedAt === null).length,
    doubles: engine.status().conflicts.map((c) => c.ticketId),
  };
}

export const ONCE = { verdict: 'just-admitted', active: 1, doubles: [] };

/**
 * The door restarted, its list's load held until `loadList`: a scan meanwhile is judged by key
 * (keyed-read.ts). Online, the first sync cycle waits for the load, then pushes and pulls.
 */
export async function restartWithLoadHeld(db: CheckinDatabase, fetch: FetchLike | null) {
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
export async function restartOffline(db: CheckinDatabase, ticket: { id: number; slug: string }) {
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
export async function joinedDoor(net: ReturnType<typeof network>) {
  const device = await doorDevice({ fetch: net.fetch });
  expect((await device.engine.join(LIST)).ok).toBe(true);
  await device.engine.syncNow();
  return device;
}

/** Another door checks the ticket in: a true double admission. */
export async function otherDoorAdmits(setup: Setup, ticketId: number, uuid = 'other-door-checkin-0001') {
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
export async function sentUnderOwnId(setup: Setup, db: CheckinDatabase, ticketId: number) {
  const own = (await db.checkins.where('[listSlug+ticketId]').equals([LIST, ticketId]).toArray()).find(
    (c) => c.clientId !== null,
  );
  const held = setup.service.context.store
    .findBy('checkins', 'byList', setup.list.id)
    .filter((c) => c.ticket_id === ticketId && c.deleted_at === null);
  expect(held.map((c) => c.uuid)).toEqual([own?.clientId]);
}

/**
 * The service's record of the door's own check-in as the door stores it from a pull: the row
 * keyed by the uuid the door sent (its own row's client id). None until a pull brings it.
 */
export async function pulledOwnRecord(db: CheckinDatabase, ticketId: number) {
  const rows = await db.checkins.where('[listSlug+ticketId]').equals([LIST, ticketId]).toArray();
  const own = rows.filter((c) => c.clientId !== null);
  expect(own).toHaveLength(1);
  return rows.find((c) => c.clientId === null && c.uuid === own[0]!.clientId) ?? null;
}
