import { describe, expect, it } from 'vitest';
import { call } from '../support';
import { LIST, checkinFixture } from './fixture';

const path = (suffix = '') => `/checkin/checkin_lists/${LIST}${suffix}`;

describe('Check-in API details', () => {
  it('takes JSON only, refusing a form or text a web page could send unasked, and a lower-case reference', async () => {
    const { service, tickets, ctx } = await checkinFixture();
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data']) {
      const refused = await call(service, 'POST', path('/checkins'), {
        token: null,
        body: contentType.startsWith('application/x')
          ? `checkin[ticket_id]=${tickets.general.id}`
          : JSON.stringify({ checkin: { ticket_id: tickets.general.id } }),
        contentType,
      });
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual({ status: 415, message: 'Send the request body as application/json' });
    }
    const untyped = await service.handle(
      new Request(`http://mock.test${path('/checkins')}`, {
        method: 'POST',
        body: new Blob([JSON.stringify({ checkin: { ticket_id: tickets.general.id } })]),
      }),
    );
    expect(untyped.status).toBe(415);
    expect(ctx.store.count('checkins')).toBe(0);
    const json = await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.general.id } },
      contentType: 'application/json; charset=utf-8',
    });
    expect(json.status).toBe(201);
    const lower = await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_reference: 'paid-2' } },
    });
    expect(lower.status).toBe(201);
    expect(lower.body.ticket_id).toBe(tickets.vip.id);
  });

  it('refuses check-ins on an expired list and a ticket of an unlinked release or unpaid with hide_unpaid', async () => {
    const expired = await checkinFixture({ expires_at: '2026-06-15T11:59:59.000Z' });
    const refused = await call(expired.service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: expired.tickets.general.id } },
    });
    expect(refused.status).toBe(410);
    expect(expired.ctx.store.count('checkins')).toBe(0);

    const { service, release, tickets } = await checkinFixture({ hide_unpaid: true });
    const unpaid = await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.unpaid.id } },
    });
    expect(unpaid.status).toBe(404);
    expect(unpaid.body.message).toBe('This ticket is not on this check-in list');
    const linked = await checkinFixture({ release_ids: [release.id] });
    const other = await call(linked.service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: linked.tickets.vip.id } },
    });
    expect(other.status).toBe(404);
  });

  it('counts check-ins and pages of check-ins since a time', async () => {
    const { service, clock, tickets } = await checkinFixture();
    await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.general.id } },
    });
    clock.set('2026-06-15T15:00:00.000Z');
    const since = Date.parse('2026-06-15T14:00:00Z') / 1000;
    expect((await call(service, 'GET', path(`?since=${since}`), { token: null })).body).toMatchObject({
      checkins_count: 1,
      total_checkin_pages: 0,
      total_ticket_pages: 0,
      total_answer_pages: 0,
    });
    await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.vip.id } },
    });
    const list = await call(service, 'GET', path(`?since=${since}`), { token: null });
    expect(list.body).toMatchObject({ checkins_count: 2, total_checkin_pages: 1 });
    const page = await call(service, 'GET', path(`/checkins?since=${since}`), { token: null });
    expect(page.body.map((c: { ticket_id: number }) => c.ticket_id)).toEqual([tickets.vip.id]);
    expect((await call(service, 'GET', path('/checkins?page=0'), { token: null })).status).toBe(400);
  });

  it('uses the time of an offline scan when the client sends it, never a future one', async () => {
    const { service, tickets } = await checkinFixture();
    const past = await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.general.id, created_at: '2026-06-15T11:30:00.000Z' } },
    });
    expect(past.body).toMatchObject({
      created_at: '2026-06-15T11:30:00.000Z',
      updated_at: '2026-06-15T12:00:00.000Z',
    });
    const future = await call(service, 'POST', path('/checkins'), {
      token: null,
      body: { checkin: { ticket_id: tickets.general.id, created_at: '2030-01-01T00:00:00Z' } },
    });
    expect(future.body.created_at).toBe('2026-06-15T12:00:00.000Z');
  });

  it('gives the Admin API list its web check-in address and QR code', async () => {
    const { service, ctx } = await checkinFixture();
    const { webCheckinUrl, qrCodeUrl } = await import('../../../src/mock-api/checkin/urls');
    const request = new Request('http://127.0.0.1:4173/v3/acme/conf-2026/checkin_lists');
    expect(webCheckinUrl(ctx, request, LIST)).toBe(`https://door.example/checkin_lists/${LIST}`);
    expect(qrCodeUrl(ctx, request, LIST)).toBe(`http://127.0.0.1:4173/__mock/qr/checkin_lists/${LIST}.svg`);
    expect((await service.handle(new Request('http://x/__mock/qr/checkin_lists/chk_nope.svg'))).status).toBe(
      404,
    );
  });
});
