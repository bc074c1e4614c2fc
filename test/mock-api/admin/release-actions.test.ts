// Release state changes of document 2: archival, sale (activation), visibility (publication),
// duplication, and the sale flags derived from quantity and the clock.
import { describe, expect, it } from 'vitest';
import { makeRegistration, makeTicket, serviceWithBasics } from '../factories';
import { call } from '../support';

const BASE = '/v3/acme/conf-2026/releases';

describe('releases: state transitions', () => {
  it('archives and unarchives; archived releases are hidden from the list by default', async () => {
    const { service } = await serviceWithBasics();
    const archived = await call(service, 'POST', `${BASE}/general/archival`, { token: 'live31' });
    expect(archived.status).toBe(200);
    expect(archived.body.release.archived).toBe(true);
    expect(archived.body.release.allocatable).toBe(false);
    const list = await call(service, 'GET', BASE, { token: 'live31' });
    expect(list.body.releases).toEqual([]);
    expect(list.body.meta.resources_hidden_by_default_count).toBe(1);
    const shown = await call(service, 'GET', `${BASE}?search[states][]=archived`, { token: 'live31' });
    expect(shown.body.releases).toHaveLength(1);
    const back = await call(service, 'DELETE', `${BASE}/general/archival`, { token: 'live30' });
    expect(back.body.release.archived).toBe(false);
  });

  it('puts a release off and on sale', async () => {
    const { service } = await serviceWithBasics();
    const off = await call(service, 'PATCH', `${BASE}/general/deactivation`, { token: 'live31', body: {} });
    expect(off.body.release).toMatchObject({ state_name: 'off_sale', off_sale: true, allocatable: false });
    const offList = await call(service, 'GET', `${BASE}?search[states][]=on_sale`, { token: 'live31' });
    expect(offList.body.releases).toEqual([]);
    const on = await call(service, 'PATCH', `${BASE}/general/activation`, { token: 'live31', body: {} });
    expect(on.body.release).toMatchObject({ state_name: 'on_sale', off_sale: false, allocatable: true });
  });

  it('makes an on-sale release secret and public; an off-sale one answers 422', async () => {
    const { service } = await serviceWithBasics();
    const secret = await call(service, 'DELETE', `${BASE}/general/publication`, { token: 'live31' });
    expect(secret.body.release.secret).toBe(true);
    const secretList = await call(service, 'GET', `${BASE}?search[states][]=secret`, { token: 'live31' });
    expect(secretList.body.releases).toHaveLength(1);
    const open = await call(service, 'POST', `${BASE}/general/publication`, { token: 'live31' });
    expect(open.body.release.secret).toBe(false);
    await call(service, 'PATCH', `${BASE}/general/deactivation`, { token: 'live31', body: {} });
    const refused = await call(service, 'POST', `${BASE}/general/publication`, { token: 'live31' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base).toHaveLength(1);
  });

  it('duplicates a release as "<title> Copy" with its own slug and no tickets', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    await service.write(() => makeTicket(ctx, makeRegistration(ctx, event), release));
    const copy = await call(service, 'POST', `${BASE}/general/duplication`, { token: 'live31' });
    expect(copy.status).toBe(201);
    expect(copy.body.release).toMatchObject({
      title: 'General Copy',
      slug: 'general-copy',
      tickets_count: 0,
      price: 50,
    });
  });

  it('derives sold_out, expired and upcoming from quantity and the clock', async () => {
    const { service, ctx, event, release, clock } = await serviceWithBasics();
    await service.write(() => {
      ctx.store.update('releases', release.id, {
        quantity: 1,
        start_at: '2026-06-16T00:00:00.000Z',
        end_at: '2026-06-20T00:00:00.000Z',
      });
    });
    const early = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(early.body.release).toMatchObject({
      upcoming: true,
      expired: false,
      allocatable: false,
      sold_out: false,
    });
    clock.set('2026-06-17T00:00:00.000Z');
    const during = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(during.body.release).toMatchObject({ upcoming: false, allocatable: true });
    await service.write(() => makeTicket(ctx, makeRegistration(ctx, event), release));
    const sold = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(sold.body.release).toMatchObject({ sold_out: true, allocatable: false, tickets_count: 1 });
    const inTest = await call(service, 'GET', `${BASE}/general`, { token: 'test31' });
    expect(inTest.body.release).toMatchObject({ sold_out: false, tickets_count: 0 });
    clock.set('2026-06-21T00:00:00.000Z');
    const after = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(after.body.release.expired).toBe(true);
    expect(after.body.release.end_at).toBe('2026-06-19T20:00:00.000-04:00');
  });
});
