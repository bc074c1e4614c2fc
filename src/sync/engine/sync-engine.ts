// The door device's sync engine: the one object the door screens drive. In the app it runs in
// a worker (engine-main.ts) and the screens call it through a proxy, every call async.
//
//   const opened = await openCheckinDatabase();     // Result: 'storage-unavailable' in a private window
//   const clientFor = (baseUrl) => createCheckinClient(createTransport({ baseUrl, fetch: (r) => fetch(r) }));
//   // ...or, for the built-in demo service: createTransport({ baseUrl, fetch: embeddedFetch })
//   report: syncReporter(appStore)                  // src/state/sync-slice.ts; screens read state.sync
//   const engine = createSyncEngine({ db, clientFor, clock, report, deviceName, defaultBaseUrl });
//   await engine.start();                           // loads joined lists, opens the last one, starts the timer
//   await engine.join(code, { baseUrl })            // slug | web check-in address | QR text -> Result<ListSummary>
//   await engine.joinByCode(code, serverUrl, name)  // a door kit's join code, spent at the app's server (sync/fleet/)
//   await engine.open(slug)                         // switch lists (each list's data is separate)
//   await engine.scan(rawText)                      // -> Result<{ verdict, checkin, basis }>; admits (and queues) when the verdict is "admitted"
//   await engine.admit(ticketId)                    // "Check in" from search: the same rules as a scan (door-scan.ts)
//   await engine.admitAnyway(ticketId, seenActive)  // after a caution verdict; a repeated tap, or another door's check-in meanwhile, records nothing
//   await engine.exitScan(rawText)  engine.exit(id)  // exit mode: ends the ticket's active check-ins (door-exit.ts)
//   await engine.admitOrder(reference, ticketIds)   // "Admit all N" of an order: one outbox write (door-order.ts)
//   await engine.typed(text, mode)                  // the scan field: a code is judged, anything else -> { search }
//   engine.find('niamh ito')                        // a results screen: { tickets, orders }, best first, each with how it matched
//   engine.searchOrders('anna')  engine.hasOrder(r) // orders by reference, buyer or holder, with why; is `r` an order here
//   await engine.undo(checkinKey)                   // queued: cancelled locally; sent: DELETE by uuid
//   await engine.undoAll(keys)                      // "Undo these N": one transaction, one result a key
//   engine.search('zoe')                            // the tickets alone: [{ ticket, match, order, inside }]
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
//   await engine.badgesFor(ticketIds)               // what to print on the badges of tickets inside; each print audited
//   await engine.auditLog()  engine.exportAudit(slug) // what changed at this door (audit-log.ts), and as CSV with the unsent
//   await engine.dismissFarewell(deviceId)          // staff read why a revoked list went
//   engine.dismissForgottenElsewhere()              // staff read that another tab forgot the open list
//   engine.stop()
//
// Status goes out through `report(status: SyncStatus)` (see sync-status.ts) after every change;
// nothing here throws into the screens: expected failures are `{ ok: false, reason }` values.
//
// This file only wires the engine's rooms together: the open list's state and status
// (open-list-state.ts), the sync loop (sync-loop.ts), the door's writes and their audit rows
// (door-writes.ts), the scan's decisions (door-scan.ts), reads of the open list
// (list-reads.ts), list and device care (list-care.ts), which list is open (list-choice.ts),
// the relay in front of the service (relay-learning.ts, relay-fallback.ts), and the door as one
// of the fleet (its reports, its verdicts counted, its revocation: sync/fleet/). Writes never
// call the loop: they say "the outbox changed" (outbox-signal.ts) and the loop reacts.
import type { CheckinClient } from '../../api/checkin-client';
import type { DoorsClient } from '../../api/doors-client';
import { fail, type Result } from '../../domain/result';
import type { Verdict } from '../../domain/verdict';
import type { CheckinDatabase } from '../../db/database';
import type { ListRow } from '../../db/rows';
import { type DoorAccess, LOCKED, mayDo, roleAt } from '../../domain/door-roles';
import { createAuditTrail } from '../audit/audit-trail';
import { createBadgeTrail } from '../audit/badge-trail';
import { type Clock, systemClock } from '../clock';
import { newClientId } from '../scan/door-lookup';
import { createDoorScan } from '../scan/door-scan';
import { createDoorWrites } from '../writes/door-writes';
import type { ForgottenLists } from '../lists/forgotten-elsewhere';
import { createListCare } from '../lists/list-care';
import { createListReads } from '../open-list/list-reads';
import type { fillListIndex } from '../open-list/open-list';
import { createOpenListState } from '../open-list/open-list-state';
import { createOutboxSignal } from '../outbox/outbox-signal';
import { createRelayFallback } from '../relay/relay-fallback';
import { createRelayLearning } from '../relay/relay-learning';
import { DEFAULT_MARGIN_MS } from '../pull/pulled-pages';
import { createSyncLoop } from '../loop/sync-loop';
import type { SyncStatus } from '../status/sync-status';
import { createServiceClockWatch } from '../status/service-clock';
import type { WarmCodes } from '../open-list/warm-start';
import type { DeviceFacts } from '../fleet/door-report';
import { createFleetDoor } from '../fleet/fleet-door';
import { createDoorSeal } from '../seal/door-seal';
import { createListChoice } from './list-choice';

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
  /** How the open list's index is filled from storage (open-list.ts); tests hold it midway. */
  fillIndex?: typeof fillListIndex;
  /** The last list's codes, read as the worker started (warm-start.ts). */
  warm?: Promise<WarmCodes | null>;
  /** The fleet's endpoints of an app's server (an origin): joining by code, reports. */
  doorsFor?: (serverUrl: string) => DoorsClient;
  /** This app's version, as its reports give it. */
  appVersion?: string;
  /** What only the page can tell a report (battery, storage, a waiting update, readiness). */
  deviceFacts?: () => Promise<DeviceFacts>;
  /** Lists forgotten, said to and heard from the app's other tabs (forgotten-elsewhere.ts). */
  forgottenLists?: ForgottenLists;
}

