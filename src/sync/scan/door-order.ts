// Whole orders at the door: a registration's tickets read from the in-memory index, and
// "Admit all", which lets in the tickets staff were shown as not yet in. Guarantees: it runs as
// one step of the door's serial queue (door-scan.ts), so no scan or tap in between can admit a
// ticket twice; each ticket is judged again at that moment by the rules of a single scan (an
// unpaid, cancelled or already inside ticket is not admitted, and the answer says so); the
// admitted check-ins and their outbox rows are written in one transaction and leave in one batch.
import { fail, ok, type Result } from '../../domain/result';
import type { CheckinRow, ListRow } from '../../db/rows';
import {
  admittable,
  type DoorOrder,
  judgeOrder,
  type OrderMember,
  type OrderTicket,
  orderReferenceOf,
} from '../../domain/order';
import type { Verdict } from '../../domain/verdict';
import { doorCheckin } from './door-lookup';
import type { ListIndex } from '../index/list-index';

/** The order as the copy holds it, every ticket judged now; null when the copy has none of it. */
export function orderOf(index: ListIndex, list: ListRow, reference: string, now: number): DoorOrder | null {
  const tickets = index.ticketsOfOrder(reference);
  if (tickets.length === 0) return null;
  return judgeOrder({
    reference: reference.toUpperCase(),
    tickets: tickets.map((ticket) => ({ ticket, checkins: index.checkinsOf(ticket.id).map(doorCheckin) })),
    list,
    now,
  });
}

/** The scanned ticket's order without it, when the order holds other tickets on this list. */
export function restOfOrder(
  index: ListIndex,
  list: ListRow,
  ticket: OrderMember & { id: number },
  now: number,
): DoorOrder | null {
  const reference = orderReferenceOf(ticket);
  const order = reference === null ? null : orderOf(index, list, reference, now);
  if (!order) return null;
  const rest = order.tickets.filter((t) => t.ticket.id !== ticket.id);
  return rest.length ? { ...order, tickets: rest } : null;
}

export interface OrderAdmission {
  /** The order's verdict: `admitted` counts the tickets let in by this tap. */
  verdict: Extract<Verdict, { kind: 'order' }>;
  /** The whole order, judged after the admission. */
  order: DoorOrder;
  checkins: CheckinRow[];
  /** Tickets asked for that were not admitted, with the state that stopped each. */
  refused: OrderTicket[];
  /** Tickets asked for that the copy no longer holds (not on this list). */
  notOnList: number;
}

export interface AdmitOrderDeps {
  active: () => { list: ListRow; index: ListIndex } | null;
  now: () => number;
  /** Records the admissions decided, in one transaction (door-writes.ts). */
  checkInAll: (ticketIds: readonly number[]) => Promise<Result<CheckinRow[]>>;
  /**
   * Whether the index learnt something of a ticket's check-ins from the database
   * (refusal-on-stored.ts): another tab of the app may have recorded an exit or an undo.
   */
  learnStored?: (ticketId: number) => Promise<boolean>;
}

/** The states a ticket's check-ins alone make: the database may say otherwise. */
const inByCheckins = (t: OrderTicket) => t.state === 'inside' || t.state === 'admitted';

/**
 * "Admit all": admits those of `ticketIds` (the tickets staff saw as not yet in) that a scan
 * would admit now, in one outbox write. Call it only inside the door's serial queue.
 */
export async function admitOrder(
  deps: AdmitOrderDeps,
  reference: string,
  ticketIds: readonly number[],
): Promise<Result<OrderAdmission>> {
  const active = deps.active();
  if (!active) return fail('no-list');
  const asked = new Set(ticketIds);
  const judged = () => {
    const order = orderOf(active.index, active.list, reference, deps.now());
    return order && { order, chosen: order.tickets.filter((t) => asked.has(t.ticket.id)) };
  };
  let found = judged();
  if (!found) return fail('not-found');
  // Those the copy holds inside are checked against the database first, and judged again on it.
  const learnt = deps.learnStored
    ? await Promise.all(found.chosen.filter(inByCheckins).map((t) => deps.learnStored!(t.ticket.id)))
    : [];
  if (learnt.some(Boolean)) found = judged() ?? found;
  const { order: before, chosen } = found;
  const letIn = admittable({ ...before, tickets: chosen });
  const recorded = letIn.length ? await deps.checkInAll(letIn.map((t) => t.ticket.id)) : ok([]);
  if (!recorded.ok) return recorded;
  const order = orderOf(active.index, active.list, reference, deps.now()) ?? before;
  return ok({
    verdict: {
      kind: 'order',
      reference: order.reference,
      text: order.reference,
      admitted: recorded.value.length,
    },
    order,
    checkins: recorded.value,
    refused: chosen.filter((t) => t.state !== 'not-in'),
    notOnList: asked.size - chosen.length,
  });
}
