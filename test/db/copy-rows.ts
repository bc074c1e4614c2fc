// Rows of a door's local copy as the door writes them, for storage tests: tickets and check-ins
// as the service sends them (after parsing), and a list row.
import type { RemoteCheckin, RemoteTicket } from '../../src/api/schemas';
import type { ListRow } from '../../src/db/rows';

export const T0 = Date.parse('2026-06-01T12:00:00Z');

export function remoteTicket(id: number, over: Partial<RemoteTicket> = {}): RemoteTicket {
  const order = `O${String(Math.floor(id / 2)).padStart(3, '0')}`.slice(0, 4);
  return {
    id,
    slug: `ti_p${String(id).padStart(8, '0')}abcdefghijk`,
    reference: `${order}-${id}`,
    registrationReference: order,
    buyerName: `Buyer ${id}`,
    buyerEmail: `buyer${id}@example.com`,
    firstName: `Guest${id}`,
    lastName: 'Example',
    email: `guest${id}@example.com`,
    companyName: id % 3 === 0 ? 'Café Noir' : null,
    phoneNumber: null,
    jobTitle: null,
    releaseTitle: id % 2 ? 'Day pass' : 'Weekend',
    state: 'complete',
    paid: true,
    updatedAt: T0 + id,
    ...over,
  };
}

export function remoteCheckin(n: number, ticketId: number, over: Partial<RemoteCheckin> = {}): RemoteCheckin {
  return {
    id: n,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ticketId,
    createdAt: T0 + 1000 * n,
    updatedAt: T0 + 1000 * n,
    deletedAt: null,
    ...over,
  } as RemoteCheckin;
}

export function listRow(slug: string, over: Partial<ListRow> = {}): ListRow {
  return {
    slug,
    baseUrl: 'http://mock.test/checkin',
    id: 1,
    title: 'Main gate',
    eventTitle: 'Festival',
    accountName: null,
    expiresAt: null,
    showCompanyName: true,
    showEmail: true,
    showPhoneNumber: false,
    ticketsCount: 0,
    checkinsCount: 0,
    answersCount: 0,
    questionsCount: 0,
    pages: { tickets: 1, checkins: 1, answers: 0 },
    joinedAt: T0,
    ...over,
  };
}
