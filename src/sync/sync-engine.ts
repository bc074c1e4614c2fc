// The door device's sync engine: the one object the door screens drive. In the app it runs in
// a worker (engine-worker.ts) and the screens call it through a proxy, every call async.
//
//   const opened = await openCheckinDatabase();     // Result: 'storage-unavailable' in a private window
//   const clientFor = (baseUrl) => createCheckinClient(createTransport({ baseUrl, fetch: (r) => fetch(r) }));
//   // ...or, for the built-in demo service: createTransport({ baseUrl, fetch: embeddedFetch })
//   report: syncReporter(appStore)                  // src/state/sync-slice.ts; screens read state.sync
//   const engine = createSyncEngine({ db, clientFor, clock, report, deviceName, defaultBaseUrl });
//   await engine.start();                           // loads joined lists, opens the last one, starts the timer
//   await engine.join(code, { baseUrl })            // slug | web check-in address | QR text -> Result<ListSummary>
//   await engine.open(slug)                         // switch lists (each list's data is separate)
//   await engine.scan(rawText)                      // -> Result<{ verdict, checkin, basis }>; admits (and queues) when the verdict is "admitted"
//   await engine.admit(ticketId)                    // "Check in" from search: the same rules as a scan (door-scan.ts)
//   await engine.admitAnyway(ticketId, seenActive)  // after a caution verdict; a repeated tap records nothing
//   await engine.exitScan(rawText)  engine.exit(id)  // exit mode: ends the ticket's active check-ins (door-exit.ts)
//   await engine.admitOrder(reference, ticketIds)   // "Admit all N" of an order: one outbox write (door-order.ts)
//   engine.searchOrders('anna')  engine.hasOrder(r) // orders by buyer, holder or reference; is `r` an order here
//   await engine.undo(checkinKey)                   // queued: cancelled locally; sent: DELETE by uuid
//   engine.search('zoe')                            // prefix search: [{ ticket, inside }]
//   engine.ticket(id)  engine.ticketsOf(ids)        // one ticket with its check-ins; several tickets
//   await engine.answers(ticketId)                  // its answers to the list's questions
//   engine.stats(otherDevicesLabel)                 // by release, by device, arrivals per quarter hour
//   engine.syncNow()  engine.flush()  engine.tick() // on demand (list + pull + push); push only; one timer cycle
//   engine.setOnline(bool)                          // on network changes (navigator.onLine adapter)
//   await engine.forget(slug, { confirmed })        // refuses with 'unsent-checkins' unless confirmed
//   await engine.exportUnsent(slug)                 // CSV of check-ins the service has not acknowledged
//   await engine.facts(slug)                        // tickets, check-ins and unsent of a list, before forgetting it
//   await engine.unsentByList()                     // lists holding unsent check-ins (the device wipe's guard)
//   await engine.wipeDevice({ confirmed })          // stops for good and deletes the whole database
//   await engine.dismissParked(outboxId)            // drop a parked (refused) check-in and its local row
//   await engine.auditLog()  engine.exportAudit(slug) // what changed at this door (audit-log.ts), and as CSV with the unsent
//   engine.stop()
//
// Status goes out through `report(status: SyncStatus)` (see sync-status.ts) after every change;
// nothing here throws into the screens: expected failures are `{ ok: false, reason }` values.
import type { CheckinClient } from '../api/checkin-client';
import { type Failure, fail, ok, type Result } from '../api/errors';
import { type AuditAction, type AuditEntry, readAudit, recordAudit } from '../db/audit-log';
import { type CheckinDatabase, listRange } from '../db/database';
import { allLists, allSyncStates, eraseDatabase, readList, readSyncState } from '../db/local-copy';
import { readOutbox, recordCheckin, recordCheckins, recordUndo, type UndoOutcome } from '../db/outbox';
import type { CheckinRow, ListRow } from '../db/rows';
import { storageFailure, stored } from '../db/storage';
import { computeDoorStats, type DoorStats } from '../domain/door-stats';
import { cleanReason, type DoorAccess, LOCKED, mayDo, mayUndo, roleAt } from '../domain/door-roles';
import { auditCsv } from './audit-csv';
import { createBackoffGate } from './backoff-gate';
import { type Clock, systemClock } from './clock';
import { newClientId } from './door-lookup';
import { recordDoorExit } from './door-exit';
import { createDoorScan } from './door-scan';
import { findOrders } from './find-orders';
import { countUnsent, DAY_MS, forgetList, type ListFacts, unsentCsv, wipeExpired } from './forget-list';
import { joinList } from './join-list';
import type { ListIndex } from './list-index';
import { loadListIndex } from './open-list';
import { DEFAULT_MARGIN_MS, pullSince } from './pull-since';
import { pushOutbox } from './push-outbox';
import { createPushLock } from './push-lock';
import { recordConflicts } from './reconcile';
import { type AnswerLookup, loadAnswers, type TicketAnswer } from './ticket-answers';
import { initialSyncStatus, type ListSummary, pendingSummary, type SyncStatus } from './sync-status';