import type { ScanOutcome } from '../scan/scan-outcome';
export type { ScanOutcome };

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(options: SyncEngineOptions) {
  const { db, clientFor, clock = systemClock } = options;
  const access = options.access ?? (() => LOCKED);
  const role = () => roleAt(access(), clock.now());
  const fallback = createRelayFallback({
    clientFor,
    clock,
    onChange: (baseUrl) => {
      const open = state.active()?.list;
      if (open?.baseUrl === baseUrl) state.board.publish({ route: fallback.routeOf(open) });
    },
  });
  // A door of the fleet's list hears "revoked" in any answer, and the door acts on it at once.
  const listClient = (list: ListRow) => fleet.watch(list, fallback.clientFor(list));
  const state = createOpenListState({
    db,
    clock,
    report: options.report,
    online: options.online ?? true,
    routeOf: fallback.routeOf,
    fill: options.fillIndex,
    warm: options.warm,
  });
  // Lists joined through a relay reach the service behind it while the relay is down.
  const relayLearning = createRelayLearning(db, state);
  const serviceClock = createServiceClockWatch(
    clock,
    state.board.publish,
    () => state.board.status().clockOffsetMs,
  );
  const outbox = createOutboxSignal();
  const loop = createSyncLoop({
    db,
    state,
    outbox,
    clientFor,
    listClient,
    answeredDirectly: (list) => fallback.directAnswersOf(list),
    clock,
    random: options.random ?? Math.random,
    interval: options.syncIntervalMs ?? (() => 10_000),
    marginMs: options.marginMs ?? DEFAULT_MARGIN_MS,
    batchSize: options.batchSize,
    autoWipeAfterMs: options.autoWipeAfterMs,
    beforePush: (list) => fleet.beforePush(list),
    afterRun: () => fleet.afterRun(),
  });
  const audit = createAuditTrail({
    db,
    clock,
    deviceName: options.deviceName,
    role,
    onLost: (auditLost) => state.board.publish({ auditLost }),
  });
  const writes = createDoorWrites({
    db,
    state,
    audit,
    outbox,
    clock,
    deviceName: options.deviceName,
    newId: options.newId ?? newClientId,
    role,
  });
  const badges = createBadgeTrail({ db, state, audit });
  const door = createDoorScan({
    db,
    clock,
    clientFor,
    listClient,
    active: state.active,
    opening: state.opening,
    loaded: state.loaded,
    pauseLoad: state.bulk.pauseLoad,
    online: () => state.board.status().online,
    lastPullAt: () => state.board.status().lastPullAt,
    writes,
    loop,
    noteCorrection: state.noteCorrection,
    noteStorageTrouble: state.board.storageTrouble,
  });
  const care = createListCare({
    db,
    state,
    loop,
    audit,
    clientFor,
    clock,
    defaultBaseUrl: options.defaultBaseUrl,
    directFor: relayLearning.directFor,
    role,
    sealed: () => seal.ready(),
    forgotten: options.forgottenLists,
  });
  // A read that fails here (storage gone) shows at the next step of the engine that needs it.
  options.forgottenLists?.listen((slug) => void care.forgottenElsewhere(slug).catch(() => undefined));
  const fleet = createFleetDoor({
    db,
    state,
    loop,
    audit,
    clock,
    clientFor,
    listClient,
    doorsFor: options.doorsFor,
    deviceName: options.deviceName,
    appVersion: options.appVersion,
    deviceFacts: options.deviceFacts,
  });
  /** A verdict's outcome with its ticket's answers when they are at hand (scan-outcome.ts). */
  const withAnswers = <T extends Result<unknown>>(result: T, verdict: Verdict | null): T => {
    const lookup = state.answersAtHand();
    if (!result.ok || !lookup || !verdict || !('ticket' in verdict)) return result;
    return { ...result, value: { ...(result.value as ScanOutcome), answers: lookup(verdict.ticket.id) } };
  };
  /**
   * A decision's answer, its verdict counted for the fleet once it is out (never before), and
   * with its ticket's answers: the screen draws them with the verdict rather than asking again.
   */
  const counted = async <T extends Result<unknown>>(
    answer: Promise<T>,
    verdictOf: (value: T) => Verdict | null,
  ) => {
    const result = await answer;
    const verdict = result.ok ? verdictOf(result) : null;
    fleet.counted(verdict);
    return withAnswers(result, verdict);
  };

  const seal = createDoorSeal({
    db,
    clock,
    publish: state.board.publish,
    storageTrouble: state.board.storageTrouble,
  });
  const choice = createListChoice({
    db,
    state,
    seal,
    care,
    fleet,
    loop,
    deviceName: options.deviceName,
  });

  return {
    status: state.board.status,
    /**
     * Loads joined lists, opens the last one joined, starts the timer and a first cycle. With
     * `background` (the app's restart), it answers once the list's summary is out: the list
     * loads after, its first scans read by key, and the first cycle waits for it. A door still
     * locked (or with a copy kept before sealing, until its passcode is chosen) lists its lists
     * and sends their outboxes, and opens the last list only once unlocked.
     */
    async start(options: { background?: boolean } = {}): Promise<void> {
      state.setStopped(false);
      await seal.told();
      if (db.seal.current()) {
        if ((await seal.ready()).ok) await choice.openLast(false, options);
      } else {
        seal.whenReady(async () => {
          if (!state.stopped())
            await choice.openLast(false, options).catch(state.board.storageTroubleOrThrow);
        });
        // Listed meanwhile, so the screens can say which lists wait for the passcode.
        await state.refresh().catch(state.board.storageTroubleOrThrow);
      }
      await fleet.start();
      loop.start();
    },
    /** Settles once the open list is whole in memory (at once when it is, or none is open). */
    loaded: state.loaded,
    stop() {
      fleet.stop();
      return loop.stop();
    },
    learnRelay: relayLearning.learnRelay,
    choosePasscode: seal.choosePasscode,
    unlock: seal.unlock,
    join: choice.join,
    joinByCode: choice.joinByCode,
    /** A report of the open list to its server now, when it is a door of the fleet (skipped offline). */
    report: fleet.report,
    async dismissFarewell(deviceId: string): Promise<void> {
      await fleet.dismissFarewell(deviceId);
    },
    /** Staff have read that another tab forgot the list open here. */
    dismissForgottenElsewhere(): void {
      state.board.publish({ forgottenElsewhere: null });
    },
    open: choice.open,
    lists: () => state.board.status().lists,
    scan(...args: Parameters<typeof door.scan>) {
      state.noteScan();
      return counted(door.scan(...args), (r) => (r.ok ? r.value.verdict : null));
    },
    admit: (ticketId: number) => counted(door.admit(ticketId), (r) => (r.ok ? r.value.verdict : null)),
    /** Supervisors only, once a supervisor PIN is set; the reason goes into the audit log. */
    async admitAnyway(ticketId: number, seenActive: number, reason = ''): Promise<Result<ScanOutcome>> {
      if (!mayDo(role(), 'admit-anyway')) return fail('supervisor-only');
      const before = clock.now();
      const admitted = await door.admitAnyway(ticketId, seenActive, reason);
      // A second tap answers with the check-in the first one made: only a new one counts.
      const checkin = admitted.ok ? admitted.value.checkin : null;
      if (checkin && checkin.createdAt >= before) fleet.admitted();
      return admitted;
    },
    exitScan(...args: Parameters<typeof door.exitScan>) {
      state.noteScan();
      return counted(door.exitScan(...args), (r) => (r.ok ? r.value.verdict : null));
    },
    exit: door.exit,
    typed(...args: Parameters<typeof door.typed>) {
      state.noteScan();
      return counted(door.typed(...args), (r) => (r.ok && 'verdict' in r.value ? r.value.verdict : null));
    },
    /** The rest of a ticket's order, for a verdict that went out without it (order-later.ts). */
    orderAround: door.orderAround,
    admitOrder: (...args: Parameters<typeof door.admitOrder>) =>
      counted(door.admitOrder(...args), (r) => (r.ok ? r.value.verdict : null)),
    undo: writes.undo,
    undoAll: writes.undoAll,
    dismissParked: writes.dismissParked,
    badgesFor: badges.badgesFor,
    ...createListReads(state),
    syncNow: loop.syncNow,
    tick: loop.tick,
    retime: loop.retime,
    flush: loop.flush,
    setOnline(online: boolean) {
      // Back online, a door of the fleet asks before it sends (revocation.ts, beforePush).
      if (!online) fleet.offline(state.board.status().lists);
      loop.setOnline(online);
    },
    facts: care.facts,
    forget: care.forget,
    unsentByList: care.unsentByList,
    wipeDevice: care.wipeDevice,
    exportUnsent: care.exportUnsent,
    auditLog: care.auditLog,
    exportAudit: care.exportAudit,
    auditWritten: care.auditWritten,
    /** An answer of a service came with its clock (the transport's `onServerTime`). */
    serviceClockSeen: serviceClock.seen,
  };
}
