import { describe, expect, it } from 'vitest';
import { makeBasics, makeCheckinList, makeRegistration, makeRelease, makeTicket } from '../factories';
import { NOW, call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/checkin_lists';

async function setup() {
  const { service, ctx, store, clock } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, ctx, store, clock, ...basics };
}

describe('check-in lists', () => {
  it('creates a list with a chk_ slug, open, and door addresses of this app', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { checkin_list: { title: 'Front door' } },
    });
    expect(res.status).toBe(201);
    const list = res.body.checkin_list;
    expect(list.slug).toMatch(/^chk_[0-9A-Za-z]{23}$/);
    expect(list).toMatchObject({
      _type: 'checkin_list',
      title: 'Front door',
      expired: false,
      open: true,
      state: 'open',
      expires_at: null,
      show_company_name: true,
      show_email: true,
      show_phone_number: true,
      hide_unpaid: false,
      tickets_count: 0,
      checked_in_count: 0,
      checked_in_percent: 0,
      web_checkin_url: `https://door.example/checkin_lists/${list.slug}`,
    });
    expect(list.qr_code_url).toContain(list.slug);
    expect(res.body.meta).toEqual({ api_version: '3.1.0' });
  });

  it('turns expired when expires_at passes', async () => {
    const { service, clock } = await setup();
    const res = await call(service, 'POST', PATH, {
      body: { checkin_list: { title: 'Day one', expires_at: '2026-06-15T18:00:00Z' } },
    });
    expect(res.body.checkin_list).toMatchObject({
      state: 'open',
      expires_at: '2026-06-15T14:00:00.000-04:00',
    });
    clock.set('2026-06-15T18:00:01Z');
    const later = await call(service, 'GET', `${PATH}/${res.body.checkin_list.slug}`, { token: 'live31' });
    expect(later.body.checkin_list).toMatchObject({ expired: true, open: false, state: 'expired' });
  });

  it('counts the live tickets of its releases, leaves unpaid out with hide_unpaid, and the arrivals', async () => {
    const { service, ctx, event, release } = await setup();
    const made = await service.write(() => {
      const vip = makeRelease(ctx, event, { slug: 'vip', title: 'VIP' });
      const paid = makeRegistration(ctx, event);
      const unpaid = makeRegistration(ctx, event, { receipt_paid: false });
      const a = makeTicket(ctx, paid, release);
      makeTicket(ctx, paid, release);
      makeTicket(ctx, unpaid, release);
      makeTicket(ctx, paid, vip);
      makeTicket(ctx, makeRegistration(ctx, event, { test_mode: true }), release);
      const list = makeCheckinList(ctx, event, { release_ids: [release.id] });
      ctx.store.insert('checkins', {
        checkin_list_id: list.id,
        ticket_id: a.id,
        uuid: 'u-1',
        created_at: NOW,
        updated_at: NOW,
        deleted_at: null,
      });
      return { list, vip };
    });
    const shown = await call(service, 'GET', `${PATH}/${made.list.slug}`, { token: 'live31' });
    expect(shown.body.checkin_list).toMatchObject({
      tickets_count: 3,
      checked_in_count: 1,
      checked_in_percent: 33,
    });
    const hidden = await call(service, 'PATCH', `${PATH}/${made.list.id}`, {
      token: 'live31',
      body: { checkin_list: { hide_unpaid: true } },
    });
    expect(hidden.body.checkin_list).toMatchObject({
      tickets_count: 2,
      checked_in_count: 1,
      checked_in_percent: 50,
    });
    const all = await call(service, 'PATCH', `${PATH}/${made.list.slug}`, {
      body: { checkin_list: { release_ids: [] } },
    });
    expect(all.body.checkin_list.tickets_count).toBe(3);
  });

  it('looks lists up by slug or id and answers 404 for another event or an unknown one', async () => {
    const { service, ctx, event } = await setup();
    const list = await service.write(() => makeCheckinList(ctx, event));
    expect((await call(service, 'GET', `${PATH}/${list.slug}`)).status).toBe(200);
    expect((await call(service, 'GET', `${PATH}/${list.id}`)).status).toBe(200);
    const missing = await call(service, 'GET', `${PATH}/chk_nope`, { token: 'live31' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, message: 'Resource not found', test_mode: false });
    const missing30 = await call(service, 'GET', `${PATH}/chk_nope`, { token: 'test30' });
    expect(missing30.body).toMatchObject({ status: 404, lookup_mode: 'test' });
  });

  it('lists with title sort, pagination meta, 3.0 id arrays and 3.1 expansions', async () => {
    const { service, ctx, event, release } = await setup();
    await service.write(() => {
      makeCheckinList(ctx, event, { slug: 'chk_b', title: 'Side door', release_ids: [release.id] });
      makeCheckinList(ctx, event, { slug: 'chk_a', title: 'Front door' });
    });
    const v31 = await call(service, 'GET', `${PATH}?expand=releases,release_ids`, { token: 'live31' });
    expect(v31.body.checkin_lists.map((l: { title: string }) => l.title)).toEqual([
      'Front door',
      'Side door',
    ]);
    expect(v31.body.checkin_lists[1].releases_ids).toEqual([release.id]);
    expect(v31.body.checkin_lists[1].releases[0].slug).toBe('general');
    expect(v31.body.meta.expandable).toMatchObject({ releases: true, release_ids: true, activities: false });
    expect(v31.body.meta.sort_options['Name A-Z']).toEqual({
      attr: 'title',
      direction: 'asc',
      default: true,
    });
    const v30 = await call(service, 'GET', `${PATH}?search[sort]=title&search[direction]=desc`);
    expect(v30.body.checkin_lists[0]).toMatchObject({ title: 'Side door', release_ids: [release.id] });
    expect(v30.body.checkin_lists[0]).not.toHaveProperty('releases');
    const extended = await call(service, 'GET', `${PATH}?view=extended`);
    expect(extended.body.checkin_lists[0]).toMatchObject({ view: 'extended', tickets: [], checkins: [] });
  });

  it('rejects a missing title or an unknown release with 422 and changes nothing', async () => {
    const { service, store } = await setup();
    const before = storeSnapshot(store);
    const v30 = await call(service, 'POST', PATH, { body: { checkin_list: { release_ids: [999] } } });
    expect(v30.status).toBe(422);
    expect(v30.body).toEqual({ errors: { title: ["can't be blank"], release_ids: ['is invalid'] } });
    const v31 = await call(service, 'POST', PATH, { token: 'live31', body: '{"checkin_list": ' });
    expect(v31.status).toBe(400);
    expect(storeSnapshot(store)).toBe(before);
  });

  it('deletes with 204 and no body', async () => {
    const { service, ctx, event } = await setup();
    const list = await service.write(() => makeCheckinList(ctx, event));
    const res = await call(service, 'DELETE', `${PATH}/${list.slug}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await call(service, 'GET', `${PATH}/${list.slug}`)).status).toBe(404);
  });

  it('matches the documented and recorded shapes', async () => {
    const { service, ctx, event, release } = await setup();
    const list = await service.write(() => makeCheckinList(ctx, event, { release_ids: [release.id] }));
    const foreign = ['checkin_list.releases', 'checkin_list.questions', 'checkin_list.activities'];
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const show = await call(service, 'GET', `${PATH}/${list.slug}`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'checkin_lists', 'show'), show.body, { foreign }),
      ).toEqual([]);
      const index = await call(service, 'GET', PATH, { token });
      expect(shapeDifferences(documentedExample(version, 'checkin_lists', 'index'), index.body)).toEqual([]);
      const update = await call(service, 'PATCH', `${PATH}/${list.slug}`, {
        token,
        body: { 'checkin_list[title]': 'Front door' },
      });
      expect(
        shapeDifferences(documentedExample(version, 'checkin_lists', 'update'), update.body, { foreign }),
      ).toEqual([]);
      const create = await call(service, 'POST', PATH, {
        token,
        body: { checkin_list: { title: 'Back door' } },
      });
      expect(
        shapeDifferences(documentedExample(version, 'checkin_lists', 'create'), create.body, { foreign }),
      ).toEqual([]);
      if (version === '3.1') {
        expect(shapeDifferences(recordedResponse('checkin_lists_crud', 0), create.body)).toEqual([]);
      }
    }
  });
});
