// What counts toward a check-in list's figures: the one rule behind every total and every
// "checked in" the door and the organiser's arrivals show, so each equals the service's own
// `tickets_count` (and the Admin API's `checked_in_count`).
//
// The service counts its members: live tickets of the list's releases, not void, and with
// `hide_unpaid` not unpaid. The other rules never need repeating here: a device holds only
// tickets the list itself handed out (its pages, `since` pulls, a look-up of one ticket), and
// of those the service hands out members and tickets that left by being voided, nothing else.
// So among held tickets, void alone tells a non-member apart. Void keeps those tickets in the
// copy on purpose: a scan of one must say "cancelled", not "unknown".

/** The states a ticket is cancelled in: refused at the door, and off the list's count. */
const VOID_STATES = new Set(['void', 'cancelled', 'canceled', 'refunded']);

/** A ticket's state as the service gives it (complete, incomplete, void, ...), when known. */
export function isVoidState(state: string | null): boolean {
  return state !== null && VOID_STATES.has(state);
}

/** Whether a ticket the device holds is one of the list's `tickets_count`. */
export function countsTowardList(ticket: { state: string | null }): boolean {
  return !isVoidState(ticket.state);
}
