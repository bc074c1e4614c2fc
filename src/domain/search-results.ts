// The door's search results as one list, and what a ticket result says of its order. Tickets
// and orders come ranked (search-rank.ts); here they are put in the order staff read them: the
// person typed first, so an order never pushes an exact ticket match off the screen. Pure.
import { orderReferenceOf } from './order';
import {
  joined,
  normalized,
  type OrderMatch,
  type SearchableTicket,
  STRENGTHS,
  type Strength,
} from './search-rank';
import { normalizeText } from './search-text';

export type SearchItem<T, O> = { kind: 'ticket'; hit: T } | { kind: 'order'; hit: O };

/**
 * Tickets and orders in one list, each given best first: at each strength the tickets, then the
 * orders their own reference or buyer matched as strongly; orders found only through a holder
 * after every ticket. So "Niamh Ito" lists the Niamh Itos before the orders holding them, and an
 * order's reference typed whole lists that order first.
 */
export function arrangeResults<T extends { match: Strength }, O extends { match: OrderMatch }>(
  tickets: readonly T[],
  orders: readonly O[],
): SearchItem<T, O>[] {
  const items: SearchItem<T, O>[] = [];
  for (const strength of STRENGTHS) {
    for (const hit of tickets) if (hit.match === strength) items.push({ kind: 'ticket', hit });
    for (const hit of orders)
      if (hit.match.by !== 'holder' && hit.match.strength === strength) items.push({ kind: 'order', hit });
  }
  for (const hit of orders) if (hit.match.by === 'holder') items.push({ kind: 'order', hit });
  return items;
}

/** The order a ticket result belongs to. */
export interface TicketOrder {
  reference: string;
  /** The buyer's name (or email) when someone else bought the ticket; null when the holder did. */
  buyer: string | null;
}

export function ticketOrder(ticket: SearchableTicket): TicketOrder | null {
  const reference = orderReferenceOf(ticket);
  if (reference === null) return null;
  const holder = joined(normalized(ticket.firstName), normalized(ticket.lastName));
  const email = normalized(ticket.email);
  // The same person by name or by email: a buyer who wrote their name another way is still them.
  const same =
    (ticket.buyerName && normalizeText(ticket.buyerName) === holder) ||
    (ticket.buyerEmail && email !== '' && normalizeText(ticket.buyerEmail) === email);
  return { reference, buyer: same ? null : ticket.buyerName || ticket.buyerEmail || null };
}
