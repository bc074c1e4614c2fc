// Orders found by search: the tickets a query finds, gathered by their registration, for the
// orders holding two or more tickets on this list (a single ticket is its own search result).
import { countsTowardList } from '../../domain/list-count';
import { orderReferenceOf } from '../../domain/order';
import type { ListIndex } from './list-index';

export interface FoundOrder {
  reference: string;
  buyerName: string | null;
  buyerEmail: string | null;
  tickets: number;
  inside: number;
}

export function findOrders(index: ListIndex, query: string, limit = 10): FoundOrder[] {
  const found = new Map<string, FoundOrder>();
  for (const hit of index.search(query, 200)) {
    const reference = orderReferenceOf(hit);
    if (reference === null || found.has(reference)) continue;
    const tickets = index.ticketsOfOrder(reference).filter(countsTowardList);
    if (tickets.length < 2) continue;
    const buyer = tickets.find((t) => t.buyerName || t.buyerEmail);
    found.set(reference, {
      reference,
      buyerName: buyer?.buyerName ?? null,
      buyerEmail: buyer?.buyerEmail ?? null,
      tickets: tickets.length,
      inside: tickets.filter((t) => index.checkinsOf(t.id).some((c) => c.deletedAt === null)).length,
    });
    if (found.size >= limit) break;
  }
  return [...found.values()];
}