export interface SyncEngineOptions {
  db: CheckinDatabase;
  /** The Check-in API at a base address: over `fetch`, or over the in-app mock's `handle`. */
  clientFor: (baseUrl: string) => CheckinClient;
  defaultBaseUrl: string;
  deviceName: () => string;
  report?: (status: SyncStatus) => void;
  clock?: Clock;
  syncIntervalMs?: () => number;
  marginMs?: number;
  batchSize?: number;
  autoWipeAfterMs?: number;
  online?: boolean;
  random?: () => number;
  newId?: () => string;
  /** The supervisor lock as the page knows it; without it every action is open. */
  access?: () => DoorAccess;
}

export type { ScanOutcome } from './door-scan';

const MAX_CORRECTIONS = 50;

export type SyncEngine = ReturnType<typeof createSyncEngine>;

const summary = (l: ListRow): ListSummary => ({
  slug: l.slug,
  title: l.title,
  eventTitle: l.eventTitle,
  expiresAt: l.expiresAt,
  baseUrl: l.baseUrl,
});

const LIST_EVERY = 6;
/** How long a device wipe waits for another tab to let go of the database. */
const ERASE_WAIT_MS = 5_000;
/** One slice of building the search index between scans: the longest a scan waits for it. */
const SEARCH_SLICE_MS = 8;
/** The search index builds ahead only after this long without a scan: a door at rest. Building
 * it allocates a great deal, and the garbage it leaves must not land on a queue of scans. */
