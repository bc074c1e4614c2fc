// One door in the simulation: its own database (fake-indexeddb), the app's own sync engine,
// a skewed clock the runner moves, and a network path through the fault proxy. A restart is a
// crash: the engine is dropped mid-whatever (its answers never arrive, its timers never fire),
// the database is opened again by name and a new engine starts over it. A door joined by code
// reaches its server (the relay's fleet endpoints and its Check-in API) through its own link of
// the proxy too: the server's addresses are the proxy's origin, and the door's fetch puts its
// link's path in front, as a phone's network would carry its requests to the one server.
import { createCheckinClient } from '../../src/api/checkin-client';
import { createDoorsClient } from '../../src/api/doors-client';
import type { FetchLike } from '../../src/api/http';
import { createTransport } from '../../src/api/http';
import { CheckinDatabase } from '../../src/db/database';
import { sealBoxOf } from '../../src/db/seal/seal-box';
import type { UndoOutcome } from '../../src/db/outbox';
import { createRandom } from '../../src/mock-api/random';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine/sync-engine';
import { type SimClock, simClock } from './sim-clock';

/** An admission the door recorded, as the door's screen reported it. */
export interface Admission {
  event: number;
  door: number;
  ticketId: number;
  clientId: string;
  key: string;
  anyway: boolean;
  undo: UndoOutcome | null;
}

const never = <T>() => new Promise<T>(() => undefined);

/**
 * The simulated doors' one key (test data, never a secret): a door copied from another holds
 * rows sealed under the other's key, and a restarted door is unlocked again with it, as staff
 * would type the passcode.
 */
const SIM_BOX = await sealBoxOf(new Uint8Array(32).fill(7));

export interface DoorOptions {
  n: number;
  seed: number;
  dbName: string;
  baseUrl: string;
  skewMs: number;
  simNow: number;
  /** A door joined through a relay: the service's own address, for while the relay is down. */
  directBaseUrl?: string;
  /** The sync interval (a door on a mirroring relay syncs every 3 s, as the app sets it). */
  syncIntervalMs?: number;
  /** Doors of one group (one relay's, or the service's directly) may copy each other's database. */
  group?: number;
  /**
   * A join code made on this door's relay: the door joins by it (one of the fleet, its list
   * under its own credential, no address of the service behind the relay).
   */
  joinCode?: string;
}

