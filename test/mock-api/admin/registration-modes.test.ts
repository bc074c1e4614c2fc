// Live and test data stay apart: a token of one mode neither sees nor changes the other's
// registrations, and the lifecycle filter states of the list.
import { describe, expect, it } from 'vitest';
import { makeRegistration, serviceWithBasics } from '../factories';
import { call } from '../support';

const BASE = '/v3/acme/conf-2026/registrations';

describe('registrations across modes', () => {
  it('does not let a test token change a live registration', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    const live = await service.write(() => makeRegistration(ctx, event, { receipt_paid: false }));
    const before = JSON.stringify(ctx.store.exportState());
    for (const [method, path, body] of [
      ['PATCH', `${BASE}/${live.slug}`, { registration: { name: 'Mallory' } }],
      ['POST', `${BASE}/${live.slug}/confirmations`, undefined],
      ['DELETE', `${BASE}/${live.slug}/confirmations`, undefined],
    ] as const) {
      const res = await call(service, method, path, { token: 'test31', body });
      expect(res.status).toBe(404);
      expect(res.body.hint).toBe('Record not found with test mode on but it does exist with test mode off');
    }
    const v30 = await call(service, 'GET', `${BASE}/${live.slug}`, { token: 'test30' });
    expect(v30.body).toMatchObject({ status: 404, lookup_mode: 'test' });
    expect(JSON.stringify(ctx.store.exportState())).toBe(before);
  });

  it('filters by lifecycle states', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    await service.write(() => {
      makeRegistration(ctx, event, { name: 'Done', state: 'complete' });
      makeRegistration(ctx, event, { name: 'Half', state: 'incomplete' });
      makeRegistration(ctx, event, { name: 'Sure', state: 'confirmed' });
    });
    const names = async (query: string) =>
      (
        await call(service, 'GET', `${BASE}?${query}&search[sort]=name&search[direction]=asc`, {
          token: 'live31',
        })
      ).body.registrations.map((r: { name: string }) => r.name);
    expect(await names('search[states][]=incomplete')).toEqual(['Half']);
    expect(await names('search[states][]=complete&search[states][]=confirmed')).toEqual(['Done', 'Sure']);
    expect(await names('search[states][]=paid&search[states][]=incomplete')).toEqual(['Half']);
    expect(await names('search[states][]=nonsense')).toEqual(['Done', 'Half', 'Sure']);
  });
});

describe('registrations with a discount code', () => {
  it('takes the code off the tickets it applies to, up to its quantity', async () => {
    const { service, release } = await serviceWithBasics();
    const code = await call(service, 'POST', '/v3/acme/conf-2026/discount_codes', {
      token: 'live31',
      body: { discount_code: { code: 'HALF', type: 'PercentOffDiscountCode', value: '50', quantity: 1 } },
    });
    expect(code.status).toBe(201);
    const res = await call(service, 'POST', `${BASE}?expand=tickets`, {
      token: 'live31',
      body: {
        registration: {
          email: 'a@example.com',
          discount_code: 'half',
          line_items: [{ release_id: release.id, quantity: 2 }],
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.registration).toMatchObject({ total: 75, discount_code: 'HALF' });
    const shown = await call(service, 'GET', `${BASE}/${res.body.registration.slug}?expand=tickets`, {
      token: 'live31',
    });
    expect(shown.body.registration.tickets.map((t: { price: number }) => t.price)).toEqual([25, 50]);
    expect(shown.body.registration.tickets[0].discount_code_used).toBe('HALF');
    const unknown = await call(service, 'POST', BASE, {
      token: 'live31',
      body: {
        registration: {
          email: 'a@example.com',
          discount_code: 'NOPE',
          line_items: [{ release_id: release.id }],
        },
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ discount_code: ['is invalid'] });
  });
});