const SEARCH_AHEAD_QUIET_MS = 10_000;

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, clientFor, clock = systemClock, marginMs = DEFAULT_MARGIN_MS, random = Math.random } = options;
  const newId = options.newId ?? newClientId;
  const interval = options.syncIntervalMs ?? (() => 10_000);
  let status: SyncStatus = { ...initialSyncStatus, online: options.online ?? true };
  // `complete`: the first download of the list's tickets has finished.
  let active: { list: ListRow; index: ListIndex; complete: boolean } | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const backoff = createBackoffGate(clock, random);
  const withPushLock = createPushLock();
  let answers: Promise<AnswerLookup> | null = null;
  let pulls = 0;
  const access = options.access ?? (() => LOCKED);
  const role = () => roleAt(access(), clock.now());
  /** This device's last admission: door staff may undo it for a short while. */
  // The check-ins of this device's last admission: one scan's, or one "Admit all"'s.
  let lastOwnKeys: ReadonlySet<string> = new Set();
  let auditLost = 0;
  let auditing: Promise<unknown> = Promise.resolve();
  /**
   * Notes an action in the audit log, in order, without holding up the action: a row storage
   * refuses is counted and shown, and the check-in it describes stands.
   */
  const audit = (entry: Omit<AuditEntry, 'at' | 'device' | 'role'>) => {
    const row = { ...entry, at: clock.now(), device: options.deviceName(), role: role() };
    auditing = auditing.then(async () => {
      if (await recordAudit(db, row)) return;
      auditLost += 1;
      publish({ auditLost });
    });
    return auditing;
  };
  const referenceOf = (ticketId: number) => active?.index.ticketById(ticketId)?.reference ?? null;

  const publish = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    options.report?.(status);
  };
  const storageTrouble = (failure: Failure) => {
    if (failure.reason === 'storage-full' || failure.reason === 'storage-unavailable')
      publish({ storage: failure });
  };
  const guarded = async <T>(work: () => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await work();
    } catch (error) {
      const failure = storageFailure(error);
      if (!failure) throw error;
      storageTrouble(failure);
      return failure;
    }
  };

  // Once the whole list is in, its search index builds in idle time, in slices, before the
  // first search needs it (which would otherwise build it all at once).
  const indexingSearch = new WeakSet<ListIndex>();
  let lastScanAt = clock.now();
  const indexSearchAhead = (index: ListIndex) => {
    if (indexingSearch.has(index)) return;
    indexingSearch.add(index);
    const slice = () => {
      if (stopped || active?.index !== index) return void indexingSearch.delete(index);
      const quiet = clock.now() - lastScanAt;
      if (quiet < SEARCH_AHEAD_QUIET_MS) return void clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS - quiet);
      if (!index.indexSearchFor(SEARCH_SLICE_MS)) clock.setTimeout(slice, 0);
    };
    clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS);
  };

  const readCorrections = async (slug: string) =>
    (
      await db.corrections
        .where('[listSlug+at+code]')
        .between(...listRange(slug))
        .reverse()
        .limit(MAX_CORRECTIONS)
        .toArray()
    ).map(({ listSlug: _, ...correction }) => correction);

  async function refresh(): Promise<void> {
    const lists = (await allLists(db)).map(summary);
    if (!active) return publish({ lists, list: null });
    const slug = active.list.slug;
    const states = await allSyncStates(db, slug);
    const pulls = states.filter((s) => s.resource !== 'outbox').map((s) => s.lastSuccessAt ?? 0);
    const conflicts = await db.conflicts
      .where('[listSlug+ticketId]')
      .between([slug, 0], [slug, Number.MAX_SAFE_INTEGER])
      .toArray();
    publish({
      lists,
      list: summary(active.list),
      ...pendingSummary(await readOutbox(db, slug)),
      lastPullAt: pulls.length ? Math.min(...pulls) || null : null,
      conflicts,
      corrections: await readCorrections(slug),
      counts: active.index.counts(),
    });
  }

  const floorOf = async (slug: string) => {
    const cursors = await Promise.all(
      (['tickets', 'checkins', 'answers'] as const).map(
        async (r) => (await readSyncState(db, slug, r)).cursor ?? 0,
      ),
    );
    const max = Math.max(...cursors);
    return max > 0 ? max + marginMs : 0;
  };

  async function push(list: ListRow, onDemand: boolean) {
    if (!backoff.allows(`push:${list.slug}`, onDemand)) return;
    const index = active?.list.slug === list.slug ? active.index : undefined;
    const floor = await floorOf(list.slug);
    publish({ phase: 'pushing' });
    const result = await guarded(() =>
      withPushLock(list.slug, () =>
        pushOutbox(db, clientFor(list.baseUrl), {
          listSlug: list.slug,
          floor,
          marginMs,
          batchSize: options.batchSize,
          index,
        }),
      ),
    );
    backoff.note(`push:${list.slug}`, result);
    // A double admission recorded while this device's own check-in was pending names it without
    // its uuid: record them again now that the service has answered for it, or a lost answer
    // was settled by recovery (its pulled copy then stops counting as another door's).
    if (index && result.ok && result.value.sent + result.value.recovered > 0)
      await guarded(async () => ok(await recordConflicts(db, list.slug, index, clock.now())));
    if (index) {
      const { outbox: _, ...errors } = status.errors;
      publish(
        result.ok
          ? { errors, lastPushAt: clock.now(), reachable: true }
          : { errors: { ...errors, outbox: result } },
      );
    }
  }

  async function pull(onDemand: boolean) {
    if (!active || !backoff.allows('pull', onDemand)) return;
    const { list, index } = active;
    const first = (await readSyncState(db, list.slug, 'tickets')).cursor === null;
    publish({ phase: first ? 'downloading' : 'pulling' });
    const result = await guarded(() =>
      pullSince(db, clientFor(list.baseUrl), {
        listSlug: list.slug,
        now: clock.now(),
        // The list itself (details, page counts) on demand and every sixth pull: it costs the
        // service far more than a `since` page.
        withList: onDemand || pulls++ % LIST_EVERY === 0,
        marginMs,
        index,
        onProgress: (done, total) => publish({ download: { done, total } }),
      }),
    );
    backoff.note('pull', result.ok && Object.keys(result.value.errors).length ? fail('server') : result);
    if (active?.list.slug !== list.slug) return;
    if (!result.ok)
      return publish({
        errors: { outbox: status.errors.outbox, list: result },
        reachable: result.reason !== 'network',
      });
    if (result.value.answersChanged) answers = null;
    const fresh = await readList(db, list.slug);
    const complete = (await readSyncState(db, list.slug, 'tickets')).cursor !== null;
    if (fresh) active = { list: fresh, index, complete };
    if (complete) indexSearchAhead(index);
    await guarded(async () => ok(await recordConflicts(db, list.slug, index, clock.now())));
    publish({
      download: null,
      complete,
      reachable: true,
      errors: { outbox: status.errors.outbox, ...result.value.errors },
    });
  }

  async function cycle(onDemand: boolean) {
    if (!status.online || stopped) return;
    const lists = await allLists(db);
    const wiped = await guarded(async () =>
      ok(await wipeExpired(db, lists, clock.now(), options.autoWipeAfterMs ?? DAY_MS)),
    );
    if (wiped.ok && wiped.value.length) {
      if (active && wiped.value.includes(active.list.slug)) active = null;
      return;
    }
    // The open list first: its outbox, then its pull. Other lists only send what they owe.
    if (active) await push(active.list, onDemand);
    await pull(onDemand);
    if (active && (await readOutbox(db, active.list.slug)).some((r) => r.state === 'queued'))
      await push(active.list, onDemand);
    for (const list of lists) {
      if (list.slug === active?.list.slug) continue;
      if ((await readOutbox(db, list.slug)).length) await push(list, onDemand);
    }
  }

  /** Runs one sync cycle; a request while one runs is folded into a single follow-up. */
  function sync(onDemand = false): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await cycle(onDemand);
        } catch (error) {
          const failure = storageFailure(error);
          if (!failure) throw error;
          storageTrouble(failure);
        }
      } while (again && !stopped);
      await refresh().catch(() => undefined);
      publish({ phase: 'idle' });
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    if (stopped) return;
    timer = clock.setTimeout(() => {
      timer = null;
      void sync().finally(schedule);
    }, interval());
  }

  async function open(slug: string): Promise<Result<ListSummary>> {
    const list = await readList(db, slug);
    if (!list) return fail('no-list');
    publish({ phase: 'loading' });
    const index = await loadListIndex(db, slug);
    const complete = (await readSyncState(db, slug, 'tickets')).cursor !== null;
    active = { list, index, complete };
    if (complete) indexSearchAhead(index);
    answers = null;
    backoff.clear('pull');
    publish({ errors: {}, download: null, conflicts: [], corrections: [], complete });
    await refresh();
    publish({ phase: 'idle' });
    return ok(summary(list));
  }

  let sendScheduled = false;
  function sendSoon() {
    if (sendScheduled) return;
    sendScheduled = true;
    clock.setTimeout(() => {
      sendScheduled = false;
      const list = active?.list;
      if (!list || stopped || !status.online) return;
      // A cycle under way may be past its push: send once it is done.
      if (running) return void running.then(sendSoon, sendSoon);
      // Idle again after it, unless a cycle began meanwhile (that one ends idle itself).
      void push(list, false)
        .then(refresh)
        .then(() => {
          if (!running) publish({ phase: 'idle' });
        })
        .catch(() => undefined);
    }, 0);
  }

  async function record(
    ticketId: number,
    how: { action: AuditAction; reason?: string } = { action: 'admit' },
  ): Promise<Result<CheckinRow>> {
    if (!active) return fail('no-list');
    const { list, index } = active;
    const input = {
      listSlug: list.slug,
      ticketId,
      deviceName: options.deviceName(),
      now: clock.now(),
      clientId: newId(),
    };
    const row = await stored(() => recordCheckin(db, input));
    if (!row.ok) {
      storageTrouble(row);
      return row;
    }
    index.putCheckins([row.value]);
    lastOwnKeys = new Set([row.value.key]);
    void audit({ listSlug: list.slug, ticketId, ticketReference: referenceOf(ticketId), ...how });
    publish({
      pending: status.pending + 1,
      oldestPendingAt: status.oldestPendingAt ?? input.now,
      counts: index.counts(),
    });
    // Right after a scan, while online: send it now. Only the outbox: a whole cycle (a pull
    // too) per scan would keep the worker busy while the queue at the door moves on.
    if (status.online) sendSoon();
    return row;
  }

  async function recordExit(ticketId: number): Promise<Result<CheckinRow[]>> {
    if (!active) return fail('no-list');
    const { list, index } = active;
    const ended = await recordDoorExit({
      db,
      list,
      index,
      ticketId,
      now: clock.now(),
      deviceName: options.deviceName(),
      newId,
    });
    if (!ended.ok) {
      storageTrouble(ended);
      return ended;
    }
    if (ended.value.length > 0)
      void audit({ listSlug: list.slug, ticketId, ticketReference: referenceOf(ticketId), action: 'exit' });
    await refresh();
    if (status.online) sendSoon();
    return ended;
  }

  async function recordAll(ticketIds: readonly number[]): Promise<Result<CheckinRow[]>> {
    if (!active) return fail('no-list');
    const { list, index } = active;
    const deviceName = options.deviceName();
    const now = clock.now();
    const inputs = ticketIds.map((ticketId) => ({
      listSlug: list.slug,
      ticketId,
      deviceName,
      now,
      clientId: newId(),
    }));
    const rows = await stored(() => recordCheckins(db, inputs));
    if (!rows.ok) {
      storageTrouble(rows);
      return rows;
    }
    index.putCheckins(rows.value);
    lastOwnKeys = new Set(rows.value.map((row) => row.key));
    for (const row of rows.value)
      void audit({
        listSlug: list.slug,
        ticketId: row.ticketId,
        ticketReference: referenceOf(row.ticketId),
        action: 'admit-all',
      });
    publish({
      pending: status.pending + rows.value.length,
      oldestPendingAt: status.oldestPendingAt ?? now,
      counts: index.counts(),
    });
    if (status.online) sendSoon();
    return rows;
  }

  const door = createDoorScan({
    db,
    clock,
    clientFor,
    active: () => active,
    online: () => status.online,
    lastPullAt: () => status.lastPullAt,
    record,
    recordExit,
    recordAll,
    async syncNow() {
      await sync(true);
      return status.reachable && !status.errors.list && !status.errors.tickets;
    },
    async noteCorrection(correction) {
      if (!active) return;
      const listSlug = active.list.slug;
      await guarded(async () => ok(await db.corrections.put({ ...correction, listSlug })));
      publish({ corrections: await readCorrections(listSlug) });
    },
    noteStorageTrouble: storageTrouble,
  });
  async function facts(slug: string): Promise<ListFacts | null> {
    const list = await readList(db, slug);
    if (!list) return null;
    const index = active?.list.slug === slug ? active.index : await loadListIndex(db, slug);
    const { tickets, checkedIn } = index.counts();
    const unsent = countUnsent(await readOutbox(db, slug));
    return { slug, title: list.title, tickets, checkins: checkedIn, ...unsent };
  }

  return {
    status: () => status,
    async start(): Promise<void> {
      stopped = false;
      const lists = await stored(() => allLists(db));
      if (!lists.ok) return storageTrouble(lists);
      const last = [...lists.value].sort((a, b) => b.joinedAt - a.joinedAt)[0];
      if (last && !active) await open(last.slug);
      void sync();
      schedule();
    },
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      return running ?? Promise.resolve();
    },
    async join(code: string, { baseUrl }: { baseUrl?: string | null } = {}): Promise<Result<ListSummary>> {
      publish({ phase: 'joining' });
      const joined = await guarded(() =>
        joinList(db, clientFor, { code, baseUrl, defaultBaseUrl: options.defaultBaseUrl, now: clock.now() }),
      );
      if (!joined.ok) {
        publish({ phase: 'idle' });
        return joined;
      }
      const opened = await open(joined.value.slug);
      void sync(true);
      return opened;
    },
    open,
    lists: () => status.lists,
    scan(...args: Parameters<typeof door.scan>) {
      lastScanAt = clock.now();
      return door.scan(...args);
    },
    admit: door.admit,
    /** Supervisors only, once a supervisor PIN is set; the reason goes into the audit log. */
    async admitAnyway(ticketId: number, seenActive: number, reason = ''): Promise<Result<CheckinRow>> {
      if (!mayDo(role(), 'admit-anyway')) return fail('supervisor-only');
      return door.admitAnyway(ticketId, seenActive, reason);
    },
    exitScan(...args: Parameters<typeof door.exitScan>) {
      lastScanAt = clock.now();
      return door.exitScan(...args);
    },
    exit: door.exit,
    admitOrder: door.admitOrder,
    /** Orders of two or more tickets found by their buyer, a holder or a reference. */
    searchOrders(query: string, limit?: number) {
      return active ? findOrders(active.index, query, limit) : [];
    },
    /** Whether the open list holds tickets of this registration reference. */
    hasOrder: (reference: string) => (active?.index.ticketsOfOrder(reference).length ?? 0) > 0,
    /** Door staff: their own last admission, for a short while (door-roles.ts); supervisors: any. */
    async undo(checkinKey: string, reason = ''): Promise<Result<UndoOutcome>> {
      if (!active) return fail('no-list');
      const { list, index } = active;
      const target = (await db.checkins.get([list.slug, checkinKey])) ?? index.checkinByKey(checkinKey);
      if (
        target &&
        !mayUndo(
          role(),
          { key: checkinKey, createdAt: target.createdAt, mine: target.clientId !== null },
          lastOwnKeys,
          clock.now(),
        )
      )
        return fail('supervisor-only');
      const input = { now: clock.now(), deviceName: options.deviceName(), clientId: newId() };
      const outcome = await stored(() => recordUndo(db, list.slug, checkinKey, input, target));
      if (!outcome.ok) {
        storageTrouble(outcome);
        return outcome;
      }
      const row = await db.checkins.get([list.slug, checkinKey]);
      if (row) index.putCheckins([row]);
      else index.removeCheckins([checkinKey]);
      if (target && outcome.value !== 'not-found')
        void audit({
          listSlug: list.slug,
          action: 'undo',
          ticketId: target.ticketId,
          ticketReference: referenceOf(target.ticketId),
          reason: cleanReason(reason) || null,
        });
      await refresh();
      if (status.online) void sync();
      return outcome;
    },
    /** Search results with whether each ticket is inside (one call for a results screen). */
    search(query: string, limit?: number) {
      const index = active?.index;
      return (index?.search(query, limit) ?? []).map((ticket) => ({
        ticket,
        inside: index!.checkinsOf(ticket.id).some((c) => c.deletedAt === null),
      }));
    },
    /** The tickets of these ids that the open list holds. */
    ticketsOf(ids: readonly number[]) {
      const index = active?.index;
      return ids.flatMap((id) => {
        const ticket = index?.ticketById(id);
        return ticket ? [ticket] : [];
      });
    },
    ticket(id: number) {
      const ticket = active?.index.ticketById(id);
      return ticket ? { ticket, checkins: active!.index.checkinsOf(id) } : null;
    },
    /** The open list's figures: by release, by device, arrivals per quarter hour. */
    stats(otherDevicesLabel: string): DoorStats | null {
      if (!active) return null;
      const { tickets, checkins } = active.index.everything();
      return computeDoorStats(tickets, checkins, otherDevicesLabel);
    },
    /** The ticket's answers to the list's questions (read from the local copy on first use). */
    async answers(ticketId: number): Promise<TicketAnswer[]> {
      if (!active) return [];
      answers ??= loadAnswers(db, active.list.slug);
      return (await answers)(ticketId);
    },
    syncNow: () => sync(true),
    /** One scheduled cycle now, as the timer runs it (backoff honoured, list every sixth pull). */
    tick: () => sync(false),
    /** Sends the open list's outbox now, without pulling. */
    async flush(): Promise<void> {
      if (active && status.online) await push(active.list, true);
      await refresh();
      publish({ phase: 'idle' });
    },
    setOnline(online: boolean) {
      publish({ online });
      if (online) void sync(true);
    },
    facts,
    async forget(slug: string, { confirmed = false } = {}): Promise<Result<ListFacts>> {
      if (!mayDo(role(), 'forget-list')) return fail('supervisor-only');
      const before = await facts(slug);
      if (!before) return fail('no-list');
      // Rows still being written would land after the wipe and outlive the list.
      await auditing;
      const result = await forgetList(db, slug, { confirmed });
      if (!result.ok) {
        storageTrouble(result);
        return result;
      }
      // The list's own audit rows went with it (they name its attendees); this one names none.
      void audit({
        listSlug: '',
        action: 'forget-list',
        ticketId: null,
        reason: `${before.title}: ${before.tickets} tickets, ${before.checkins} checked in, ${before.unsent} unsent check-ins, ${before.unsentEnds} unsent exits or undos`,
      });
      if (active?.list.slug === slug) active = null;
      await refresh();
      return ok(before);
    },
    async unsentByList(): Promise<ListFacts[]> {
      const lists = await allLists(db);
      const out: ListFacts[] = [];
      for (const list of lists) {
        const unsent = countUnsent(await readOutbox(db, list.slug));
        if (unsent.unsent + unsent.unsentEnds > 0)
          out.push({ slug: list.slug, title: list.title, tickets: 0, checkins: 0, ...unsent });
      }
      return out;
    },
    /**
     * "Forget this device's data": refuses while check-ins are unsent unless confirmed, then
     * stops for good, empties and deletes the database (see eraseDatabase); the page reloads
     * to start afresh.
     */
    async wipeDevice({
      confirmed = false,
    } = {}): Promise<Result<{ lists: number; databaseDeleted: boolean }>> {
      const lists = await stored(() => allLists(db));
      if (!lists.ok) return lists;
      for (const list of lists.value)
        if (!confirmed && (await readOutbox(db, list.slug)).length > 0) return fail('unsent-checkins');
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      await auditing;
      active = null;
      answers = null;
      const giveUp = new Promise<void>((resolve) => clock.setTimeout(resolve, ERASE_WAIT_MS));
      const erased = await stored(() => eraseDatabase(db, giveUp));
      if (!erased.ok) return erased;
      status = { ...initialSyncStatus, online: status.online };
      options.report?.(status);
      return ok({ lists: lists.value.length, databaseDeleted: erased.value });
    },
    async exportUnsent(slug: string): Promise<string> {
      const rows = await readOutbox(db, slug);
      const index = active?.list.slug === slug ? active.index : await loadListIndex(db, slug);
      return unsentCsv(rows, (id) => index.ticketById(id));
    },
    async dismissParked(outboxId: string): Promise<void> {
      const row = await db.outbox.where('id').equals(outboxId).first();
      if (row?.state !== 'parked') return;
      await db.transaction('rw', db.outbox, db.checkins, async () => {
        await db.outbox.delete(row.seq!);
        if (row.kind === 'checkin') await db.checkins.delete([row.listSlug, row.checkinKey]);
      });
      if (active?.list.slug === row.listSlug && row.kind === 'checkin')
        active.index.removeCheckins([row.checkinKey]);
      void audit({
        listSlug: row.listSlug,
        action: 'problem-dismissed',
        ticketId: row.ticketId,
        ticketReference: referenceOf(row.ticketId),
        reason: row.parkedReason?.detail ?? row.parkedReason?.reason ?? null,
      });
      await refresh();
    },
    /** The open list's audit rows and the device's, newest first, with the tickets they name. */
    async auditLog(limit = 500) {
      await auditing;
      const rows = await stored(() => readAudit(db, active?.list.slug ?? '', limit));
      if (!rows.ok) return rows;
      return ok(
        rows.value.map((row) => ({
          row,
          ticket: row.ticketId === null ? null : (active?.index.ticketById(row.ticketId) ?? null),
        })),
      );
    },
    /** The list's audit log and its unsent check-ins and undos, as one CSV. */
    async exportAudit(slug: string): Promise<string> {
      await auditing;
      const rows = await readAudit(db, slug);
      const unsent = await readOutbox(db, slug);
      const index = active?.list.slug === slug ? active.index : await loadListIndex(db, slug);
      return auditCsv(rows, unsent, (id) => index.ticketById(id));
    },
    /** Waits for the audit rows noted so far to be written (or counted as lost). */
    auditWritten: () => auditing.then(() => undefined),
  };
}
