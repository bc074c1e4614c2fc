import { describe, expect, it } from 'vitest';
import { makeRegistration, makeTicket, serviceWithBasics } from '../factories';
import { call } from '../support';

const BASE = '/v3/acme/conf-2026/tickets';

describe('tickets', () => {
  it('lists tickets of the caller mode, hiding void ones by default', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    await service.write(() => {
      const reg = makeRegistration(ctx, event);
      makeTicket(ctx, reg, release, { first_name: 'Zed' });
      makeTicket(ctx, reg, release, { first_name: 'Amy' });
      makeTicket(ctx, reg, release, { state: 'void' });
      makeTicket(ctx, makeRegistration(ctx, event, { test_mode: true }), release);
    });
    const res = await call(service, 'GET', BASE, { token: 'live31' });
    expect(res.status).toBe(200);
    expect(res.body.tickets).toHaveLength(2);
    expect(res.body.meta).toMatchObject({
      total_count: 2,
      overall_total: 3,
      resources_hidden_by_default_count: 1,
      search_states_hidden_by_default: ['void', 'archived'],
    });
    expect(res.body.meta.filter_options.release_ids).toEqual([{ label: 'General', value: 'general' }]);
    expect(res.body.tickets[0]).toMatchObject({ _type: 'ticket', price: 50, event: { slug: 'conf-2026' } });
    const byName = await call(service, 'GET', `${BASE}?search[sort]=first_name&search[direction]=asc`, {
      token: 'live31',
    });
    expect(byName.body.tickets.map((t: { first_name: string }) => t.first_name)).toEqual(['Amy', 'Zed']);
    const withVoid = await call(service, 'GET', `${BASE}?search[states][]=void`, { token: 'live31' });
    expect(withVoid.body.tickets).toHaveLength(1);
    const amy = await call(service, 'GET', `${BASE}?q=aMy`, { token: 'live31' });
    expect(amy.body.tickets.map((t: { first_name: string }) => t.first_name)).toEqual(['Amy']);
    expect(amy.body.meta.total_count).toBe(1);
    const none = await call(service, 'GET', `${BASE}?q=nobody`, { token: 'live31' });
    expect(none.body.tickets).toEqual([]);
    const test = await call(service, 'GET', BASE, { token: 'test30' });
    expect(test.body.tickets).toHaveLength(1);
    expect(test.body.tickets[0].test_mode).toBe(true);
  });

  it('gets a ticket by slug with expansions (3.1) and embeds (3.0)', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    const ticket = await service.write(() => makeTicket(ctx, makeRegistration(ctx, event), release));
    const v31 = await call(service, 'GET', `${BASE}/${ticket.slug}?expand=registration,release`, {
      token: 'live31',
    });
    expect(v31.status).toBe(200);
    expect(v31.body.ticket.registration.slug).toBeDefined();
    expect(v31.body.ticket.release.slug).toBe('general');
    expect(v31.body.meta.expandable).toMatchObject({ registration: true, release: true, answers: false });
    const v30 = await call(service, 'GET', `${BASE}/${ticket.slug}`);
    expect(v30.body.ticket).toMatchObject({
      view: 'extended',
      release_slug: 'general',
      release_title: 'General',
    });
    expect(v30.body.ticket.registration._type).toBe('registration');
    const plain = await call(service, 'GET', `${BASE}/${ticket.slug}`, { token: 'live31' });
    expect(plain.body.ticket.registration).toBeUndefined();
  });

  it('answers 404 with the hint for a ticket of the other mode', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    const ticket = await service.write(() => makeTicket(ctx, makeRegistration(ctx, event), release));
    const res = await call(service, 'GET', `${BASE}/${ticket.slug}`, { token: 'test31' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      status: 404,
      message: 'Resource not found',
      hint: 'Record not found with test mode on but it does exist with test mode off',
      test_mode: true,
    });
    const v30 = await call(service, 'GET', `${BASE}/ti_unknown`, { token: 'test30' });
    expect(v30.status).toBe(404);
    expect(v30.body).toMatchObject({ status: 404, lookup_mode: 'test' });
  });
});
