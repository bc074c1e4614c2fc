// The door's test bench: the real mock service in process (its `handle` as the transport), a
// list of N tickets built with the mock's own factories, a clock the test moves, and counts of
// what the service holds at the end.
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport, type FetchLike } from '../../src/api/http';
import { CheckinDatabase } from '../../src/db/database';
import { sealBoxOf } from '../../src/db/seal/seal-box';
import { createMockService } from '../../src/mock-api/service';
import { fixedClock } from '../../src/platform/clock';
import { createRandom } from '../../src/mock-api/random';
import { memoryPersistence } from '../../src/mock-api/store/persistence';
import type { MockService } from '../../src/mock-api/service';
import type { DuplicateCheckins } from '../../src/mock-api/context';
import type { Clock } from '../../src/sync/clock';
import { makeBasics, makeCheckinList, makeRegistration, makeTicket } from '../mock-api/factories';
import { NOW } from '../mock-api/support';

export const LIST = 'chk_ptestlist0000000000000';
export const BASE = 'http://mock.test/checkin';

/** The test doors' one key: every database a test opens is unlocked with it, as staff would. */
export const TEST_BOX = await sealBoxOf(crypto.getRandomValues(new Uint8Array(32)));

/** A door's database by name, unlocked (its copy sealed under the test doors' key). */
export function unlockedDb(name: string): CheckinDatabase {
  const db = new CheckinDatabase(name);
  db.seal.unlock(TEST_BOX);
  return db;
}

let dbSerial = 0;
export const freshDb = (name = 'door') => unlockedDb(`${name}-${++dbSerial}-${Math.random()}`);

/** The rows of a door's copy that name the list (by its slug), counted by table. */
export async function rowsOf(db: CheckinDatabase, slug: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of db.tables) {
    const rows = (await table.toArray()) as { slug?: string; listSlug?: string }[];
    const n = rows.filter((r) => r.slug === slug || r.listSlug === slug).length;
    if (n > 0) counts[table.name] = n;
  }
  return counts;
}

/** `duplicates`: what the service does with a second active check-in of a ticket (MOCK_DUPLICATE_CHECKINS). */
export function serviceOver(
  persistence = memoryPersistence(),
  clock = fixedClock(NOW),
  duplicates: DuplicateCheckins = 'record',
) {
  return createMockService({
    clock,
    random: createRandom(7),
    persistence,
    config: {
      seed: { name: 'empty' },
      faults: true,
      appOrigin: 'https://door.example',
      duplicateCheckins: duplicates,
    },
  });
}

/** A service over stored data (kept, so it can be restarted over it) holding what `build` makes. */
export async function serviceHolding<T>(
  build: (ctx: MockService['context']) => T,
  duplicates: DuplicateCheckins = 'record',
) {
  const persistence = memoryPersistence();
  const clock = fixedClock(NOW);
  const service = serviceOver(persistence, clock, duplicates);
  await service.ready;
  const data = await service.write(() => build(service.context));
  return { service, clock, persistence, ...data };
}

/** A service holding one list of `tickets` tickets (names with accents, a few companies). */
export async function doorService(tickets = 30, duplicates: DuplicateCheckins = 'record') {
  return serviceHolding((ctx) => {
    const { event, release } = makeBasics(ctx);
    const made = [];
    for (let i = 0; i < tickets; i++) {
      const reg = makeRegistration(ctx, event, {
        reference: `R${i.toString(36).toUpperCase().padStart(3, '0')}`,
        first_name: i === 0 ? 'Zoë' : `Person${i}`,
        last_name: i === 0 ? 'Ålvarez' : 'Example',
        email: `person${i}@example.com`,
        company_name: i % 3 === 0 ? 'Café Noir' : 'Acme',
      });
      made.push(makeTicket(ctx, reg, release, { company_name: reg.company_name }));
    }
    const list = makeCheckinList(ctx, event);
    return { event, release, tickets: made, list };
  }, duplicates);
}

export function fetchOver(service: MockService): FetchLike {
  return (request) => service.handle(request);
}

/**
 * The network between a door and the service, which can go down and come back: while down, no
 * request reaches the service and each fails as a dropped connection does.
 */
export function networkTo(service: MockService, { up = true } = {}) {
  let reachable = up;
  const fetch: FetchLike = (request) =>
    reachable ? service.handle(request) : Promise.reject(new TypeError('Failed to fetch'));
  return {
    fetch,
    down() {
      reachable = false;
    },
    up() {
      reachable = true;
    },
  };
}

export function clientOver(fetch: FetchLike) {
  return (baseUrl: string = BASE) => createCheckinClient(createTransport({ baseUrl, fetch }));
}

/** Active check-ins per ticket on the service. */
export function serviceCheckins(service: MockService, listId: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const c of service.context.store.findBy('checkins', 'byList', listId)) {
    if (c.deleted_at === null) counts.set(c.ticket_id, (counts.get(c.ticket_id) ?? 0) + 1);
  }
  return counts;
}

/** A clock that only moves when the test says so; due timers run as it passes them. */
export function manualClock(start = Date.parse(NOW)): Clock & { advance(ms: number): Promise<void> } {
  let now = start;
  let serial = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      timers.set(++serial, { at: now + ms, run });
      return serial;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await new Promise((r) => setTimeout(r, 0));
      }
      now = end;
    },
  };
}

export interface DeviceOptions {
  name?: string;
  db?: CheckinDatabase;
  fetch: FetchLike;
  clock?: ReturnType<typeof manualClock>;
  /** The supervisor lock; none by default (an open device). */
  access?: () => import('../../src/domain/door-roles').DoorAccess;
  /** The sync interval as the settings give it; 10 s by default. */
  syncIntervalMs?: () => number;
}

/** A door device: its own Dexie database and sync engine, joined to the test list. */
export async function doorDevice({
  name = 'Door 1',
  db = freshDb(name),
  fetch,
  clock = manualClock(),
  access,
  syncIntervalMs,
}: DeviceOptions) {
  const { createSyncEngine } = await import('../../src/sync/engine/sync-engine');
  const statuses: import('../../src/sync/status/sync-status').SyncStatus[] = [];
  const engine = createSyncEngine({
    db,
    clientFor: clientOver(fetch),
    defaultBaseUrl: BASE,
    deviceName: () => name,
    clock,
    report: (s) => statuses.push(s),
    random: () => 0.5,
    access,
    syncIntervalMs,
  });
  return { engine, db, clock, statuses, status: () => engine.status() };
}

/**
 * "North door" joined to the test list of `setup` and synced once, every request it makes
 * logged as `METHOD /path` in `requests` (a test clears it to see what a step asked).
 */
export async function loggedDoor(setup: Awaited<ReturnType<typeof doorService>>) {
  const requests: string[] = [];
  const fetch: FetchLike = (request) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return setup.service.handle(request);
  };
  const device = await doorDevice({ name: 'North door', fetch });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return { device, engine: device.engine, requests, fetch };
}

type DoorOptions = import('../../src/sync/engine/sync-engine').SyncEngineOptions;

/** "Door 1" on a stored copy (a restart, say), its clock and its list's load as the test gives them. */
export async function doorEngineOn(
  db: CheckinDatabase,
  fetch: FetchLike,
  options: Omit<DoorOptions, 'db' | 'clientFor' | 'defaultBaseUrl' | 'deviceName'>,
) {
  const { createSyncEngine } = await import('../../src/sync/engine/sync-engine');
  return createSyncEngine({
    db,
    clientFor: clientOver(fetch),
    defaultBaseUrl: BASE,
    deviceName: () => 'Door 1',
    ...options,
  });
}
