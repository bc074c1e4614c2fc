import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration } from '../factories';
import { NOW, call, createTestService } from '../support';

const BASE = '/v3/acme/conf-2026/rsvp_lists';

async function setup() {
  const t = createTestService();
  await t.service.ready;
  const basics = await t.service.write(() => makeBasics(t.ctx));
  return { ...t, ...basics };
}

describe('RSVP lists', () => {
  it('creates, lists, gets, updates and deletes a list in 3.1', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', BASE, {
      token: 'live31',
      body: { rsvp_list: { title: 'VIP' } },
    });
    expect(created.status).toBe(201);
    const list = created.body.rsvp_list;
    expect(list.slug).toMatch(/^rsvp_list_p/);
    expect(list).toMatchObject({
      _type: 'rsvp_list',
      title: 'VIP',
      release_invitations_count: 0,
      message_slug: null,
    });
    expect(created.body.meta).toEqual({ api_version: '3.1.0' });

    await call(service, 'POST', BASE, { token: 'live31', body: { rsvp_list: { title: 'Alpha' } } });
    const index = await call(service, 'GET', BASE, { token: 'live31' });
    expect(index.body.rsvp_lists).toHaveLength(2);
    expect(index.body.meta.expandable).toEqual({});
    expect(index.body.meta.sort_options['Created time, latest first'].default).toBe(true);
    const byTitle = await call(service, 'GET', `${BASE}?search[sort]=title&search[direction]=asc`, {
      token: 'live31',
    });
    expect(byTitle.body.rsvp_lists.map((l: { title: string }) => l.title)).toEqual(['Alpha', 'VIP']);

    const shown = await call(service, 'GET', `${BASE}/${list.slug}`, { token: 'live30' });
    expect(shown.body.rsvp_list.title).toBe('VIP');
    const updated = await call(service, 'PATCH', `${BASE}/${list.slug}`, {
      body: { rsvp_list: { title: 'VIPs' } },
    });
    expect(updated.body.rsvp_list.title).toBe('VIPs');
    const blank = await call(service, 'PATCH', `${BASE}/${list.slug}`, {
      token: 'live31',
      body: { rsvp_list: { title: '' } },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.error_list).toEqual([{ attribute: 'title', message: "can't be blank" }]);
    const deleted = await call(service, 'DELETE', `${BASE}/${list.slug}`, { token: 'live31' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    const gone = await call(service, 'GET', `${BASE}/${list.slug}`, { token: 'live31' });
    expect(gone.status).toBe(404);
  });

  it('requires a title on create (3.0 shape)', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', BASE, { body: { rsvp_list: {} } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { title: ["can't be blank"] } });
  });
});

describe('release invitations', () => {
  it('lists the invitations of a list with counts on the list', async () => {
    const { service, ctx, event, release } = await setup();
    const list = await service.write(() => {
      const l = ctx.store.insert('rsvp_lists', {
        event_id: event.id,
        slug: 'rsvp_list_pabc',
        title: 'Guests',
        message_slug: null,
        created_at: NOW,
        updated_at: NOW,
      });
      const reg = makeRegistration(ctx, event);
      const base = {
        event_id: event.id,
        rsvp_list_id: l.id,
        discount_code: null,
        expires_at: null,
        redirect: false,
        release_ids: [release.id],
        created_at: NOW,
        updated_at: NOW,
      };
      ctx.store.insert('release_invitations', {
        ...base,
        slug: 'rsvp_pone',
        email: 'vip@example.com',
        first_name: 'VIP',
        last_name: 'Guest',
        status: null,
        registration_id: null,
      });
      ctx.store.insert('release_invitations', {
        ...base,
        slug: 'rsvp_ptwo',
        email: 'b@example.com',
        first_name: null,
        last_name: null,
        status: 'maybe',
        registration_id: reg.id,
      });
      return l;
    });
    const v31 = await call(service, 'GET', `${BASE}/${list.slug}/release_invitations`, { token: 'live31' });
    expect(v31.status).toBe(200);
    expect(v31.body.release_invitations[0]).toMatchObject({
      _type: 'release_invitation',
      slug: 'rsvp_pone',
      name: 'VIP Guest',
      redeemed: false,
      status: null,
      rsvp_list_id: list.id,
    });
    expect(v31.body.meta.expandable).toEqual({ registration: false });
    expect(v31.body.meta.filter_options.selected_states).toEqual([]);
    const redeemed = await call(
      service,
      'GET',
      `${BASE}/${list.slug}/release_invitations?search[states][]=redeemed`,
      {
        token: 'live31',
      },
    );
    expect(redeemed.body.release_invitations.map((i: { slug: string }) => i.slug)).toEqual(['rsvp_ptwo']);
    const v30 = await call(service, 'GET', `${BASE}/${list.slug}/release_invitations`);
    expect(v30.body.release_invitations[0].releases).toEqual([
      { id: release.id, title: 'General', slug: 'general' },
    ]);
    const shown = await call(service, 'GET', `${BASE}/${list.slug}`, { token: 'live31' });
    expect(shown.body.rsvp_list).toMatchObject({
      release_invitations_count: 2,
      redeemed_count: 1,
      maybes_count: 1,
    });
    const missing = await call(service, 'GET', `${BASE}/rsvp_list_nope/release_invitations`, {
      token: 'live31',
    });
    expect(missing.status).toBe(404);
  });
});
