import { describe, expect, it } from 'vitest';
import { call } from '../support';
import { LIST, checkinFixture } from './fixture';

const get = (service: Parameters<typeof call>[0], path: string) =>
  call(service, 'GET', path, { token: null });
const post = (service: Parameters<typeof call>[0], body: unknown) =>
  call(service, 'POST', `/checkin/checkin_lists/${LIST}/checkins`, { token: null, body });

describe('Check-in API: the list', () => {
  it('shows the list with counts, page counts, account and event', async () => {
    const { service } = await checkinFixture();
    const res = await get(service, `/checkin/checkin_lists/${LIST}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Main door',
      slug: LIST,
      expires_at: null,
      tickets_count: 3,
      total_pages: 1,
      total_ticket_pages: 1,
      answers_count: 1,
      total_answer_pages: 1,
      questions_count: 1,
      checkins_count: 0,
      total_checkin_pages: 0,
      account: { slug: 'acme', name: 'Acme' },
      event: { slug: 'conf-2026', title: 'Conf 2026' },
    });
  });

  it('answers an unknown slug with 404 and an expired list with 410, as JSON', async () => {
    const { service } = await checkinFixture({ expires_at: '2026-06-01T00:00:00.000Z' });
    const expired = await get(service, `/checkin/checkin_lists/${LIST}/tickets`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ status: 410, message: 'This check-in list has expired' });
    const unknown = await get(service, '/checkin/checkin_lists/chk_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe(404);
  });
});

describe('Check-in API: caching', () => {
  it('answers with Cache-Control: no-store, refusals too: attendees never reach an HTTP cache', async () => {
    const { service } = await checkinFixture();
    for (const path of [
      `/checkin/checkin_lists/${LIST}/tickets`,
      `/checkin/checkin_lists/${LIST}`,
      '/checkin/checkin_lists/chk_nope',
    ])
      expect((await get(service, path)).headers.get('cache-control'), path).toBe('no-store');
  });
});

describe('Check-in API: tickets', () => {
  it('lists live, non-void tickets of every release with the chosen shape', async () => {
    const { service, tickets } = await checkinFixture();
    const res = await get(service, `/checkin/checkin_lists/${LIST}/tickets`);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { id: number }) => t.id)).toEqual([
      tickets.general.id,
      tickets.vip.id,
      tickets.unpaid.id,
    ]);
    expect(res.body[0]).toMatchObject({
      slug: tickets.general.slug,
      reference: 'PAID-1',
      registration_reference: 'PAID',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company_name: null,
      phone_number: null,
      release_title: 'General',
      release: { slug: 'general', title: 'General' },
      payment_state: 'paid',
      state: 'complete',
      created_at: '2026-06-15T12:00:00.000Z',
      updated_at: '2026-06-15T12:00:00.000Z',
    });
  });

  it('holds only the linked releases and leaves unpaid out with hide_unpaid', async () => {
    const { service, ctx, tickets, release } = await checkinFixture();
    const list = ctx.store.findOne('checkin_lists', 'bySlug', LIST)!;
    await service.write(() =>
      ctx.store.update('checkin_lists', list.id, { release_ids: [release.id], hide_unpaid: true }),
    );
    const res = await get(service, `/checkin/checkin_lists/${LIST}/tickets`);
    expect(res.body.map((t: { id: number }) => t.id)).toEqual([tickets.general.id]);
  });

  it('pages by 1000 with an empty page past the end, and filters by since in both formats', async () => {
    const { service, ctx, clock, tickets } = await checkinFixture();
    expect((await get(service, `/checkin/checkin_lists/${LIST}/tickets?page=2`)).body).toEqual([]);
    clock.set('2026-06-15T13:00:00.000Z');
    await service.write(() =>
      ctx.store.update('tickets', tickets.vip.id, {
        first_name: 'Grace',
        updated_at: clock.now().toISOString(),
      }),
    );
    const unix = Date.parse('2026-06-15T12:30:00Z') / 1000 + 0.25;
    for (const since of [String(unix), '2026-06-15T12:30:00Z']) {
      const res = await get(
        service,
        `/checkin/checkin_lists/${LIST}/tickets?since=${encodeURIComponent(since)}`,
      );
      expect(res.body.map((t: { id: number }) => t.id)).toEqual([tickets.vip.id]);
    }
    const meta = await get(service, `/checkin/checkin_lists/${LIST}?since=${unix}`);
    expect(meta.body.total_ticket_pages).toBe(1);
    expect(meta.body.tickets_count).toBe(3);
    expect((await get(service, `/checkin/checkin_lists/${LIST}/tickets?since=yesterday`)).status).toBe(400);
  });

  it('reports a ticket voided since the last download, and gets one ticket by slug', async () => {
    const { service, ctx, clock, tickets } = await checkinFixture();
    clock.set('2026-06-15T13:00:00.000Z');
    await service.write(() =>
      ctx.store.update('tickets', tickets.unpaid.id, {
        state: 'void',
        updated_at: clock.now().toISOString(),
      }),
    );
    const res = await get(service, `/checkin/checkin_lists/${LIST}/tickets?since=2026-06-15T12:30:00Z`);
    expect(res.body).toMatchObject([{ id: tickets.unpaid.id, state: 'void', void: true }]);
    const one = await get(service, `/checkin/checkin_lists/${LIST}/tickets/${tickets.general.slug}`);
    expect(one.body.id).toBe(tickets.general.id);
    expect((await get(service, `/checkin/checkin_lists/${LIST}/tickets/${tickets.test.slug}`)).status).toBe(
      404,
    );
  });
});

describe('Check-in API: check-ins', () => {
  it('records one check-in by id, reference or slug with ticket and release', async () => {
    const { service, tickets } = await checkinFixture();
    for (const checkin of [
      { ticket_id: tickets.general.id },
      { ticket_reference: 'PAID-2' },
      { ticket_slug: tickets.unpaid.slug },
    ]) {
      const res = await post(service, { checkin });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual([
        'id',
        'ticket_id',
        'created_at',
        'updated_at',
        'deleted_at',
        'uuid',
        'ticket',
        'release',
      ]);
    }
    const first = await post(service, { checkin: { ticket_id: tickets.general.id } });
    expect(first.body).toMatchObject({
      ticket_id: tickets.general.id,
      deleted_at: null,
      ticket: {
        slug: tickets.general.slug,
        reference: 'PAID-1',
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
      },
      release: { slug: 'general', title: 'General' },
    });
  });

  it('records another check-in for an already checked-in ticket', async () => {
    const { service, tickets } = await checkinFixture();
    const a = await post(service, { checkin: { ticket_id: tickets.general.id } });
    const b = await post(service, { checkin: { ticket_id: tickets.general.id } });
    expect(b.status).toBe(201);
    expect(b.body.uuid).not.toBe(a.body.uuid);
    expect((await get(service, `/checkin/checkin_lists/${LIST}`)).body.checkins_count).toBe(2);
  });

  it('rejects none or two identifiers, unknown, test-mode and void tickets without recording', async () => {
    const { service, ctx, tickets } = await checkinFixture();
    const cases: [unknown, number][] = [
      [{ checkin: {} }, 422],
      [{ checkin: { ticket_id: tickets.general.id, ticket_slug: tickets.general.slug } }, 422],
      [{ checkin: { ticket_id: 999999 } }, 404],
      [{ checkin: { ticket_reference: 'NOPE-1' } }, 404],
      [{ checkin: { ticket_id: tickets.test.id } }, 404],
      [{ checkin: { ticket_id: tickets.void.id } }, 422],
      [{}, 422],
      ['{broken', 400],
    ];
    for (const [body, status] of cases) {
      const res = await post(service, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ status, message: expect.any(String) });
    }
    expect(ctx.store.count('checkins')).toBe(0);
  });

  it('records a batch keyed by index, and rejects a batch with a bad item as a whole', async () => {
    const { service, ctx, tickets } = await checkinFixture();
    const ok = await post(service, {
      batch: { checkins: { '0': { ticket_id: tickets.general.id }, '1': { ticket_reference: 'PAID-2' } } },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.map((c: { ticket_id: number }) => c.ticket_id)).toEqual([
      tickets.general.id,
      tickets.vip.id,
    ]);
    expect(ok.body[1].release).toEqual({ slug: 'vip', title: 'VIP' });
    const bad = await post(service, {
      batch: { checkins: { '0': { ticket_id: tickets.general.id }, '1': { ticket_id: 424242 } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ '1': ['Ticket not found'] });
    expect(ctx.store.count('checkins')).toBe(2);
  });

  it('returns the recorded check-in when a client uuid is sent again', async () => {
    const { service, ctx, tickets } = await checkinFixture();
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const first = await post(service, { checkin: { ticket_id: tickets.general.id, uuid } });
    const again = await post(service, { checkin: { ticket_id: tickets.general.id, uuid } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(ctx.store.count('checkins')).toBe(1);
  });

  it('returns the recorded check-in for its uuid even after the ticket was cancelled since', async () => {
    // A retry after a lost answer: the check-in exists, so refusing it would tell the door it
    // never reached the service.
    const { service, ctx, tickets } = await checkinFixture();
    const uuid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const first = await post(service, {
      batch: { checkins: { '0': { ticket_id: tickets.general.id, uuid } } },
    });
    await service.write(() => ctx.store.update('tickets', tickets.general.id, { state: 'void' }));
    const again = await post(service, {
      batch: { checkins: { '0': { ticket_id: tickets.general.id, uuid } } },
    });
    expect(again.status).toBe(200);
    expect(again.body[0].id).toBe(first.body[0].id);
    const fresh = await post(service, { checkin: { ticket_id: tickets.general.id } });
    expect(fresh.status).toBe(422);
    expect(ctx.store.count('checkins')).toBe(1);
  });

  it('deletes by uuid and keeps the deleted check-in in listings since then', async () => {
    const { service, clock, tickets } = await checkinFixture();
    const created = await post(service, { checkin: { ticket_id: tickets.general.id } });
    clock.set('2026-06-15T14:00:00.000Z');
    const deleted = await call(
      service,
      'DELETE',
      `/checkin/checkin_lists/${LIST}/checkins/${created.body.uuid}`,
      { token: null },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ uuid: created.body.uuid, deleted_at: '2026-06-15T14:00:00.000Z' });
    const since = await get(service, `/checkin/checkin_lists/${LIST}/checkins?since=2026-06-15T13:00:00Z`);
    expect(since.body).toEqual([deleted.body]);
    expect(Object.keys(since.body[0])).toEqual([
      'id',
      'uuid',
      'created_at',
      'updated_at',
      'ticket_id',
      'deleted_at',
    ]);
    const missing = await call(service, 'DELETE', `/checkin/checkin_lists/${LIST}/checkins/nope`, {
      token: null,
    });
    expect(missing.status).toBe(404);
  });
});

describe('Check-in API: questions and answers', () => {
  it('lists questions and answers of the list tickets', async () => {
    const { service, question, tickets } = await checkinFixture();
    const questions = await get(service, `/checkin/checkin_lists/${LIST}/questions`);
    expect(questions.body).toMatchObject([
      { id: question.id, title: 'T-shirt size', field_type: 'Select', options: ['S', 'M', 'L'] },
    ]);
    const answers = await get(service, `/checkin/checkin_lists/${LIST}/answers`);
    expect(answers.body).toMatchObject([
      { ticket_id: tickets.general.id, question_id: question.id, response: 'M', humanized_response: 'M' },
    ]);
    expect((await get(service, `/checkin/checkin_lists/${LIST}/answers?page=3`)).body).toEqual([]);
  });

  it('serves the list QR code as SVG, and allows only the configured origins across sites', async () => {
    const { service } = await checkinFixture();
    service.context.config.corsOrigins = ['https://door.example'];
    const res = await service.handle(new Request(`http://mock.test/__mock/qr/checkin_lists/${LIST}.svg`));
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('<svg');
    const preflight = (origin: string) =>
      service.handle(
        new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        }),
      );
    const allowed = await preflight('https://door.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://door.example');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Content-Type');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
