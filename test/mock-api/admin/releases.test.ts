import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration, makeTicket } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, shapeDifferences } from './shape';

const BASE = '/v3/acme/conf-2026/releases';

async function setup() {
  const t = createTestService();
  await t.service.ready;
  const basics = await t.service.write(() => makeBasics(t.ctx));
  return { ...t, ...basics };
}

describe('releases: reading', () => {
  it('lists releases by position with the recorded meta in 3.1', async () => {
    const { service, ctx, event } = await setup();
    await service.write(() => {
      ctx.store.insert('releases', {
        ...ctx.store.all('releases')[0]!,
        slug: 'vip',
        title: 'VIP',
        position: 1,
      } as never);
    });
    const res = await call(service, 'GET', BASE, { token: 'live31' });
    expect(res.status).toBe(200);
    expect(res.body.releases.map((r: { slug: string }) => r.slug)).toEqual(['general', 'vip']);
    expect(res.body.meta).toMatchObject({
      api_version: '3.1.0',
      current_page: 1,
      total_count: 2,
      overall_total: 2,
      per_page: 100,
      resources_hidden_by_default_count: 0,
      search_states_hidden_by_default: ['archived'],
    });
    expect(res.body.meta.expandable.questions).toBe(false);
    expect(res.body.meta.sort_options['Position on event homepage']).toEqual({
      attr: 'position',
      direction: 'asc',
      default: true,
    });
    expect(res.body.meta.filter_options.selected_states).not.toContain('archived');
    expect(event.id).toBeGreaterThan(0);
  });

  it('shows one release with derived sale flags and counts', async () => {
    const { service, ctx, event, release } = await setup();
    await service.write(() => {
      const reg = makeRegistration(ctx, event);
      makeTicket(ctx, reg, release);
      makeTicket(ctx, reg, release, { price: '0.00' });
    });
    const res = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(res.status).toBe(200);
    expect(res.body.release).toMatchObject({
      _type: 'release',
      slug: 'general',
      price: 50,
      tickets_count: 2,
      free_tickets_count: 1,
      full_price_tickets_count: 1,
      off_sale: false,
      sold_out: false,
      allocatable: true,
      deletable: false,
      created_at: '2026-06-15T08:00:00.000-04:00',
    });
    expect(res.body.meta.expandable).toBeDefined();
  });
});
