// What a verdict on the scan screen holds, and how long it stays before the screen returns to
// scanning by itself, at the staff's screens and at the kiosk. Pure: the scan flow
// (useScanFlow.ts) runs the timer.
import type { CheckinRow } from '../../db/rows';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
import { stopsTheLane, type Verdict, verdictTone } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/engine/door-protocol';
import type { Answer } from './AnswerList';

export interface ShownVerdict {
  verdict: Verdict;
  /** The check-in this verdict made, while it can still be undone from here. */
  checkin: CheckinRow | null;
  basis: ScanBasis;
  at: number;
  /** The order's other tickets (or all of them), when the ticket's order holds several. */
  order: DoorOrder | null;
  /** The ticket's answers, when they came with the verdict (scan-outcome.ts). */
  answers?: readonly Answer[];
  /** Its order is still to come: the verdict went out without it (scan-outcome.ts). */
  orderToCome?: boolean;
  /** After "Admit all": the check-ins it made (undone together), and what it did not admit. */
  batch?: { checkins: CheckinRow[]; refused: OrderTicket[]; notOnList: number };
  /**
   * It took the place of another verdict still on screen (a scanner's next code before staff
   * dismissed the last): its words come in, or two "Admitted" in a row would look as one.
   */
  replaced?: boolean;
}

/**
 * What of a decision's outcome a screen keeps: an attendee's (the kiosk) none of what it never
 * shows, the order's other tickets and the holder's answers; staff's all of it.
 */
export function outcomeFor<O extends Pick<ShownVerdict, 'order' | 'answers' | 'orderToCome'>>(
  outcome: O,
  attendeeFacing: boolean,
): O {
  return attendeeFacing ? { ...outcome, order: null, answers: undefined, orderToCome: undefined } : outcome;
}

/** The tickets this verdict let in: its own, or those "Admit all" just admitted (their badges). */
export function admittedTicketIds(shown: ShownVerdict): number[] {
  if (shown.batch) return shown.batch.checkins.map((c) => c.ticketId);
  return shown.verdict.kind === 'admitted' && shown.checkin ? [shown.verdict.ticket.id] : [];
}

/**
 * Milliseconds until the screen returns by itself, or null while staff must act: longer for
 * anything but a plain admission; never for an order with tickets still to let in ("Admit all"
 * or "Next scan"), nor while its order is still to come, nor, in the fast lane, for a verdict
 * that stopped it (it stays until seen).
 */
export function autoReturnDelay(shown: ShownVerdict, seconds: number, fastLane: boolean): number | null {
  if (seconds <= 0) return null;
  if (shown.orderToCome) return null;
  if (shown.order && admittable(shown.order).length > 0) return null;
  if (fastLane && stopsTheLane(shown.verdict)) return null;
  const plain = verdictTone(shown.verdict) === 'go' || shown.verdict.kind === 'exit-recorded';
  return (plain ? seconds : seconds * 2) * 1000;
}

/**
 * The kiosk's own delays, whatever the device's settings. Its camera is paused and hidden under a
 * verdict and no staff stand by to tap, so a verdict that waited for a tap would greet (or turn
 * away) the next attendee with someone else's words. A refusal stays longer so it can be read.
 */
export const KIOSK_WELCOME_MS = 4000;
export const KIOSK_REFUSAL_MS = 8000;

/** What the scan flow takes from the device's settings, and whether it faces attendees. */
export interface ReturnRules {
  attendeeFacing: boolean;
  fastLane: boolean;
  autoReturnSeconds: number;
}

/**
 * Whether the flow runs the fast lane: the staff's choice on their screens, never at the kiosk
 * (a refusal there would stop the lane until a tap no attendee knows to give).
 */
export function runsFastLane(rules: Pick<ReturnRules, 'attendeeFacing' | 'fastLane'>): boolean {
  return rules.fastLane && !rules.attendeeFacing;
}

/** Milliseconds until the verdict returns by itself, or null while staff must act (never at the kiosk). */
export function returnDelay(shown: ShownVerdict, rules: ReturnRules): number | null {
  if (rules.attendeeFacing) return verdictTone(shown.verdict) === 'go' ? KIOSK_WELCOME_MS : KIOSK_REFUSAL_MS;
  return autoReturnDelay(shown, rules.autoReturnSeconds, runsFastLane(rules));
}
