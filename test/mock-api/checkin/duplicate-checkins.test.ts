// Both duplicate behaviours of the built-in service. By default a second active check-in of a
// ticket on a list is recorded (201), as before. With MOCK_DUPLICATE_CHECKINS=refuse it is a 422
// naming the ticket with a message that says "already", in a single create and inside a batch,
// where the batch's other items still go in and the answer names the refused ones by index.
import { describe, expect, it } from 'vitest';
import { readServerSettings } from '../../../src/server/config';
import { call } from '../support';
import { LIST, checkinFixture } from './fixture';

const CHECKINS = `/checkin/checkin_lists/${LIST}/checkins`;
const post = (service: Parameters<typeof call>[0], body: unknown) =>
  call(service, 'POST', CHECKINS, { token: null, body });
const active = (store: Awaited<ReturnType<typeof checkinFixture>>['store'], ticketId: number) =>
  store.findBy('checkins', 'byTicket', ticketId).filter((c) => c.deleted_at === null).length;

describe('a second check-in of a ticket already in', () => {
  it('is recorded by default, as before', async () => {
    const { service, tickets, store } = await checkinFixture();
    expect((await post(service, { checkin: { ticket_id: tickets.general.id } })).status).toBe(201);
    expect((await post(service, { checkin: { ticket_id: tickets.general.id } })).status).toBe(201);
    expect(active(store, tickets.general.id)).toBe(2);
  });

  it('is refused with a 422 naming the ticket when the service refuses duplicates', async () => {
    const { service, tickets, store } = await checkinFixture({}, { duplicateCheckins: 'refuse' });
    const first = await post(service, { checkin: { ticket_id: tickets.general.id, uuid: 'door-a-0001' } });
    expect(first.status).toBe(201);
    const second = await post(service, { checkin: { ticket_reference: tickets.general.reference } });
    expect(second.status).toBe(422);
    expect(second.body).toEqual({
      status: 422,
      message: `Ticket ${tickets.general.reference} is already checked in on this list`,
    });
    expect(second.body.message).toContain('already');
    // Sent again with its uuid, the check-in held is the answer, never a refusal.
    const again = await post(service, { checkin: { ticket_id: tickets.general.id, uuid: 'door-a-0001' } });
    expect(again.status).toBe(200);
    expect(again.body.uuid).toBe('door-a-0001');
    expect(active(store, tickets.general.id)).toBe(1);
    // Once that check-in is deleted (the guest left), the ticket may come in again.
    expect((await call(service, 'DELETE', `${CHECKINS}/door-a-0001`, { token: null })).status).toBe(200);
    expect((await post(service, { checkin: { ticket_id: tickets.general.id } })).status).toBe(201);
  });

  it('in a batch: the others go in, and a 422 names the refused items by index with the recorded check-ins', async () => {
    const { service, tickets, store } = await checkinFixture({}, { duplicateCheckins: 'refuse' });
    await post(service, { checkin: { ticket_id: tickets.general.id } });
    const answer = await post(service, {
      batch: {
        checkins: {
          0: { ticket_id: tickets.general.id, uuid: 'batch-item-0' },
          1: { ticket_id: tickets.vip.id, uuid: 'batch-item-1' },
          2: { ticket_slug: tickets.vip.slug, uuid: 'batch-item-2' },
        },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status: 422,
      message: 'Some tickets are already checked in on this list; the other check-ins were recorded',
      errors: {
        0: [`Ticket ${tickets.general.reference} is already checked in on this list`],
        2: [`Ticket ${tickets.vip.reference} is already checked in on this list`],
      },
    });
    expect(Object.keys(answer.body.errors)).toEqual(['0', '2']);
    expect(answer.body.checkins.map((c: { uuid: string }) => c.uuid)).toEqual(['batch-item-1']);
    expect(answer.body.checkins[0]).toMatchObject({ ticket_id: tickets.vip.id, ticket: expect.any(Object) });
    // Kept, though the answer is a 422: the item that went in is held, and held once.
    expect(active(store, tickets.vip.id)).toBe(1);
    expect(
      store.findOne('checkins', 'byListUuid', `${store.all('checkin_lists')[0]!.id}:batch-item-1`),
    ).toBeDefined();
    // The same batch again (a retry after a lost answer): the held item is answered, not doubled.
    const retry = await post(service, {
      batch: { checkins: [{ ticket_id: tickets.vip.id, uuid: 'batch-item-1' }] },
    });
    expect(retry.status).toBe(200);
    expect(active(store, tickets.vip.id)).toBe(1);
  });

  it('in a batch with an invalid item as well: all or nothing, as always, the duplicates named too', async () => {
    const { service, tickets, store } = await checkinFixture({}, { duplicateCheckins: 'refuse' });
    await post(service, { checkin: { ticket_id: tickets.general.id } });
    const before = store.count('checkins');
    const answer = await post(service, {
      batch: {
        checkins: [
          { ticket_id: tickets.general.id },
          { ticket_id: tickets.vip.id },
          { ticket_id: tickets.void.id },
        ],
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Some check-ins could not be recorded; none were');
    expect(Object.keys(answer.body.errors).sort()).toEqual(['0', '2']);
    expect(store.count('checkins')).toBe(before);
    const all = await post(service, { batch: { checkins: [{ ticket_id: tickets.general.id }] } });
    expect(all.status).toBe(422);
    expect(all.body).toMatchObject({
      message: expect.stringContaining('nothing was recorded'),
      checkins: [],
    });
  });

  it('is switched by MOCK_DUPLICATE_CHECKINS, record by default, anything else refused at start', () => {
    expect(readServerSettings({}).duplicateCheckins).toBe('record');
    expect(readServerSettings({ MOCK_DUPLICATE_CHECKINS: 'refuse' }).duplicateCheckins).toBe('refuse');
    expect(() => readServerSettings({ MOCK_DUPLICATE_CHECKINS: 'yes' })).toThrow(/MOCK_DUPLICATE_CHECKINS/);
  });
});
