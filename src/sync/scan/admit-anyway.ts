// "Admit anyway": staff override a caution verdict, and the door records a check-in whatever
// its copy says. Guarantees: it runs as one step of the door's serial queue (door-scan.ts);
// staff confirm what they saw (`seenActive` active check-ins), and
// - a second tap (the check-in the first tap made, still active, beyond those staff saw)
//   records nothing and answers with that check-in;
// - another door's check-in that came in meanwhile is never answered as this door's admission
//   (its Undo would take back that door's check-in on the service): the ticket is judged again
//   as the copy now stands and nothing is recorded, so staff see what changed and decide again;
// - otherwise the admission is recorded with its reason for the audit log.
import { cleanReason } from '../../domain/door-roles';
import { fail, ok, type Result } from '../../domain/result';
import type { ScannedCode } from '../../domain/scan-code';
import { judgeScan, type Verdict } from '../../domain/verdict';
import type { CheckinRow } from '../../db/rows';
import type { ActiveList } from '../open-list/open-list-phase';
import type { DoorWrites } from '../writes/door-writes';
import { doorCheckin } from './door-lookup';
import { restOfOrder } from './door-order';
import type { ScanOutcome } from './scan-outcome';

export interface AdmitAnywayDeps {
  /** The open list, once loaded. */
  settled: () => Promise<ActiveList | null>;
  now: () => number;
  checkIn: DoorWrites['checkIn'];
  /** The code a ticket is judged by when it is tapped rather than read. */
  codeOf: (ticketId: number) => ScannedCode;
  /**
   * The check-in "Admit anyway" last made for each ticket on this device (its key). Only that
   * one is a second tap's: this door's own older check-in, counted again once another door's
   * older one arrives, is not (its Undo would take back that earlier admission).
   */
  forced: Map<number, string>;
}

export async function admitAnyway(
  deps: AdmitAnywayDeps,
  ticketId: number,
  seenActive: number,
  reason: string,
): Promise<Result<ScanOutcome>> {
  const active = await deps.settled();
  if (!active) return fail('no-list');
  const { index, list } = active;
  const ticket = index.ticketById(ticketId);
  if (!ticket) return fail('not-found');
  const outcome = (verdict: Verdict, checkin: CheckinRow | null): ScanOutcome => ({
    verdict,
    checkin,
    basis: { kind: 'local' },
    order: restOfOrder(index, list, ticket, deps.now()),
  });
  const current = index.checkinsOf(ticketId).filter((c) => c.deletedAt === null);
  if (current.length > seenActive) {
    const first = current.find((c) => c.key === deps.forced.get(ticketId));
    if (first) return ok(outcome({ kind: 'admitted', ticket }, first));
    const now = judgeScan({
      code: deps.codeOf(ticketId),
      ticket,
      checkins: current.map(doorCheckin),
      list,
      now: deps.now(),
      orderTickets: 0,
    });
    // With an active check-in the rules never admit: what it now is, is shown.
    if (now.kind !== 'admitted') return ok(outcome(now, null));
  }
  const row = await deps.checkIn(ticketId, { action: 'admit-anyway', reason: cleanReason(reason) });
  if (!row.ok) return row;
  deps.forced.set(ticketId, row.value.key);
  return ok(outcome({ kind: 'admitted', ticket }, row.value));
}
