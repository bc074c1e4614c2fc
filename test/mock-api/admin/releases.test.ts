import { describe, expect, it } from 'vitest';
import {
  makeAccount,
  makeEvent,
  makeQuestion,
  makeRegistration,
  makeTicket,
  serviceWithBasics,
} from '../factories';
import { call } from '../support';

const BASE = '/v3/acme/conf-2026/releases';

describe('releases: reading', () => {
  it('lists releases by position with the recorded meta in 3.1', async () => {
    const { service, ctx, event } = await serviceWithBasics();
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
    const { service, ctx, event, release } = await serviceWithBasics();
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

describe('releases: writing', () => {
  it('creates a release with only a title: free, off sale, not allocatable, require_email', async () => {
    const { service } = await serviceWithBasics();
    const res = await call(service, 'POST', BASE, {
      token: 'live31',
      body: { release: { title: 'Late Bird' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.release).toMatchObject({
      slug: 'late-bird',
      pricing_type: 'free',
      price: null,
      off_sale: true,
      state_name: 'off_sale',
      allocatable: false,
      require_email: true,
      position: 1,
      deletable: true,
    });
    expect(res.body.meta).toEqual({ api_version: '3.1.0' });
    const again = await call(service, 'POST', BASE, { body: { 'release[title]': 'Late Bird' } });
    expect(again.body.release.slug).toBe('late-bird-2');
    expect(again.body.release.view).toBe('extended');
    expect(again.body.meta).toEqual({ api_version: '3.0.0' });
  });

  it('takes the flat and the form-encoded body and writable fields', async () => {
    const { service } = await serviceWithBasics();
    const res = await call(service, 'POST', BASE, {
      token: 'live31',
      contentType: 'application/x-www-form-urlencoded',
      body: 'release[title]=VIP&release[price]=120.5&release[quantity]=10&release[state]=100&release[secret]=true',
    });
    expect(res.status).toBe(201);
    expect(res.body.release).toMatchObject({
      price: 120.5,
      pricing_type: 'paid',
      quantity: 10,
      off_sale: false,
      secret: true,
      allocatable: true,
    });
  });

  it('rejects a blank title and bad values in both shapes, changing nothing', async () => {
    const { service, ctx } = await serviceWithBasics();
    const before = JSON.stringify(ctx.store.exportState());
    const v31 = await call(service, 'POST', BASE, {
      token: 'live31',
      body: { release: { title: '', state: 7 } },
    });
    expect(v31.status).toBe(422);
    expect(v31.body).toMatchObject({
      status: 422,
      message: 'That request was invalid',
      errors: { title: ["can't be blank"], state: ['is not included in the list'] },
    });
    expect(v31.body.error_list).toContainEqual({ attribute: 'title', message: "can't be blank" });
    const v30 = await call(service, 'PATCH', `${BASE}/general`, { body: { release: { quantity: 'lots' } } });
    expect(v30.status).toBe(422);
    expect(v30.body).toEqual({ errors: { quantity: ['is not a number'] } });
    const bad = await call(service, 'POST', BASE, { token: 'live31', body: '{"release":' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(ctx.store.exportState())).toBe(before);
  });

  it('updates and deletes; a release with tickets cannot be deleted', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    const updated = await call(service, 'PATCH', `${BASE}/general`, {
      token: 'live31',
      body: { release: { title: 'General admission', quantity: 300 } },
    });
    expect(updated.body.release).toMatchObject({
      title: 'General admission',
      slug: 'general',
      quantity: 300,
    });
    await service.write(() => makeTicket(ctx, makeRegistration(ctx, event), release));
    const refused = await call(service, 'DELETE', `${BASE}/general`, { token: 'live31' });
    expect(refused.status).toBe(422);
    const created = await call(service, 'POST', BASE, {
      token: 'live31',
      body: { release: { title: 'Spare' } },
    });
    const deleted = await call(service, 'DELETE', `${BASE}/${created.body.release.slug}`, {
      token: 'live30',
    });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const gone = await call(service, 'GET', `${BASE}/spare`, { token: 'live31' });
    expect(gone.status).toBe(404);
  });
});

describe('releases: versions and errors', () => {
  it('embeds questions in 3.0 and expands them in 3.1', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    await service.write(() => {
      const question = makeQuestion(ctx, event);
      ctx.store.update('releases', release.id, { question_ids: [question.id] });
    });
    const v30 = await call(service, 'GET', `${BASE}/general`);
    expect(v30.body.release.questions[0].slug).toBe('t-shirt-size');
    expect(v30.body.release.question_ids).toHaveLength(1);
    const v31 = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(v31.body.release.questions).toBeUndefined();
    const expanded = await call(service, 'GET', `${BASE}/general?expand=questions,termset`, {
      token: 'live31',
    });
    expect(expanded.body.release.questions[0].slug).toBe('t-shirt-size');
    expect(expanded.body.release.termset).toBeNull();
    expect(expanded.body.meta.expandable).toMatchObject({
      questions: true,
      termset: true,
      activities: false,
    });
    const viaQuery = await call(service, 'GET', `${BASE}/general?version=3.1`);
    expect(viaQuery.body.meta.api_version).toBe('3.1.0');
  });

  it('answers 401, 403 and 404 in each version', async () => {
    const { service, ctx } = await serviceWithBasics();
    await service.write(() => {
      const other = makeAccount(ctx, { slug: 'other' });
      makeEvent(ctx, other, { slug: 'their-event' });
    });
    const anonymous = await call(service, 'GET', BASE, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors).toEqual({ api_token: ["can't be blank"] });
    const forbidden30 = await call(service, 'GET', '/v3/other/their-event/releases');
    expect(forbidden30.status).toBe(403);
    expect(forbidden30.body.errors).toMatchObject({ status: 403, title: 'Forbidden' });
    const forbidden31 = await call(service, 'GET', '/v3/other/their-event/releases', { token: 'live31' });
    expect(forbidden31.body).toMatchObject({ status: 403, message: 'Forbidden' });
    const missing = await call(service, 'GET', `${BASE}/nope`, { token: 'live31' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: 'Resource not found', access_token: '*bbbb' });
    const noEvent = await call(service, 'GET', '/v3/acme/no-such-event/releases', { token: 'live31' });
    expect(noEvent.status).toBe(404);
  });

  it('pages the list and caps page[size] at 1000', async () => {
    const { service } = await serviceWithBasics();
    for (const title of ['B', 'C', 'D']) await call(service, 'POST', BASE, { body: { release: { title } } });
    const page = await call(
      service,
      'GET',
      `${BASE}?page[size]=2&page[number]=2&search[sort]=title&search[direction]=desc`,
      {
        token: 'live31',
      },
    );
    expect(page.body.releases.map((r: { title: string }) => r.title)).toEqual(['C', 'B']);
    expect(page.body.meta).toMatchObject({
      current_page: 2,
      prev_page: 1,
      next_page: null,
      total_pages: 2,
      total_count: 4,
    });
    const huge = await call(service, 'GET', `${BASE}?page[size]=5000`, { token: 'live31' });
    expect(huge.body.meta.per_page).toBe(1000);
  });
});

describe('releases: 3.1 meta and translations', () => {
  it('answers writes with only api_version and reads with expandable', async () => {
    const { service } = await serviceWithBasics();
    const updated = await call(service, 'PATCH', `${BASE}/general`, {
      token: 'live31',
      body: { release: { quantity: 5 } },
    });
    expect(updated.body.meta).toEqual({ api_version: '3.1.0' });
    const archived = await call(service, 'POST', `${BASE}/general/archival`, { token: 'live31' });
    expect(archived.body.meta).toEqual({ api_version: '3.1.0' });
  });

  it('shows translations with several locales or when expanded', async () => {
    const { service, ctx, event } = await serviceWithBasics();
    const one = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(one.body.release.translations).toBeUndefined();
    const forced = await call(service, 'GET', `${BASE}/general?expand=translations`, { token: 'live31' });
    expect(forced.body.release.translations.en.title).toBe('General');
    await service.write(() => ctx.store.update('events', event.id, { locales: ['en', 'de'] }));
    await call(service, 'PATCH', `${BASE}/general`, {
      token: 'live31',
      body: { release: { translations: { de: { title: 'Allgemein' } } } },
    });
    const two = await call(service, 'GET', `${BASE}/general`, { token: 'live31' });
    expect(two.body.release.translations.de.title).toBe('Allgemein');
  });
});
