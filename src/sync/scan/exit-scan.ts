// Exit mode: one scan, or one tap on "Record exit", from code to verdict, inside the door's one
// queue (door-scan.ts runs it there). Guarantees:
// - a ticket inside leaves once: its active check-ins end (door-writes.ts `checkOut`), and when
//   another tab of the app ended the stay first, nothing is ended twice and the verdict is judged
//   again on what the database holds ("Not inside");
// - "Not inside" is checked against the database first (refusal-on-stored.ts), and online it and
//   a code the copy lacks wait for a pull first (3 s at most): another door may have admitted the
//   guest since the last pull; an order's reference the copy holds is no miss and is answered at
//   once;
// - a door that knows the organiser revoked it judges every code "device revoked" at once.
import { judgeExit } from '../../domain/exit';
import { fail, ok, type Result } from '../../domain/result';
import type { ScannedCode } from '../../domain/scan-code';
import { type DoorCheckin, isTicketRefusal } from '../../domain/verdict';
import type { CheckinDatabase } from '../../db/database';
import type { Clock } from '../clock';
import type { ActiveList } from '../open-list/open-list-phase';
import type { DoorWrites } from '../writes/door-writes';
import type { ScanBasis } from './confirm-online';
import { doorCheckin, ticketFor } from './door-lookup';
import { judgedOnStored } from './refusal-on-stored';
import type { ScanOutcome } from './scan-outcome';

export interface ExitScanDeps {
  db: CheckinDatabase;
  clock: Clock;
  online: () => boolean;
  lastPullAt: () => number | null;
  writes: Pick<DoorWrites, 'checkOut'>;
  /** The open list once loaded. */
  settled: () => Promise<ActiveList | null>;
  revokedOutcome: () => ScanOutcome | null;
  /** Brings the copy up to date within the look-up's deadline: what a verdict then stands on. */
  caughtUp: () => Promise<ScanBasis>;
}

/** The exit decision of a code, or (from search and buttons) of a ticket by id. */
export function createExitScan(deps: ExitScanDeps) {
  const { clock } = deps;

  /** Judges from the copy and, for a ticket inside, records its exit. */
  async function judgeAndExit(
    code: ScannedCode,
    basis: ScanBasis,
    byId?: number,
  ): Promise<Result<ScanOutcome>> {
    const active = await deps.settled();
    if (!active) return fail('no-list');
    const ticket =
      byId !== undefined ? (active.index.ticketById(byId) ?? null) : ticketFor(active.index, code);
    // An order's reference is told from a typo by the order's tickets the copy holds, as at the entry.
    const orderTickets =
      code.kind === 'registration-reference' ? active.index.ticketsOfOrder(code.reference).length : 0;
    const judge = (checkins: readonly DoorCheckin[]) =>
      judgeExit({ code, ticket, checkins, list: active.list, now: clock.now(), orderTickets });
    const verdict = await judgedOnStored(deps.db, active, ticket, judge);
    if (verdict.kind !== 'exit-recorded') return ok({ verdict, checkin: null, basis, order: null });
    const ended = await deps.writes.checkOut(verdict.ticket.id);
    if (!ended.ok) return ended;
    // Nothing ended here: another tab ended the stay first, and the index took what it stored.
    const said =
      ended.value.length > 0 ? verdict : judge(active.index.checkinsOf(verdict.ticket.id).map(doorCheckin));
    return ok({ verdict: said, checkin: null, basis, order: null });
  }

  return async function decideExit(code: ScannedCode, byId?: number): Promise<Result<ScanOutcome>> {
    const revoked = deps.revokedOutcome();
    if (revoked) return ok(revoked);
    const first = await judgeAndExit(code, { kind: 'local' }, byId);
    if (!first.ok) return first;
    const missing = first.value.verdict.kind === 'not-inside' || isTicketRefusal(first.value.verdict);
    if (!missing) return first;
    if (!deps.online())
      return ok({ ...first.value, basis: { kind: 'offline', syncedAt: deps.lastPullAt() } });
    return judgeAndExit(code, await deps.caughtUp(), byId);
  };
}
