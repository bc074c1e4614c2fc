// Which tickets a check-in list holds: live-mode tickets of its event, of its releases (all
// releases when none are linked), leaving out void tickets and, with `hide_unpaid`, tickets of
// unpaid registrations. Computed once per change of the tables it reads: serving 100 pages of a
// 100,000-ticket list must not rescan the event for every page.
import type { ServiceContext } from '../context';
import type { CheckinList } from '../model/checkin-list';
import { paymentState, type Registration } from '../model/registration';
import type { Release } from '../model/release';
import type { Ticket } from '../model/ticket';

export interface ListTicket {
  ticket: Ticket;
  registration: Registration | undefined;
  release: Release | undefined;
  /** The later of the ticket's and its registration's change: a payment changes the ticket's standing. */
  updatedMs: number;
  updatedAt: string;
}

export interface Membership {
  /** On the list now, in id order: a full download. */
  members: ListTicket[];
  /** Members plus tickets that left the list by being voided: what a `since` download reports. */
  changed: ListTicket[];
  memberIds: Set<number>;
  changedIds: Set<number>;
  /** Every entry of `changed` by ticket id. */
  byId: Map<number, ListTicket>;
}

export function membership(ctx: ServiceContext, list: CheckinList): Membership {
  const { store } = ctx;
  return store.memo(
    `checkin-membership:${list.id}`,
    ['tickets', 'registrations', 'releases', 'checkin_lists'],
    () => {
      const current = store.get('checkin_lists', list.id) ?? list;
      const releaseIds = current.release_ids.length > 0 ? new Set(current.release_ids) : null;
      const registrations = new Map<number, Registration>();
      const releases = new Map<number, Release>();
      for (const release of store.findBy('releases', 'byEvent', current.event_id))
        releases.set(release.id, release);
      const members: ListTicket[] = [];
      const changed: ListTicket[] = [];
      for (const ticket of store.findBy('tickets', 'byEvent', current.event_id)) {
        if (ticket.test_mode) continue;
        if (releaseIds && !releaseIds.has(ticket.release_id)) continue;
        let registration = registrations.get(ticket.registration_id);
        if (!registration) {
          registration = store.get('registrations', ticket.registration_id);
          if (registration) registrations.set(registration.id, registration);
        }
        const updatedAt =
          registration && registration.updated_at > ticket.updated_at
            ? registration.updated_at
            : ticket.updated_at;
        const entry: ListTicket = {
          ticket,
          registration,
          release: releases.get(ticket.release_id),
          updatedMs: Date.parse(updatedAt),
          updatedAt,
        };
        if (ticket.state === 'void') {
          changed.push(entry);
          continue;
        }
        if (current.hide_unpaid && registration && paymentState(registration) === 'unpaid') continue;
        members.push(entry);
        changed.push(entry);
      }
      return {
        members,
        changed,
        memberIds: new Set(members.map((m) => m.ticket.id)),
        changedIds: new Set(changed.map((m) => m.ticket.id)),
        byId: new Map(changed.map((m) => [m.ticket.id, m])),
      };
    },
  );
}
