import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration, makeTicket } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/activities';

async function setup() {
  const { service, ctx, store, clock } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, ctx, store, clock, ...basics };
}

describe('activities', () => {
  it('creates an activity with allocation 0 and not sold out, in both versions', async () => {
    const { service } = await setup();
    const v30 = await call(service, 'POST', PATH, { body: { activity: { name: 'Breakfast' } } });
    expect(v30.status).toBe(201);
    expect(v30.body.activity).toMatchObject({ _type: 'activity', view: 'extended', name: 'Breakfast' });
    expect(v30.body.activity).toMatchObject({ allocation_count: 0, sold_out: false, release_ids: [] });
    expect(v30.body.meta).toEqual({ api_version: '3.0.0' });
    const v31 = await call(service, 'POST', PATH, { token: 'live31', body: { 'activity[name]': 'Lunch' } });
    expect(v31.status).toBe(201);
    expect(v31.body.activity.name).toBe('Lunch');
    expect(v31.body.activity).not.toHaveProperty('release_ids');
    expect(v31.body.meta).toEqual({ api_version: '3.1.0' });
  });

  it('derives start_at and end_at from the date and times in the event zone', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { activity: { name: 'Talk', date: '2026-06-15', start_time: '09:00', end_time: '10:30' } },
    });
    expect(res.body.activity.start_at).toBe('2026-06-15T09:00:00.000-04:00');
    expect(res.body.activity.end_at).toBe('2026-06-15T10:30:00.000-04:00');
  });

  it('is sold out when the tickets of its releases reach the capacity', async () => {
    const { service, ctx, event, release } = await setup();
    await service.write(() => {
      const reg = makeRegistration(ctx, event);
      makeTicket(ctx, reg, release);
      makeTicket(ctx, reg, release);
      makeTicket(ctx, makeRegistration(ctx, event, { test_mode: true }), release);
    });
    const created = await call(service, 'POST', PATH, {
      body: { activity: { name: 'Tour', capacity: 2, release_ids: [release.id] } },
    });
    expect(created.body.activity).toMatchObject({ allocation_count: 2, sold_out: true });
    const inTest = await call(service, 'GET', `${PATH}/${created.body.activity.id}`, { token: 'test31' });
    expect(inTest.body.activity).toMatchObject({ allocation_count: 1, sold_out: false });
  });

  it('lists with pagination, name sort and meta', async () => {
    const { service } = await setup();
    for (const name of ['Cooking', 'archery', 'Boating']) {
      await call(service, 'POST', PATH, { body: { activity: { name } } });
    }
    const res = await call(service, 'GET', `${PATH}?page[size]=2`, { token: 'live31' });
    expect(res.body.activities.map((a: { name: string }) => a.name)).toEqual(['archery', 'Boating']);
    expect(res.body.meta).toMatchObject({
      api_version: '3.1.0',
      current_page: 1,
      next_page: 2,
      prev_page: null,
      total_pages: 2,
      total_count: 3,
      per_page: 2,
      overall_total: 3,
      sort_options: { 'Name A-Z': { attr: 'name', direction: 'asc', default: true } },
    });
    expect(res.body.meta.filter_options.states).toEqual([]);
    expect(res.body.meta.expandable.questions).toBe(false);
    const desc = await call(service, 'GET', `${PATH}?search[sort]=name&search[direction]=desc&page=1`);
    expect(desc.body.activities.map((a: { name: string }) => a.name)).toEqual([
      'Cooking',
      'Boating',
      'archery',
    ]);
    expect(desc.body.meta).not.toHaveProperty('expandable');
    expect(desc.body.activities[0]).not.toHaveProperty('view');
  });

  it('expands releases and id arrays in 3.1 and embeds them in 3.0', async () => {
    const { service, release } = await setup();
    const created = await call(service, 'POST', PATH, {
      body: { activity: { name: 'Tour', release_ids: [release.slug] } },
    });
    const id = created.body.activity.id;
    const plain = await call(service, 'GET', `${PATH}/${id}`, { token: 'live31' });
    expect(plain.body.activity).not.toHaveProperty('releases');
    const expanded = await call(
      service,
      'GET',
      `${PATH}/${id}?expand=releases,release_ids,release_slugs,venue`,
      {
        token: 'live31',
      },
    );
    expect(expanded.body.activity.releases[0]).toMatchObject({ _type: 'release', id: release.id });
    expect(expanded.body.activity.releases_ids).toEqual([release.id]);
    expect(expanded.body.activity.releases_slugs).toEqual(['general']);
    expect(expanded.body.activity.venue).toBeNull();
    expect(expanded.body.meta.expandable).toMatchObject({
      releases: true,
      release_ids: true,
      questions: false,
    });
    const v30 = await call(service, 'GET', `${PATH}/${id}`);
    expect(v30.body.activity.releases[0].id).toBe(release.id);
    expect(v30.body.activity.translations).toEqual({ en: { description: null, name: 'Tour' } });
  });

  it('updates and deletes, and answers 404 afterwards', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, { body: { activity: { name: 'Tour' } } });
    const id = created.body.activity.id;
    const updated = await call(service, 'PATCH', `${PATH}/${id}`, { body: { activity: { capacity: 10 } } });
    expect(updated.status).toBe(200);
    expect(updated.body.activity).toMatchObject({ name: 'Tour', capacity: 10 });
    expect((await call(service, 'DELETE', `${PATH}/${id}`)).status).toBe(204);
    const gone = await call(service, 'GET', `${PATH}/${id}`, { token: 'live31' });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ status: 404, message: 'Resource not found' });
  });

  it('duplicates with " Copy" after the name', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, { body: { activity: { name: 'Tour', capacity: 5 } } });
    const copy = await call(service, 'POST', `${PATH}/${created.body.activity.id}/duplication`, {
      token: 'live31',
    });
    expect(copy.status).toBe(201);
    expect(copy.body.activity).toMatchObject({ name: 'Tour Copy', capacity: 5 });
    expect(copy.body.activity.id).not.toBe(created.body.activity.id);
  });

  it('rejects a missing name with 422 in each version, changing nothing', async () => {
    const { service, store } = await setup();
    const before = storeSnapshot(store);
    const v30 = await call(service, 'POST', PATH, { body: { activity: { capacity: 3 } } });
    expect(v30.status).toBe(422);
    expect(v30.body).toEqual({ errors: { name: ["can't be blank"] } });
    const v31 = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { activity: { capacity: 'many' } },
    });
    expect(v31.status).toBe(422);
    expect(v31.body).toMatchObject({
      status: 422,
      message: 'That request was invalid',
      errors: { name: ["can't be blank"], capacity: ['is not a number'] },
    });
    expect(v31.body.error_list).toContainEqual({ attribute: 'name', message: "can't be blank" });
    expect(storeSnapshot(store)).toBe(before);
  });

  it('answers 401 without a token and 403 for another account', async () => {
    const { service } = await setup();
    const anonymous = await call(service, 'GET', PATH, { token: null });
    expect(anonymous.status).toBe(401);
    const other = await call(service, 'GET', '/v3/other/conf-2026/activities', { token: 'live31' });
    expect([403, 404]).toContain(other.status);
  });

  it('matches the documented shapes', async () => {
    const { service, release } = await setup();
    const created = await call(service, 'POST', PATH, {
      body: {
        activity: {
          name: 'Conference',
          description: 'An activity',
          capacity: 100,
          date: '2022-12-25',
          start_time: '09:00',
          end_time: '17:00',
          release_ids: [release.id],
        },
      },
    });
    const id = created.body.activity.id;
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const nullable = ['activity.venue_id', 'activity.venue', 'activities[].venue_id'];
      const foreign = ['activity.releases'];
      const show = await call(service, 'GET', `${PATH}/${id}`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'activities', 'show'), show.body, { nullable, foreign }),
      ).toEqual([]);
      const index = await call(service, 'GET', PATH, { token });
      expect(
        shapeDifferences(documentedExample(version, 'activities', 'index'), index.body, {
          nullable,
          foreign,
        }),
      ).toEqual([]);
      const copy = await call(service, 'POST', `${PATH}/${id}/duplication`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'activities', 'duplication'), copy.body, {
          nullable,
          foreign,
        }),
      ).toEqual([]);
    }
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const create = await call(service, 'POST', PATH, { token, body: { activity: { name: 'Breakfast' } } });
      expect(shapeDifferences(documentedExample(version, 'activities', 'create'), create.body)).toEqual([]);
    }
  });
});
