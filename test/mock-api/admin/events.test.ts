import { describe, expect, it } from 'vitest';
import { makeAccount, makeBasics, makeEvent } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

async function setup() {
  const { service, ctx, store, clock } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, ctx, store, clock, ...basics };
}

const names = (body: { events: { slug: string }[] }) => body.events.map((e) => e.slug);

describe('events', () => {
  it('lists upcoming events by default, past ones on request or at /past, archived at /archived', async () => {
    const { service, ctx, account } = await setup();
    await service.write(() => {
      makeEvent(ctx, account, { slug: 'old', start_date: '2025-01-10', end_date: '2025-01-11' });
      makeEvent(ctx, account, { slug: 'shelved', start_date: '2025-02-01', end_date: null, archived: true });
      makeEvent(ctx, account, { slug: 'undated', start_date: null, end_date: null });
    });
    const upcoming = await call(service, 'GET', '/v3/acme/events', { token: 'live31' });
    expect(upcoming.status).toBe(200);
    expect(names(upcoming.body)).toEqual(['conf-2026', 'undated']);
    expect(upcoming.body.meta.filter_options).toMatchObject({
      states: [
        { label: 'Past', value: 'past' },
        { label: 'Upcoming', value: 'upcoming' },
      ],
      selected_states: ['upcoming'],
    });
    const both = await call(
      service,
      'GET',
      '/v3/acme/events?search[states][]=past&search[states][]=upcoming',
    );
    expect(names(both.body)).toEqual(['old', 'conf-2026', 'undated']);
    expect(names((await call(service, 'GET', '/v3/acme/events/past')).body)).toEqual(['old']);
    expect(names((await call(service, 'GET', '/v3/acme/events/archived')).body)).toEqual(['shelved']);
  });

  it('derives happening_in, day_number, days_until, days_since and date_or_range from the clock', async () => {
    const { service, clock } = await setup();
    const during = (await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' })).body.event;
    expect(during).toMatchObject({
      happening_in: 'now',
      day_number: 1,
      days_until: 0,
      days_since: -1,
      date_or_range: 'June 15th – 16th, 2026',
      start_at: '2026-06-15T09:00:00.000-04:00',
      end_at: '2026-06-16T18:00:00.000-04:00',
      created_at: '2026-06-15T08:00:00.000-04:00',
    });
    clock.set('2026-06-01T12:00:00Z');
    const before = (await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' })).body.event;
    expect(before).toMatchObject({
      happening_in: 'future',
      day_number: null,
      days_until: 14,
      days_since: -15,
    });
    clock.set('2026-06-20T12:00:00Z');
    const after = (await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' })).body.event;
    expect(after).toMatchObject({ happening_in: 'past', day_number: null, days_until: -5, days_since: 4 });
  });

  it('creates an event with a title-derived unique slug and defaults', async () => {
    const { service } = await setup();
    const first = await call(service, 'POST', '/v3/acme/events', {
      body: { event: { title: 'Very Cool Conf' } },
    });
    expect(first.status).toBe(201);
    expect(first.body.event).toMatchObject({
      _type: 'event',
      view: 'extended',
      slug: 'very-cool-conf',
      happening_in: 'unknown',
      date_or_range: '',
      days_until: null,
      timezone: 'UTC',
    });
    const second = await call(service, 'POST', '/v3/acme/events', {
      token: 'live31',
      body: { 'event[title]': 'Very Cool Conf', 'event[email_address]': 'x@example.com' },
    });
    expect(second.body.event.slug).toBe('very-cool-conf-2');
    expect(second.body.event.email_address).toBe('x@example.com');
    expect(second.body.meta).toEqual({ api_version: '3.1.0' });
  });

  it('updates fields and settings, rejects bad values with 422 and changes nothing then', async () => {
    const { service, store } = await setup();
    const ok = await call(service, 'PATCH', '/v3/acme/conf-2026', {
      token: 'live31',
      body: { event: { location: 'Hall B', show_banner: false, invoice_due_days: 14 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.event).toMatchObject({ location: 'Hall B', show_banner: false, invoice_due_days: 14 });
    const before = storeSnapshot(store);
    const bad = await call(service, 'PATCH', '/v3/acme/conf-2026', {
      token: 'live31',
      body: { event: { title: '', timezone: 'Mars/Base' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ title: ["can't be blank"], timezone: ['is not included in the list'] });
    const bad30 = await call(service, 'POST', '/v3/acme/events', { body: { event: { location: 'x' } } });
    expect(bad30.body).toEqual({ errors: { title: ["can't be blank"] } });
    expect(storeSnapshot(store)).toBe(before);
  });

  it('deletes an event with its records', async () => {
    const { service } = await setup();
    await call(service, 'POST', '/v3/acme/conf-2026/activities', { body: { activity: { name: 'Tour' } } });
    expect((await call(service, 'DELETE', '/v3/acme/conf-2026')).status).toBe(204);
    expect((await call(service, 'GET', '/v3/acme/conf-2026')).status).toBe(404);
  });

  it('duplicates: processing at first, complete with the new title and slug later', async () => {
    const { service, clock } = await setup();
    await call(service, 'POST', '/v3/acme/conf-2026/activities', { body: { activity: { name: 'Tour' } } });
    expect((await call(service, 'GET', '/v3/acme/conf-2026/duplication')).status).toBe(404);
    const started = await call(service, 'POST', '/v3/acme/conf-2026/duplication', { token: 'live31' });
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      duplication: { _type: 'duplication', status: 'processing', title: null, slug: null },
    });
    const still = await call(service, 'GET', '/v3/acme/conf-2026/duplication');
    expect(still.body.duplication.status).toBe('processing');
    clock.advance(2500);
    const done = await call(service, 'GET', '/v3/acme/conf-2026/duplication');
    expect(done.body.duplication).toMatchObject({
      status: 'complete',
      title: 'Conf 2026 Copy',
      slug: 'conf-2026-copy',
    });
    const copied = await call(service, 'GET', '/v3/acme/conf-2026-copy/activities');
    expect(copied.body.activities.map((a: { name: string }) => a.name)).toEqual(['Tour']);
  });

  it('answers 404 for an unknown event and 403 for an account the token may not use', async () => {
    const { service, ctx } = await setup();
    await service.write(() => makeAccount(ctx, { slug: 'rival', name: 'Rival' }));
    const missing = await call(service, 'GET', '/v3/acme/nope', { token: 'live31' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: 'Resource not found', access_token: '*bbbb' });
    const forbidden = await call(service, 'GET', '/v3/rival/events', { token: 'live31' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ status: 403, message: 'Forbidden' });
    const forbidden30 = await call(service, 'GET', '/v3/rival/events');
    expect(forbidden30.body.errors).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it('shows translations in 3.1 only with several locales or when expanded', async () => {
    const { service } = await setup();
    const plain = await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' });
    expect(plain.body.event).not.toHaveProperty('translations');
    const forced = await call(service, 'GET', '/v3/acme/conf-2026?expand=translations,releases', {
      token: 'live31',
    });
    expect(forced.body.event.translations.en.title).toBe('Conf 2026');
    expect(forced.body.event.releases).toHaveLength(1);
    await call(service, 'PATCH', '/v3/acme/conf-2026', { body: { event: { locales: ['en', 'de'] } } });
    const multi = await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' });
    expect(Object.keys(multi.body.event.translations)).toEqual(['en', 'de']);
  });

  it('matches the documented and recorded shapes', async () => {
    const { service } = await setup();
    await call(service, 'PATCH', '/v3/acme/conf-2026', {
      body: {
        event: {
          description: 'About',
          metadata: { my_event_variable: 'x', another_event_variable: 1 },
          quantity: 100,
          map_latitude: '53.3',
          map_longitude: '-6.2',
          map_zoomlevel: 13,
        },
      },
    });
    const nullable = ['event.end_date', 'events[].end_date', 'event.days_until'];
    const foreign = ['event.releases', 'events[].releases'];
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      for (const [name, path] of [
        ['show', '/v3/acme/conf-2026'],
        ['index', '/v3/acme/events'],
        ['update', '/v3/acme/conf-2026'],
      ] as const) {
        const res = await call(service, 'GET', path, { token });
        const diff = shapeDifferences(documentedExample(version, 'events', name), res.body, {
          nullable,
          foreign,
        });
        expect(diff, `${version} ${name}`).toEqual([]);
      }
      const create = await call(service, 'POST', '/v3/acme/events', {
        token,
        body: { event: { title: 'New' } },
      });
      expect(
        shapeDifferences(documentedExample(version, 'events', 'create'), create.body, { foreign }),
      ).toEqual([]);
    }
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      for (const name of ['past', 'archived'] as const) {
        const res = await call(service, 'GET', `/v3/acme/events/${name}`, { token });
        expect(shapeDifferences(documentedExample(version, 'events', name), res.body), name).toEqual([]);
      }
    }
    const found = await call(service, 'GET', '/v3/acme/conf-2026', { token: 'live31' });
    expect(shapeDifferences(recordedResponse('events_find', 0), found.body)).toEqual([]);
    const list = await call(service, 'GET', '/v3/acme/events?page[number]=1', { token: 'live31' });
    expect(shapeDifferences(recordedResponse('events_list', 0), list.body)).toEqual([]);
  });
});
