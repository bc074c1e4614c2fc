import { describe, expect, it } from 'vitest';
import { makeRegistration, makeTicket, serviceWithBasics } from '../factories';
import { type TokenName, call } from '../support';

const BASE = '/v3/acme/conf-2026/registrations';

async function order(
  service: Awaited<ReturnType<typeof serviceWithBasics>>['service'],
  token: TokenName,
  body: unknown,
) {
  return call(service, 'POST', BASE, { token, body });
}

describe('registrations: create', () => {
  it('creates a registration with tickets from line items (3.1)', async () => {
    const { service, release } = await serviceWithBasics();
    const res = await order(service, 'live31', {
      registration: {
        email: 'jane@example.com',
        name: 'Jane Smith',
        line_items: [{ release_id: release.id, quantity: 2 }],
      },
    });
    expect(res.status).toBe(201);
    const reg = res.body.registration;
    expect(reg.slug).toMatch(/^reg_p/);
    expect(reg.reference).toMatch(/^[A-Z2-9]{4}$/);
    expect(reg).toMatchObject({
      total: 100,
      tickets_count: 2,
      state: 'complete',
      test_mode: false,
      paid: true,
    });
    expect(reg.quantities).toEqual({ general: { release: 'General', quantity: 2 } });
    expect(res.body.meta).toEqual({ api_version: '3.1.0' });
    const tickets = await call(service, 'GET', `${BASE}/${reg.slug}?expand=tickets`, { token: 'live31' });
    expect(tickets.body.registration.tickets.map((t: { reference: string }) => t.reference)).toEqual([
      `${reg.reference}-1`,
      `${reg.reference}-2`,
    ]);
    expect(tickets.body.registration.tickets[0].slug).toMatch(/^ti_/);
  });

  it('accepts the flat form of 3.1 clients and embeds tickets in 3.0', async () => {
    const { service, release } = await serviceWithBasics();
    const res = await call(service, 'POST', BASE, {
      token: 'live30',
      contentType: 'application/x-www-form-urlencoded',
      body: `registration[email]=a%40b.example&registration[line_items][][release_id]=${release.id}&registration[line_items][][quantity]=1`,
    });
    expect(res.status).toBe(201);
    expect(res.body.registration.tickets).toHaveLength(1);
    expect(res.body.registration.line_items[0]).toMatchObject({ release_id: release.id, quantity: 1 });
  });

  it('makes test registrations with a test token', async () => {
    const { service, release } = await serviceWithBasics();
    const res = await order(service, 'test31', {
      registration: { email: 'jane@example.com', line_items: [{ release_id: release.id, quantity: 1 }] },
    });
    expect(res.body.registration.slug).toMatch(/^reg_test_/);
    expect(res.body.registration.test_mode).toBe(true);
    const live = await call(service, 'GET', `${BASE}/${res.body.registration.slug}`, { token: 'live31' });
    expect(live.status).toBe(404);
    expect(live.body.hint).toBe('Record not found with test mode off but it does exist with test mode on');
  });

  it('rejects an order without items or email in both versions, changing nothing', async () => {
    const { service, ctx } = await serviceWithBasics();
    const before = JSON.stringify(ctx.store.exportState());
    const v31 = await order(service, 'live31', { registration: { email: 'x@y.example', line_items: [] } });
    expect(v31.status).toBe(422);
    expect(v31.body).toMatchObject({
      status: 422,
      message: 'That request was invalid',
      errors: { base: ['Please choose at least one item'] },
    });
    expect(v31.body.error_list).toEqual([{ attribute: 'base', message: 'Please choose at least one item' }]);
    const v30 = await order(service, 'live30', { registration: { name: 'No Email' } });
    expect(v30.status).toBe(422);
    expect(v30.body).toEqual({ errors: { email: ["can't be blank"] } });
    expect(JSON.stringify(ctx.store.exportState())).toBe(before);
  });

  it('refuses more tickets than a release has left', async () => {
    const { service, ctx, release } = await serviceWithBasics();
    await service.write(() => ctx.store.update('releases', release.id, { quantity: 1 }));
    const res = await order(service, 'live31', {
      registration: { email: 'x@y.example', line_items: [{ release_id: release.id, quantity: 2 }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.base).toEqual(['General is currently unavailable']);
  });
});

describe('registrations: list', () => {
  it('hides cancelled by default, filters by states and q, and sorts newest first', async () => {
    const { service, ctx, event, clock } = await serviceWithBasics();
    await service.write(() => {
      makeRegistration(ctx, event, { name: 'Old One', created_at: '2026-06-01T10:00:00.000Z' });
      makeRegistration(ctx, event, {
        name: 'Unpaid Inv',
        receipt_paid: false,
        invoice: true,
        created_at: '2026-06-02T10:00:00.000Z',
      });
      makeRegistration(ctx, event, { name: 'Gone', state: 'cancelled' });
      makeRegistration(ctx, event, { name: 'Testy', test_mode: true });
    });
    clock.advance(1000);
    const res = await call(service, 'GET', BASE, { token: 'live31' });
    expect(res.body.registrations.map((r: { name: string }) => r.name)).toEqual(['Unpaid Inv', 'Old One']);
    expect(res.body.meta).toMatchObject({
      total_count: 2,
      overall_total: 3,
      resources_hidden_by_default_count: 1,
      search_states_hidden_by_default: ['cancelled'],
    });
    expect(res.body.meta.filter_options.selected_states).toEqual([
      'paid',
      'unpaid',
      'complete',
      'confirmed',
      'incomplete',
    ]);
    const unpaid = await call(service, 'GET', `${BASE}?search[states][]=unpaid`, { token: 'live31' });
    expect(unpaid.body.registrations.map((r: { name: string }) => r.name)).toEqual(['Unpaid Inv']);
    const cancelled = await call(service, 'GET', `${BASE}?search[states][]=cancelled`, { token: 'live31' });
    expect(cancelled.body.registrations.map((r: { name: string }) => r.name)).toEqual(['Gone']);
    const q = await call(service, 'GET', `${BASE}?q=old`, { token: 'live31' });
    expect(q.body.registrations).toHaveLength(1);
    const byName = await call(service, 'GET', `${BASE}?search[sort]=name&search[direction]=asc`, {
      token: 'live31',
    });
    expect(byName.body.registrations[0].name).toBe('Old One');
    const after = await call(service, 'GET', `${BASE}?search[created_at][gt]=2026-06-01 12:00`, {
      token: 'live31',
    });
    expect(after.body.registrations.map((r: { name: string }) => r.name)).toEqual(['Unpaid Inv']);
    const test = await call(service, 'GET', BASE, { token: 'test31' });
    expect(test.body.registrations.map((r: { name: string }) => r.name)).toEqual(['Testy']);
  });

  it('pages with page[size] and page[number]', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    await service.write(() => {
      for (let i = 0; i < 5; i++) makeRegistration(ctx, event);
    });
    const res = await call(service, 'GET', `${BASE}?page[size]=2&page[number]=2`, { token: 'live30' });
    expect(res.body.registrations).toHaveLength(2);
    expect(res.body.meta).toMatchObject({
      current_page: 2,
      next_page: 3,
      prev_page: 1,
      total_pages: 3,
      per_page: 2,
    });
    expect(res.body.meta.expandable).toBeUndefined();
  });
});

describe('registrations: update and confirmations', () => {
  it('updates attributes and answers per version', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    const reg = await service.write(() => makeRegistration(ctx, event));
    const v31 = await call(service, 'PATCH', `${BASE}/${reg.slug}`, {
      token: 'live31',
      body: {
        registration: {
          email: 'new@example.com',
          total: '12.5',
          billing_address_attributes: { city: 'Oslo' },
        },
      },
    });
    expect(v31.status).toBe(200);
    expect(v31.body.registration).toMatchObject({ email: 'new@example.com', total: 12.5 });
    const v30 = await call(service, 'PATCH', `${BASE}/${reg.slug}`, {
      body: { registration: { name: 'Ada King' } },
    });
    expect(v30.body).toMatchObject({
      name: 'Ada King',
      update_receipt: true,
      registration: { name: 'Ada King' },
    });
    expect(v30.body.billing_address_attributes.city).toBe('Oslo');
    const bad = await call(service, 'PATCH', `${BASE}/${reg.slug}`, {
      token: 'live31',
      body: { registration: { email: '' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ email: ["can't be blank"] });
  });

  it('marks paid and unpaid', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    const reg = await service.write(() => {
      const r = makeRegistration(ctx, event, { receipt_paid: false, invoice: true });
      makeTicket(ctx, r, release);
      return r;
    });
    const paid = await call(service, 'POST', `${BASE}/${reg.slug}/confirmations`, { token: 'live30' });
    expect(paid.status).toBe(200);
    expect(paid.body.registration.receipt_paid).toBe(true);
    expect(paid.body.registration.payment_complete).toBe(true);
    const unpaid = await call(service, 'DELETE', `${BASE}/${reg.slug}/confirmations`, { token: 'live31' });
    expect(unpaid.body.registration).toMatchObject({ receipt_paid: false, payment_incomplete: true });
  });

  it('answers 404 for an unknown slug and 401 without a token', async () => {
    const { service } = await serviceWithBasics();
    const missing = await call(service, 'GET', `${BASE}/reg_nope`, { token: 'live31' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: 'Resource not found' });
    const anon = await call(service, 'GET', BASE, { token: null });
    expect(anon.status).toBe(401);
  });
});

describe('registrations: versions', () => {
  it('expands related records in 3.1 and embeds them in 3.0', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    const reg = await service.write(() => {
      const r = makeRegistration(ctx, event, { total: '100.00' });
      makeTicket(ctx, r, release);
      makeTicket(ctx, r, release);
      return r;
    });
    const plain = await call(service, 'GET', `${BASE}/${reg.slug}`, { token: 'live31' });
    expect(plain.body.registration.tickets).toBeUndefined();
    expect(plain.body.registration.event).toEqual({
      id: event.id,
      title: 'Conf 2026',
      slug: 'conf-2026',
      path: '/acme/conf-2026',
    });
    expect(plain.body.meta.expandable).toEqual({
      billing_address: false,
      line_items: false,
      payment: false,
      receipt: false,
      receipts: false,
      refunds: false,
      tickets: false,
    });
    const all = await call(
      service,
      'GET',
      `${BASE}/${reg.slug}?expand=tickets,line_items,payment,receipt,receipts,refunds`,
      { token: 'live31' },
    );
    const r = all.body.registration;
    expect(r.tickets).toHaveLength(2);
    expect(r.line_items).toEqual([
      expect.objectContaining({ release_id: release.id, quantity: 2, price: 50, total: 100 }),
    ]);
    expect(r.payment).toMatchObject({ refundable_amount: 100 });
    expect(r.receipt.receipt_lines[0]).toMatchObject({ quantity: 2, description: 'General' });
    expect(r.receipts[0]).toMatchObject({ _type: 'receipt', paid: true });
    expect(r.refunds).toEqual([]);
    expect(all.body.meta.expandable.tickets).toBe(true);

    const v30 = await call(service, 'GET', `${BASE}/${reg.slug}`);
    expect(v30.body.registration).toMatchObject({ view: 'extended', billing_address: null });
    expect(v30.body.registration.tickets).toHaveLength(2);
    expect(v30.body.registration.receipts).toHaveLength(1);
    expect(v30.body.meta).toEqual({ api_version: '3.0.0' });
    const short = await call(service, 'GET', `${BASE}?view=short`);
    expect(short.body.registrations[0].tickets).toBeUndefined();
    expect(short.body.registrations[0].quantities).toBeUndefined();
  });

  it('shows datetimes in the event zone and expires_at in the real service style', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    const reg = await service.write(() => makeRegistration(ctx, event));
    const res = await call(service, 'GET', `${BASE}/${reg.slug}`, { token: 'live31' });
    expect(res.body.registration.created_at).toBe('2026-06-15T08:00:00.000-04:00');
    expect(res.body.registration.expires_at).toBe('2026-06-15 08:15:00 -0400');
  });

  it('keeps references unique within the event', async () => {
    const { service, release } = await serviceWithBasics();
    const references = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await order(service, 'live30', {
        registration: { email: `p${i}@example.com`, line_items: [{ release_id: release.id, quantity: 1 }] },
      });
      references.add(res.body.registration.reference);
      expect(res.body.registration.tickets[0].reference).toBe(`${res.body.registration.reference}-1`);
    }
    expect(references.size).toBe(20);
  });
});
