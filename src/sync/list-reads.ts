// Reads of the open list for the door screens: search, tickets, orders, figures and answers.
// Guarantees: all of them answer from the in-memory index (answers from a map read once), never
// write, and answer empty when no list is open (from what has loaded while a list loads).
import { computeDoorStats, type DoorStats } from '../domain/door-stats';
import { findOrders } from './find-orders';
import type { OpenListState } from './open-list-state';
import type { TicketAnswer } from './ticket-answers';

export function createListReads(state: Pick<OpenListState, 'current' | 'answers'>) {
  const index = () => state.current()?.index;
  return {
    /** Search results with whether each ticket is inside (one call for a results screen). */
    search(query: string, limit?: number) {
      const open = index();
      return (open?.search(query, limit) ?? []).map((ticket) => ({
        ticket,
        inside: open!.checkinsOf(ticket.id).some((c) => c.deletedAt === null),
      }));
    },
    /** The tickets of these ids that the open list holds. */
    ticketsOf(ids: readonly number[]) {
      const open = index();
      return ids.flatMap((id) => {
        const ticket = open?.ticketById(id);
        return ticket ? [ticket] : [];
      });
    },
    ticket(id: number) {
      const open = index();
      const ticket = open?.ticketById(id);
      return ticket ? { ticket, checkins: open!.checkinsOf(id) } : null;
    },
    /** Orders of two or more tickets found by their buyer, a holder or a reference. */
    searchOrders(query: string, limit?: number) {
      const open = index();
      return open ? findOrders(open, query, limit) : [];
    },
    /** Whether the open list holds tickets of this registration reference. */
    hasOrder: (reference: string) => (index()?.ticketsOfOrder(reference).length ?? 0) > 0,
    /** The open list's figures: by release, by device, arrivals per quarter hour. */
    stats(otherDevicesLabel: string): DoorStats | null {
      const open = index();
      if (!open) return null;
      const { tickets, checkins } = open.everything();
      return computeDoorStats(tickets, checkins, otherDevicesLabel);
    },
    /** The ticket's answers to the list's questions (read from the local copy on first use). */
    async answers(ticketId: number): Promise<TicketAnswer[]> {
      const lookup = state.answers();
      return lookup ? (await lookup)(ticketId) : [];
    },
  };
}
