// Changes made through the Admin API reach door devices through the Check-in API's `since`.
import { describe, expect, it } from 'vitest';
import { call } from '../support';
import { LIST, checkinFixture } from './fixture';

describe('Admin API changes seen by the Check-in API', () => {
  it('a registration marked paid brings its ticket onto a hide_unpaid list in the next since download', async () => {
    const { service, ctx, clock, tickets } = await checkinFixture({ hide_unpaid: true });
    const path = `/checkin/checkin_lists/${LIST}/tickets`;
    const before = await call(service, 'GET', path, { token: null });
    expect(before.body.map((t: { id: number }) => t.id)).not.toContain(tickets.unpaid.id);

    clock.set('2026-06-15T13:00:00.000Z');
    const registration = ctx.store.get('registrations', tickets.unpaid.registration_id)!;
    const paid = await call(
      service,
      'POST',
      `/v3/acme/conf-2026/registrations/${registration.slug}/confirmations`,
    );
    expect(paid.status).toBeLessThan(300);

    const since = await call(service, 'GET', `${path}?since=2026-06-15T12:30:00Z`, { token: null });
    expect(since.body).toMatchObject([
      { id: tickets.unpaid.id, payment_state: 'paid', updated_at: '2026-06-15T13:00:00.000Z' },
    ]);
    const checkin = await call(service, 'POST', `/checkin/checkin_lists/${LIST}/checkins`, {
      token: null,
      body: { checkin: { ticket_id: tickets.unpaid.id } },
    });
    expect(checkin.status).toBe(201);
  });
});
