// Which tickets a check-in list holds: live-mode tickets of its event, of its releases (all
// releases when none are linked), leaving out void tickets and, with `hide_unpaid`, tickets of
// unpaid registrations. Computed once per change of the tables it reads: serving 100 pages of a
// 100,000-ticket list must not rescan the event for every page.
// Kept small: two arrays of the store's own rows, looked up by binary search (they are in id
// order). A wrapper object per ticket and id sets beside them would hold 20 MB at 100,000
// tickets; a ticket's order and release are looked up when it is written out (`listTicket`).
import type { ServiceContext } from '../context';
import type { CheckinList } from '../model/checkin-list';
import { paymentState, type Registration } from '../model/registration';
import type { Release } from '../model/release';
import type { Ticket } from '../model/ticket';

/** A ticket of a list with what its answer shows besides the ticket itself. */
export interface ListTicket {
  ticket: Ticket;
  registration: Registration | undefined;
  release: Release | undefined;
  /** The later of the ticket's and its registration's change: a payment changes the ticket's standing. */
  updatedAt: string;
}

export interface Membership {
  /** On the list now, in id order: a full download. */
  members: readonly Ticket[];
  /** Members plus tickets that left the list by being voided: what a `since` download reports. */
  changed: readonly Ticket[];
  /** The entry of `changed` with that ticket id. */
  find(ticketId: number): Ticket | undefined;
  isMember(ticketId: number): boolean;
}

export function listTicket(ctx: ServiceContext, ticket: Ticket): ListTicket {
  const registration = ctx.store.get('registrations', ticket.registration_id);
  return {
    ticket,
    registration,
    release: ctx.store.get('releases', ticket.release_id),
    updatedAt:
      registration && registration.updated_at > ticket.updated_at
        ? registration.updated_at
        : ticket.updated_at,
  };
}

/** A void ticket stays in `changed` (a `since` download reports it leaving), never in `members`. */
const isVoid = (ticket: Ticket) => ticket.state === 'void';

export function membership(ctx: ServiceContext, list: CheckinList): Membership {
  const { store } = ctx;
  return store.memo(
    `checkin-membership:${list.id}`,
    ['tickets', 'registrations', 'releases', 'checkin_lists'],
    () => {
      const current = store.get('checkin_lists', list.id) ?? list;
      const releaseIds = current.release_ids.length > 0 ? new Set(current.release_ids) : null;
      const members: Ticket[] = [];
      const changed: Ticket[] = [];
      for (const ticket of store.findBy('tickets', 'byEvent', current.event_id)) {
        if (ticket.test_mode) continue;
        if (releaseIds && !releaseIds.has(ticket.release_id)) continue;
        if (isVoid(ticket)) {
          changed.push(ticket);
          continue;
        }
        if (current.hide_unpaid) {
          const registration = store.get('registrations', ticket.registration_id);
          if (registration && paymentState(registration) === 'unpaid') continue;
        }
        members.push(ticket);
        changed.push(ticket);
      }
      const find = (ticketId: number): Ticket | undefined => {
        let low = 0;
        let high = changed.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          const id = (changed[mid] as Ticket).id;
          if (id === ticketId) return changed[mid];
          if (id < ticketId) low = mid + 1;
          else high = mid;
        }
        return undefined;
      };
      const isMember = (ticketId: number): boolean => {
        const ticket = find(ticketId);
        return ticket !== undefined && !isVoid(ticket);
      };
      return { members, changed, find, isMember };
    },
  );
}
