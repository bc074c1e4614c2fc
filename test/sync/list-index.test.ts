// The open list's running counts: whatever order tickets and check-ins arrive in, and however
// a ticket's state changes, `tickets` is the list's tickets and `checkedIn` never exceeds it.
import { describe, expect, it } from 'vitest';
import type { RemoteTicket } from '../../src/api/schemas';
import type { CheckinRow } from '../../src/db/rows';
import { createListIndex } from '../../src/sync/list-index';

const LIST = 'chk_ptestlist0000000000000';

const ticket = (id: number, state: string, updatedAt = 1): RemoteTicket => ({
  id,
  slug: `ti_p${id}`.padEnd(26, 'x'),
  reference: `R${id}-1`,
  registrationReference: `R${id}`,
  buyerName: null,
  buyerEmail: null,
  firstName: 'Guest',
  lastName: String(id),
  email: null,
  companyName: null,
  phoneNumber: null,
  releaseTitle: 'General',
  state,
  paid: true,
  updatedAt,
});

const checkin = (key: string, ticketId: number, deletedAt: number | null = null): CheckinRow => ({
  listSlug: LIST,
  key,
  uuid: key,
  id: null,
  ticketId,
  createdAt: 1,
  updatedAt: deletedAt ?? 1,
  deletedAt,
  deviceName: null,
  clientId: null,
  status: 'synced',
});

describe('the list index counts', () => {
  it('counts the list tickets, "in" among them only, and everyone inside', () => {
    const index = createListIndex();
    // Check-ins may land before their tickets (another door, a first download half done).
    index.putCheckins([checkin('a', 1), checkin('b', 2), checkin('c', 3)]);
    expect(index.counts()).toEqual({ tickets: 0, checkedIn: 0, inside: 3 });
    index.putTickets([
      ticket(1, 'complete'),
      ticket(2, 'incomplete'),
      ticket(3, 'void'),
      ticket(4, 'complete'),
    ]);
    expect(index.counts()).toEqual({ tickets: 3, checkedIn: 2, inside: 3 });
  });

  it('follows a ticket voided after its check-in, and one restored, in either order of events', () => {
    const index = createListIndex();
    index.putTickets([ticket(1, 'complete'), ticket(2, 'complete')]);
    index.putCheckins([checkin('a', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    index.putTickets([ticket(1, 'void', 2)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 1 });
    // An older copy of the ticket (a late page) changes nothing.
    index.putTickets([ticket(1, 'complete', 1)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 1 });
    // Its check-in ended (the guest left), then the cancellation was taken back.
    index.putCheckins([checkin('a', 1, 3)]);
    expect(index.counts()).toEqual({ tickets: 1, checkedIn: 0, inside: 0 });
    index.putTickets([ticket(1, 'complete', 4)]);
    index.putCheckins([checkin('b', 1)]);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 1, inside: 1 });
    index.removeCheckins(['b']);
    expect(index.counts()).toEqual({ tickets: 2, checkedIn: 0, inside: 0 });
  });
});
