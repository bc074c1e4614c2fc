// The open list's search: the tickets found, best first, and the orders found, each with why
// (domain/search-rank.ts), from one look at the query's candidates: each candidate is judged
// once, for the tickets and for the order it belongs to. Orders are those holding two or more
// tickets on this list (a single ticket is its own result); only the orders shown are read
// whole (their tickets, who is inside).
import type { RemoteTicket } from '../../api/schemas';
import { countsTowardList } from '../../domain/list-count';
import { orderReferenceOf } from '../../domain/order';
import {
  compareOrderMatches,
  holderMatch,
  keepBest,
  normalized,
  type OrderMatch,
  orderOwnMatch,
  rankOf,
  type SearchQuery,
  searchQuery,
  type Strength,
  type TicketHit,
  ticketRanking,
} from '../../domain/search-rank';
import { attendeeName } from '../../domain/verdict';
import type { ListIndex } from './list-index';

export interface FoundOrder {
  reference: string;
  buyerName: string | null;
  buyerEmail: string | null;
  tickets: number;
  inside: number;
  match: OrderMatch;
}

export interface SearchLimits {
  tickets: number;
  orders: number;
}

export interface ListSearch {
  tickets: TicketHit<RemoteTicket>[];
  orders: FoundOrder[];
}

/** An order's candidates, each with how it matched. */
type OrderHits = { ticket: RemoteTicket; match: Strength }[];

export function searchList(index: ListIndex, text: string, limits: SearchLimits): ListSearch {
  const query = searchQuery(text);
  if (query === null) return { tickets: [], orders: [] };
  const ranking = ticketRanking<RemoteTicket>(query, limits.tickets);
  const orders = new Map<string, OrderHits>();
  const lone = new Set<string>();
  for (const ticket of index.candidates(query)) {
    const match = ranking.offer(ticket);
    if (match === null || limits.orders === 0) continue;
    const reference = orderReferenceOf(ticket);
    if (reference === null || lone.has(reference)) continue;
    const hits = orders.get(reference);
    if (hits) hits.push({ ticket, match });
    else if (orderOnList(index, reference) < 2) lone.add(reference);
    else orders.set(reference, [{ ticket, match }]);
  }
  return { tickets: ranking.best(), orders: bestOrders(index, query, orders, limits.orders) };
}

/** How many of an order's tickets are on the list: a cancelled ticket is not (countsTowardList). */
function orderOnList(index: ListIndex, reference: string): number {
  // Most orders hold one ticket: the count alone says so, with no array made.
  const size = index.orderSize(reference);
  if (size < 2) return size;
  return index.ticketsOfOrder(reference).filter(countsTowardList).length;
}

interface RankedOrder {
  reference: string;
  hits: OrderHits;
  own: OrderMatch | null;
  /** Its place: own matches first, then by strength. */
  rank: OrderMatch;
  key: string;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareOrders = (a: RankedOrder, b: RankedOrder) =>
  compareOrderMatches(a.rank, b.rank) || compareText(a.key, b.key) || compareText(a.reference, b.reference);

function bestOrders(
  index: ListIndex,
  query: SearchQuery,
  orders: Map<string, OrderHits>,
  limit: number,
): FoundOrder[] {
  const kept = keepBest<RankedOrder>(limit, compareOrders);
  for (const [reference, hits] of orders) {
    // Every ticket of an order carries its buyer.
    const buyer = hits.find((h) => h.ticket.buyerName || h.ticket.buyerEmail)?.ticket;
    const own = orderOwnMatch(query, {
      reference,
      buyerName: buyer?.buyerName ?? null,
      buyerEmail: buyer?.buyerEmail ?? null,
    });
    const strongest = hits.reduce<Strength>(
      (best, h) => (rankOf(h.match) < rankOf(best) ? h.match : best),
      'order',
    );
    const rank: OrderMatch = own ?? { by: 'holder', strength: strongest, holders: [] };
    kept.offer({ reference, hits, own, rank, key: normalized(buyer?.buyerName ?? buyer?.buyerEmail) });
  }
  return kept.best().map(({ reference, hits, own }) => {
    const tickets = index.ticketsOfOrder(reference).filter(countsTowardList);
    const buyer = tickets.find((t) => t.buyerName || t.buyerEmail);
    return {
      reference,
      buyerName: buyer?.buyerName ?? null,
      buyerEmail: buyer?.buyerEmail ?? null,
      tickets: tickets.length,
      inside: tickets.filter((t) => index.checkinsOf(t.id).some((c) => c.deletedAt === null)).length,
      match: own ?? holderMatch(hits.map(({ ticket, match }) => ({ name: attendeeName(ticket), match })))!,
    };
  });
}
