// The door's verdict for one scan, decided from the local copy alone. Pure: the same inputs
// always give the same verdict, so it is instant offline and testable without a browser.
import { isVoidState } from './list-count';
import type { ScannedCode } from './scan-code';

export interface DoorTicket {
  id: number;
  slug: string;
  reference: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  /** Optional: not every service sends it (a badge leaves it out then). */
  jobTitle?: string | null;
  releaseTitle: string | null;
  /** The ticket's state as the service gives it (complete, incomplete, void, ...), when known. */
  state: string | null;
  /** False when the registration is not paid (an unpaid invoice, say); null when unknown. */
  paid: boolean | null;
}

export interface DoorCheckin {
  uuid: string;
  ticketId: number;
  createdAt: number;
  deletedAt: number | null;
  /** The device that made it, when it was this app; null for check-ins made elsewhere. */
  deviceName: string | null;
  /** Made on this very device (it holds the client id). */
  mine: boolean;
  /** How this device ended it, when it did; a check-in deleted elsewhere has none. */
  endedBy?: 'exit' | 'undo';
}

/**
 * A ticket whose check-in was removed comes back: `exit` when this device recorded the exit,
 * `deleted` when the removal was seen only as a deleted check-in (another door's exit, or
 * undo: the service cannot tell them apart).
 */
export interface Reentry {
  leftAt: number;
  seenAs: 'exit' | 'deleted';
}

export interface DoorList {
  expiresAt: number | null;
  /**
   * When this door learnt that the organiser revoked it (a list joined with a join code); from
   * then on it admits no one, whatever the code.
   */
  revokedAt?: number | null;
}

export type Verdict =
  | { kind: 'admitted'; ticket: DoorTicket; reentry?: Reentry }
  | { kind: 'just-admitted'; ticket: DoorTicket; previous: DoorCheckin }
  | { kind: 'already-checked-in'; ticket: DoorTicket; previous: DoorCheckin; count: number }
  | { kind: 'still-downloading'; text: string; percent: number }
  | { kind: 'unpaid'; ticket: DoorTicket }
  | { kind: 'void'; ticket: DoorTicket }
  | { kind: 'not-on-list'; text: string }
  | { kind: 'unknown-code'; text: string }
  | { kind: 'not-a-ticket'; text: string }
  | { kind: 'list-code'; slug: string; text: string }
  | { kind: 'list-expired'; expiredAt: number }
  /** The organiser revoked this door: it records nothing more (docs/door-app.md, "The doors as one fleet"). */
  | { kind: 'device-revoked'; revokedAt: number }
  // Exit mode (src/domain/exit.ts): the guest leaves, or was not inside by this copy.
  | { kind: 'exit-recorded'; ticket: DoorTicket; enteredAt: number }
  | { kind: 'not-inside'; ticket: DoorTicket; leftAt: number | null }
  /**
   * An order's reference the copy holds, read in exit mode: its guests leave one by one, so
   * nothing is recorded and each ticket is to be scanned.
   */
  | { kind: 'order-exit'; reference: string; text: string }
  /** A registration's reference: its order is shown; `admitted` counts what "Admit all" just let in. */
  | { kind: 'order'; reference: string; text: string; admitted: number }
  /**
   * A scanner's keys came split and make no code (src/scanner/wedge-detector.ts): nothing was
   * judged, the scan is asked for again. Never a refusal: `text` may be the tail of a ticket's code.
   */
  | { kind: 'scan-again'; text: string };

/**
 * `info` is calm and never an admission (the copy is incomplete, an exit recorded). `look` is
 * calm too but asks for a person's eyes: the same ticket again, just admitted here. The device
 * cannot tell it is the same guest (a screenshot passed back down the queue is a common
 * fraud at a door), so it is neither an admission nor a warning that offers "Admit anyway".
 */
export type Tone = 'go' | 'caution' | 'stop' | 'info' | 'look';

export function verdictTone(verdict: Verdict): Tone {
  switch (verdict.kind) {
    case 'admitted':
      return 'go';
    case 'order':
      return verdict.admitted > 0 ? 'go' : 'info';
    case 'just-admitted':
      return 'look';
    case 'still-downloading':
    case 'exit-recorded':
    case 'order-exit':
    case 'scan-again':
      return 'info';
    case 'already-checked-in':
    case 'unpaid':
    case 'list-code':
    case 'not-inside':
      return 'caution';
    default:
      return 'stop';
  }
}

/** Whether door staff may override this verdict and admit anyway (after a confirmation). */
export function canAdmitAnyway(verdict: Verdict): boolean {
  return verdict.kind === 'already-checked-in' || verdict.kind === 'unpaid';
}