export function simDoor(o: DoorOptions) {
  const name = `Door ${o.n + 1}`;
  let generation = 0;
  let online = true;
  let clock: SimClock;
  let db: CheckinDatabase;
  let engine: SyncEngine;
  const admissions: Admission[] = [];
  const pending = new Set<Promise<unknown>>();
  /** The list's key in this door's database: the slug, or the credential of a door joined by code. */
  let listSlug: string | null = null;
  const server = new URL(o.baseUrl).origin;
  const link = o.baseUrl.replace(/\/checkin\/?$/, '');
  /** A request to the server's own origin goes through this door's link of the proxy. */
  const throughLink = (request: Request): Request => {
    const url = new URL(request.url);
    if (!o.joinCode || url.origin !== server || url.pathname.startsWith('/d/')) return request;
    return new Request(`${link}${url.pathname}${url.search}`, request);
  };

  // A dead engine's requests may still reach the service; their answers never come back to it.
  const fetchFor =
    (gen: number): FetchLike =>
    async (request) => {
      try {
        const answer = await fetch(throughLink(request));
        return gen === generation ? answer : never();
      } catch (error) {
        if (gen !== generation) return never();
        throw error;
      }
    };

  function build(simNow: number) {
    const gen = ++generation;
    const random = createRandom(o.seed * 131 + o.n * 7 + gen);
    clock = simClock(simNow, o.skewMs);
    db = new CheckinDatabase(o.dbName);
    db.seal.unlock(SIM_BOX);
    engine = createSyncEngine({
      db,
      clientFor: (baseUrl) => createCheckinClient(createTransport({ baseUrl, fetch: fetchFor(gen) })),
      defaultBaseUrl: o.baseUrl,
      deviceName: () => name,
      clock,
      online,
      ...(o.syncIntervalMs ? { syncIntervalMs: () => o.syncIntervalMs! } : {}),
      ...(o.joinCode
        ? {
            doorsFor: (serverUrl: string) => createDoorsClient(serverUrl, fetchFor(gen)),
            appVersion: '1.0.0-sim',
          }
        : {}),
      random: random.next,
      newId: () => seededUuid(random),
    });
  }
  build(o.simNow);

  const track = <T>(work: Promise<T>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };

  return {
    n: o.n,
    name,
    db: () => db,
    engine: () => engine,
    clock: () => clock,
    admissions,
    pending: () => [...pending],
    generation: () => generation,
    /** The list's key in this door's database (null before it joined). */
    listSlug: () => listSlug,
    joinedByCode: !!o.joinCode,
    async join(slug: string) {
      const joined = o.joinCode
        ? await engine.joinByCode(o.joinCode, server, name)
        : await engine.join(slug, { baseUrl: o.baseUrl });
      if (!joined.ok) throw new Error(`${name} could not join: ${joined.reason}`);
      listSlug = o.joinCode ? joined.value.slug : slug;
      for (let i = 0; i < 50 && !engine.status().complete; i++) await engine.syncNow();
      if (!engine.status().complete) throw new Error(`${name} did not finish its first download`);
      // As the app does once the relay's /__service names the service behind it.
      if (o.directBaseUrl) await engine.learnRelay(o.baseUrl, o.directBaseUrl);
    },
    /** Pulls until caught up (a relay's mirror became ready after this door's join went through it). */
    async catchUp() {
      for (let i = 0; i < 3; i++) await engine.syncNow();
    },
    /**
     * Takes a copy of another door's database as its own (tables copied row by row), with the
     * list reached through this door's address: a joined door without a second 100,000-ticket
     * download.
     */
    async copyFrom(source: CheckinDatabase, slug: string) {
      listSlug = slug;
      for (const table of source.tables) {
        const rows = await table.toArray();
        await db.table(table.name).bulkPut(rows);
      }
      await db.lists
        .toCollection()
        .modify(
          o.directBaseUrl ? { baseUrl: o.baseUrl, directBaseUrl: o.directBaseUrl } : { baseUrl: o.baseUrl },
        );
    },
    start: () => engine.start(),
    /** Admits as staff would: a scan, and "admit anyway" when told to after a caution. */
    admit(event: number, ticketId: number, anyway: boolean) {
      const current = engine;
      return track(
        (async () => {
          const scan = await current.admit(ticketId);
          if (!scan.ok) return;
          let row = scan.value.checkin;
          const verdict = scan.value.verdict;
          if (!row && anyway && (verdict.kind === 'already-checked-in' || verdict.kind === 'just-admitted')) {
            const seen = verdict.kind === 'already-checked-in' ? verdict.count : 1;
            const forced = await current.admitAnyway(ticketId, seen);
            if (forced.ok) row = forced.value.checkin;
          }
          if (!row?.clientId || admissions.some((a) => a.clientId === row.clientId)) return;
          admissions.push({
            event,
            door: o.n,
            ticketId,
            clientId: row.clientId,
            key: row.key,
            anyway,
            undo: null,
          });
        })(),
      );
    },
    undo(event: number) {
      const admission = admissions.find((a) => a.event === event);
      if (!admission || admission.undo) return;
      return track(
        (async () => {
          const outcome = await engine.undo(admission.key);
          if (outcome.ok) admission.undo = outcome.value;
        })(),
      );
    },
    setOnline(value: boolean) {
      online = value;
      engine.setOnline(value);
    },
    isOnline: () => online,
    /** Crash and start again: in-memory state gone, the database reopened by name. */
    async restart(simNow: number) {
      void engine.stop();
      pending.clear();
      build(simNow);
      await engine.start();
    },
    advanceTo: (simNow: number) => clock.advanceTo(simNow),
  };
}

export type SimDoor = ReturnType<typeof simDoor>;

/** A client id from the schedule's seed: a run repeats exactly (test data only, never a secret). */
function seededUuid(random: { next(): number }): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}
