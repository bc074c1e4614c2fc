// Reads of the open list for the door screens: search, tickets, orders, figures and answers.
// Guarantees: all of them answer from the in-memory index (answers from a map read once), never
// write, and answer empty when no list is open. While a list loads after a restart they wait for
// it: from part of the list, a search would say "no one" and a ticket screen show nothing.
import { computeDoorStats, type DoorStats } from '../../domain/door-stats';
import { ticketOrder } from '../../domain/search-results';
import { type SearchLimits, searchList } from '../index/search-list';
import type { OpenListState } from './open-list-state';
import type { TicketAnswer } from './ticket-answers';

export function createListReads(state: Pick<OpenListState, 'active' | 'loaded' | 'answers'>) {
  const index = async () => {
    await state.loaded();
    return state.active()?.index;
  };
  /**
   * What a search finds, for a results screen in one call: the tickets best first, each with how
   * it matched, its order and whether it is inside; the orders best first, with why.
   */
  const find = async (query: string, limits: SearchLimits = { tickets: 50, orders: 10 }) => {
    const open = await index();
    if (!open) return { tickets: [], orders: [] };
    const found = searchList(open, query, limits);
    return {
      tickets: found.tickets.map(({ ticket, match }) => ({
        ticket,
        match,
        order: ticketOrder(ticket),
        inside: open.checkinsOf(ticket.id).some((c) => c.deletedAt === null),
      })),
      orders: found.orders,
    };
  };
  return {
    find,
    /** The tickets found, best first, each with how it matched, its order and whether it is inside. */
    search: async (query: string, limit = 50) => (await find(query, { tickets: limit, orders: 0 })).tickets,
    /** The tickets of these ids that the open list holds. */
    async ticketsOf(ids: readonly number[]) {
      const open = await index();
      return ids.flatMap((id) => {
        const ticket = open?.ticketById(id);
        return ticket ? [ticket] : [];
      });
    },
    async ticket(id: number) {
      const open = await index();
      const ticket = open?.ticketById(id);
      return ticket ? { ticket, checkins: open!.checkinsOf(id) } : null;
    },
    /** Orders of two or more tickets found by their reference, buyer or a holder, best first, with why. */
    searchOrders: async (query: string, limit = 10) =>
      (await find(query, { tickets: 0, orders: limit })).orders,
    /** Whether the open list holds tickets of this registration reference. */
    hasOrder: async (reference: string) => ((await index())?.ticketsOfOrder(reference).length ?? 0) > 0,
    /** The open list's figures: by release, by device, arrivals per quarter hour. */
    async stats(otherDevicesLabel: string): Promise<DoorStats | null> {
      const open = await index();
      if (!open) return null;
      const { tickets, checkins } = open.everything();
      // A check-in the service refused was never held there: counted nowhere, as in the list's
      // counts, so "inside now" here says what the status line says.
      const held = checkins.filter((c) => c.status !== 'parked');
      return computeDoorStats(tickets, held, otherDevicesLabel);
    },
    /** The ticket's answers to the list's questions (read from the local copy on first use). */
    async answers(ticketId: number): Promise<TicketAnswer[]> {
      const lookup = state.answers();
      return lookup ? (await lookup)(ticketId) : [];
    },
  };
}