/** Whether the verdict names a ticket that is inside, so staff may record its exit from it. */
export function canRecordExit(verdict: Verdict): boolean {
  return verdict.kind === 'already-checked-in' || verdict.kind === 'just-admitted';
}

/**
 * The same ticket shown again this soon after this device admitted it is most likely the same
 * guest (a second tap, a code held up twice), so no second check-in is made and no warning
 * shown; but it may be a copy of the ticket, so staff are asked to look at the person.
 */
export const JUST_ADMITTED_MS = 30_000;

/** The verdicts that refuse a ticket: online, the service is asked before one is shown. */
export function isTicketRefusal(verdict: Verdict): boolean {
  return verdict.kind === 'not-on-list' || verdict.kind === 'unknown-code' || verdict.kind === 'void';
}

export interface ScanFacts {
  code: ScannedCode;
  /** The ticket the code names on this list, or null when the local copy has none. */
  ticket: DoorTicket | null;
  /** The ticket's check-ins, deleted ones included. */
  checkins: readonly DoorCheckin[];
  list: DoorList;
  now: number;
  /** For a registration reference: how many of its tickets the local copy holds. */
  orderTickets?: number;
}

export function judgeScan({ code, ticket, checkins, list, now, orderTickets = 0 }: ScanFacts): Verdict {
  if (list.revokedAt != null) return { kind: 'device-revoked', revokedAt: list.revokedAt };
  if (code.kind === 'not-a-ticket') return { kind: 'not-a-ticket', text: code.text };
  if (code.kind === 'checkin-list') return { kind: 'list-code', slug: code.slug, text: code.text };
  if (list.expiresAt !== null && list.expiresAt <= now)
    return { kind: 'list-expired', expiredAt: list.expiresAt };
  if (code.kind === 'registration-reference')
    return orderTickets > 0
      ? { kind: 'order', reference: code.reference, text: code.text, admitted: 0 }
      : { kind: 'unknown-code', text: code.text };
  if (!ticket) {
    // A well-formed slug is a real ticket of some other list; a reference may just be mistyped.
    return code.kind === 'ticket-slug'
      ? { kind: 'not-on-list', text: code.text }
      : { kind: 'unknown-code', text: code.text };
  }
  if (isVoidState(ticket.state)) return { kind: 'void', ticket };
  const active = checkins.filter((c) => c.deletedAt === null).sort((a, b) => b.createdAt - a.createdAt);
  const latest = active[0];
  if (latest && active.length === 1 && latest.mine && now - latest.createdAt < JUST_ADMITTED_MS)
    return { kind: 'just-admitted', ticket, previous: latest };
  if (latest) return { kind: 'already-checked-in', ticket, previous: latest, count: active.length };
  if (ticket.paid === false) return { kind: 'unpaid', ticket };
  const reentry = reentryOf(checkins);
  return reentry ? { kind: 'admitted', ticket, reentry } : { kind: 'admitted', ticket };
}

/** The latest removal of a check-in that was not an undo on this device, if any. */
export function reentryOf(checkins: readonly DoorCheckin[]): Reentry | null {
  let latest: DoorCheckin | null = null;
  for (const c of checkins)
    if (c.deletedAt !== null && c.endedBy !== 'undo' && (!latest || c.deletedAt > latest.deletedAt!))
      latest = c;
  if (!latest) return null;
  return { leftAt: latest.deletedAt!, seenAs: latest.endedBy === 'exit' ? 'exit' : 'deleted' };
}

export function attendeeName(ticket: DoorTicket): string {
  const name = [ticket.firstName, ticket.lastName].filter(Boolean).join(' ').trim();
  return name || ticket.email || ticket.reference;
}

/**
 * Whether a verdict stops the fast lane (scanner/fast-lane.ts on the page, sync/scan/scan-queue.ts
 * in the worker). Everything but an admission needs a person's eyes. The same ticket again (just admitted
 * here) stops the lane too: in a queue it may be a screenshot passed back to the next in
 * line rather than a guest showing their code twice, and only staff comparing the name with
 * the person can tell; were the lane to run on, the next code would sweep the name off the
 * screen. The repeat guard keeps a code held in view from being judged twice, so only a code
 * shown again after 2 s out of view costs a stop.
 */
export function stopsTheLane(verdict: Verdict): boolean {
  // An exit recorded in exit mode lets the lane run on, as an admission does at the entry; a read
  // that came split judged nothing, so the next read simply replaces it.
  return verdict.kind !== 'admitted' && verdict.kind !== 'exit-recorded' && verdict.kind !== 'scan-again';
}
