// One scan, or one tap on "Check in", from code to verdict. Guarantees:
// - every decision takes the door's one queue (scan-queue.ts) whole, online confirmation
//   included: two reads of one ticket, or two taps, can never both admit, and exits (exit mode,
//   "Record exit", judged in exit-scan.ts) take the same queue, so they can never make two exits
//   either;
// - a code is parsed once, here: what staff type is judged as a code, or handed back as a search;
// - online, a refusal is confirmed with the service first (refusal-check.ts), and while the
//   first download runs a code missing from the copy is never refused;
// - while the open list loads after a restart, a ticket's code is judged from a keyed read
//   (keyed-lookup.ts) by the same rules; anything else waits for the list to be loaded;
// - a door that knows the organiser revoked it judges every code "device revoked" at once,
//   before any lookup, and its writes refuse besides (door-writes.ts);
// - a refusal that stands on the ticket's check-ins (already in, not inside) is checked against
//   the database first, and judged again once when another tab changed them (refusal-on-stored.ts);
// - an admission whose ticket's check-ins changed between its verdict and its write (another
//   tab of the app over the same database, or a pull) is not recorded, and the ticket is judged
//   again on what the database then holds (judge-again.ts): two tabs never both admit.
import type { CheckinClient } from '../../api/checkin-client';
import { admitAnyway } from './admit-anyway';
import { againIfChanged } from './judge-again';
import { judgedOnStored } from './refusal-on-stored';
import { learnStored } from '../writes/learn-stored';
import { type Failure, fail, ok, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import type { CheckinRow, ListRow } from '../../db/rows';
import { parseScannedCode, type ScannedCode } from '../../domain/scan-code';
import { type DoorCheckin, isTicketRefusal, judgeScan, stopsTheLane } from '../../domain/verdict';
import type { Clock } from '../clock';
import type { CopyCorrection, ScanBasis } from './confirm-online';
import { ticketFor } from './door-lookup';
import { createExitScan } from './exit-scan';
import { admitOrder, type OrderAdmission, orderOf, restOfOrder } from './door-order';
import type { DoorWrites } from '../writes/door-writes';
import { type KeyedScan, loadingReads } from './keyed-lookup';
import { createOrderLater } from './order-later';
import { orderReferenceOf } from '../../domain/order';
import type { ActiveList, OpeningList } from '../open-list/open-list-phase';
import { caughtUpBasis, confirmRefusal, type RefusalCheckDeps, stillDownloading } from './refusal-check';
import { createScanQueue, type LaneRead } from './scan-queue';
import type { ScanOutcome } from './scan-outcome';
import type { SyncLoop } from '../loop/sync-loop';

export type { ScanOutcome };

export interface DoorScanDeps {
  db: CheckinDatabase;
  clock: Clock;
  clientFor: (baseUrl: string) => CheckinClient;
  /** A list's client: through its relay, or the service behind it (relay-fallback.ts). */
  listClient?: (list: ListRow) => CheckinClient;
  active: () => ActiveList | null;
  /** The list loading in the background after a restart, if any. */
  opening?: () => OpeningList | null;
  /** Settles once no list is loading. */
  loaded?: () => Promise<void>;
  /** Holds a loading list's load while a scan is judged by key; returns its release. */
  pauseLoad?: () => () => void;
  online: () => boolean;
  lastPullAt: () => number | null;
  /** Where decided admissions and exits are recorded, with their audit rows (door-writes.ts). */
  writes: Pick<DoorWrites, 'checkIn' | 'checkInAll' | 'checkOut'>;
  /**
   * The sync loop, for bringing the copy up to date before a refusal: resolves true when the
   * copy then stands as the service's. A decision never starts a sync cycle of its own.
   */
  loop: Pick<SyncLoop, 'catchUp'>;
  noteCorrection: (correction: CopyCorrection) => Promise<void>;
  noteStorageTrouble: (failure: Failure) => void;
}

/** One judgement from the copy, by code or (from search and buttons) by ticket id. */
type Judge = (code: ScannedCode, basis: ScanBasis, byId?: number) => Promise<Result<ScanOutcome>>;

export function createDoorScan(deps: DoorScanDeps) {
  const { clock } = deps;
  const listClient = deps.listClient ?? ((list: ListRow) => deps.clientFor(list.baseUrl));
  const queue = createScanQueue();
  const outcomeStops = (outcome: ScanOutcome) => stopsTheLane(outcome.verdict);
  /** The open list once loaded: what needs more than one ticket's rows waits for it. */
  const settled = async () => {
    if (!deps.active()) await deps.loaded?.();
    return deps.active();
  };
  const refusals: RefusalCheckDeps = {
    ...deps,
    listClient,
    settled,
    catchUp: () => deps.loop.catchUp(),
  };

  const readIntoLoading = loadingReads(deps.db, () => deps.opening?.() ?? null);

  /**
   * The list to judge against: the loaded one, or while it loads, the loading one with this
   * code's rows read by key (and given to its index, which then holds what is decided now).
   */
  async function listFor(
    code: ScannedCode,
    byId: number | undefined,
    release: () => void,
  ): Promise<{ active: ActiveList; keyed: KeyedScan | null } | null> {
    const loaded = deps.active();
    if (loaded) return { active: loaded, keyed: null };
    const opening = deps.opening?.() ?? null;
    // Without its order: the verdict does not wait for it (order-later.ts).
    const keyed = opening && byId === undefined ? await readIntoLoading(opening, code, false) : null;
    if (opening && keyed) return { active: opening, keyed };
    // Waiting for the load: it must not be held meanwhile.
    release();
    const active = await settled();
    return active ? { active, keyed: null } : null;
  }

  /** When the open list's door learnt it was revoked, if it did: nothing is judged then. */
  const revokedOutcome = (): ScanOutcome | null => {
    const at = (deps.active() ?? deps.opening?.() ?? null)?.list.door?.revokedAt;
    if (at == null) return null;
    return {
      verdict: { kind: 'device-revoked', revokedAt: at },
      checkin: null,
      basis: { kind: 'local' },
      order: null,
    };
  };

  /** Judges from the copy and, for an admission, records it (a step of a queued decision). */
  const judgeAndRecord: Judge = async (code, basis, byId) => {
    // Bulk reads wait for this decision: while a list loads, its load (for its keyed reads and
    // its write); once loaded, the answers' first read.
    return againIfChanged(async () => {
      const release = deps.pauseLoad?.() ?? (() => {});
      try {
        return await judgeLoadedOrByKey(code, basis, byId, release);
      } finally {
        release();
      }
    });
  };

  const judgeLoadedOrByKey = async (
    code: ScannedCode,
    basis: ScanBasis,
    byId: number | undefined,
    release: () => void,
  ): Promise<Result<ScanOutcome>> => {
    const opened = await listFor(code, byId, release);
    if (!opened) return fail('no-list');
    const { active, keyed } = opened;
    const { index, list } = active;
    const ticket = keyed
      ? keyed.ticket
      : byId !== undefined
        ? (index.ticketById(byId) ?? null)
        : ticketFor(index, code);
    const whole =
      code.kind === 'registration-reference' ? orderOf(index, list, code.reference, clock.now()) : null;
    const orderTickets = whole?.tickets.length ?? 0;
    const judge = (checkins: readonly DoorCheckin[]) =>
      judgeScan({ code, ticket, checkins, list, now: clock.now(), orderTickets });
    // A keyed read's check-ins were just read from the database: only the index's may lag it.
    const verdict = keyed ? judge(keyed.checkins) : await judgedOnStored(deps.db, active, ticket, judge);
    if (verdict.kind === 'order') return ok({ verdict, checkin: null, basis, order: whole });
    let checkin: CheckinRow | null = null;
    if (verdict.kind === 'admitted') {
      const row = await deps.writes.checkIn(verdict.ticket.id);
      if (!row.ok) return row;
      checkin = row.value;
    }
    // Judged after the admission, so the rest of the order reads as the door now stands. A keyed
    // read gave the loading index no more than the ticket: its order is asked for after the
    // verdict (order-later.ts).
    if (keyed && 'ticket' in verdict && ticket && orderReferenceOf(ticket) !== null)
      return ok({ verdict, checkin, basis, order: null, orderToCome: true });
    const order = 'ticket' in verdict && ticket ? restOfOrder(index, list, ticket, clock.now()) : null;
    return ok({ verdict, checkin, basis, order });
  };

  /** Exit mode's decisions (exit-scan.ts). */
  const decideExit = createExitScan({
    ...deps,
    settled,
    revokedOutcome,
    caughtUp: () => caughtUpBasis(refusals),
  });

  async function decide(code: ScannedCode, byId?: number): Promise<Result<ScanOutcome>> {
    const revoked = revokedOutcome();
    if (revoked) return ok(revoked);
    const first = await judgeAndRecord(code, { kind: 'local' }, byId);
    if (!first.ok || !isTicketRefusal(first.value.verdict)) return first;
    if (!deps.online())
      return ok(
        stillDownloading(
          deps.active(),
          { ...first.value, basis: { kind: 'offline', syncedAt: deps.lastPullAt() } },
          code,
        ),
      );
    const basis = await confirmRefusal(refusals, code);
    const second = await judgeAndRecord(code, basis, byId);
    return second.ok ? ok(stillDownloading(deps.active(), second.value, code)) : second;
  }

  /** What "Admit anyway" last made for each ticket: a second tap answers with it (admit-anyway.ts). */
  const forced = new Map<number, string>();

  const ticketCode = (ticketId: number): ScannedCode => {
    const ticket = deps.active()?.index.ticketById(ticketId);
    const text = ticket?.slug ?? String(ticketId);
    return ticket ? { kind: 'ticket-slug', slug: ticket.slug, text } : { kind: 'not-a-ticket', text };
  };

  /** Whether what staff typed is a name to search for rather than a code to judge. */
  const isSearch = (code: ScannedCode): boolean => {
    if (code.kind === 'not-a-ticket') return true;
    // Four letters are an order's reference only when this list holds that order ("Anna" is a name).
    if (code.kind !== 'registration-reference') return false;
    return (deps.active()?.index.ticketsOfOrder(code.reference).length ?? 0) === 0;
  };

  return {
    /** The rest of a ticket's order, for a verdict that went out without it (order-later.ts). */
    orderAround: createOrderLater({ ...deps, settled, readIntoLoading }),
    /** A code from the camera, a scanner or the keyboard; `lane` for a read in the fast lane. */
    scan: (raw: string, lane?: LaneRead) =>
      queue.runInLane(lane, () => decide(parseScannedCode(raw)), outcomeStops),
    /** "Check in" on a ticket found by search: the same rules as a scan of its code. */
    admit: (ticketId: number): Promise<Result<ScanOutcome>> =>
      queue.run(async () => {
        await settled();
        return decide(ticketCode(ticketId), ticketId);
      }),
    /** A code read in exit mode: the ticket's guest leaves. */
    exitScan: (raw: string, lane?: LaneRead) =>
      queue.runInLane(lane, () => decideExit(parseScannedCode(raw)), outcomeStops),
    /** "Record exit" on a verdict or a ticket: judged like a scan in exit mode. */
    exit: (ticketId: number): Promise<Result<ScanOutcome>> =>
      queue.run(async () => {
        await settled();
        return decideExit(ticketCode(ticketId), ticketId);
      }),
    /**
     * What staff typed in the scan screen's field: a code is judged as a scan (or an exit),
     * anything else comes back as the text to search for.
     */
    typed: (raw: string, mode: 'entry' | 'exit'): Promise<Result<ScanOutcome | { search: string }>> =>
      queue.run(async () => {
        const code = parseScannedCode(raw);
        // An order's reference is told from a name by the orders the list holds: it waits for them.
        if (code.kind === 'registration-reference') await settled();
        if (isSearch(code)) return ok({ search: code.text });
        return mode === 'exit' ? decideExit(code) : decide(code);
      }),
    /** "Admit all N": the order's tickets staff saw as not yet in, by the rules of a scan (door-order.ts). */
    admitOrder: (reference: string, ticketIds: readonly number[]): Promise<Result<OrderAdmission>> =>
      queue.run(async () => {
        await settled();
        return againIfChanged(() =>
          admitOrder(
            {
              active: deps.active,
              now: () => clock.now(),
              checkInAll: deps.writes.checkInAll,
              learnStored: (ticketId) => {
                const active = deps.active();
                return active
                  ? learnStored(deps.db, active.index, active.list.slug, ticketId)
                  : Promise.resolve(false);
              },
            },
            reference,
            ticketIds,
          ),
        );
      }),
    /** "Admit anyway" on a caution verdict staff saw with `seenActive` active check-ins (admit-anyway.ts). */
    admitAnyway: (ticketId: number, seenActive: number, reason = '') =>
      queue.run(() =>
        againIfChanged(() =>
          admitAnyway(
            { settled, now: () => clock.now(), checkIn: deps.writes.checkIn, codeOf: ticketCode, forced },
            ticketId,
            seenActive,
            reason,
          ),
        ),
      ),
  };
}
