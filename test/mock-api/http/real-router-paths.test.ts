// Clients written against the real service, sent as they are: a trailing `/`, a doubled `/`
// and a `.json` suffix reach the same route as the clean path (the real router normalises the
// path before it matches), on both APIs, for reads and writes; and the two Admin API addresses
// the documents leave out but the real service answers: the token's own `/events` and one
// account at `/:account`.
import { describe, expect, it } from 'vitest';
import { makeAccount, makeEvent } from '../factories';
import { LIST, checkinFixture } from '../checkin/fixture';
import { call, createTestService } from '../support';

describe('paths as the real router takes them', () => {
  it('answers the Check-in API under a trailing slash, a doubled slash and .json, writes included', async () => {
    const { service, tickets, ctx } = await checkinFixture();
    const base = `/checkin/checkin_lists/${LIST}`;
    const clean = await call(service, 'GET', `${base}/tickets`, { token: null });
    expect(clean.status).toBe(200);
    for (const path of [
      `${base}/tickets/`,
      `/checkin//checkin_lists/${LIST}/tickets`,
      `${base}/tickets.json`,
    ]) {
      const answer = await call(service, 'GET', path, { token: null });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 200,
        body: clean.body,
      });
    }
    const list = await call(service, 'GET', `${base}.json`, { token: null });
    expect(list.status).toBe(200);
    expect(list.body.slug).toBe(LIST);

    const created = await call(service, 'POST', `${base}/checkins/`, {
      token: null,
      body: { checkin: { ticket_id: tickets.general.id } },
    });
    expect(created.status).toBe(201);
    const listed = await call(service, 'GET', `${base}//checkins/`, { token: null });
    expect(listed.body.map((c: { uuid: string }) => c.uuid)).toEqual([created.body.uuid]);
    const deleted = await call(service, 'DELETE', `${base}/checkins/${created.body.uuid}.json`, {
      token: null,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_at).not.toBeNull();
    expect(ctx.store.count('checkins')).toBe(1);
  });

  it('answers the Admin API under the same forms, and still 404s a path no route has', async () => {
    const t = createTestService();
    await t.service.ready;
    await t.service.write(() => makeEvent(t.ctx, makeAccount(t.ctx)));
    const clean = await call(t.service, 'GET', '/v3/acme/events', { token: 'live31' });
    expect(clean.status).toBe(200);
    expect(clean.body.events).toHaveLength(1);
    for (const path of [
      '/v3//acme/events',
      '/v3/acme/events/',
      '/v3/acme/events.json',
      '/v3/acme//conf-2026/',
      '//v3/acme/events',
    ]) {
      const answer = await call(t.service, 'GET', path, { token: 'live31' });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
    const made = await call(t.service, 'POST', '/v3/acme/conf-2026/releases/', {
      token: 'live31',
      body: { release: { title: 'Late' } },
    });
    expect(made.status).toBe(201);
    for (const path of [
      '/v3/acme/conf-2026/nothing.json',
      '/v3/acme/conf-2026/releases.xml',
      '/checkin/checkin_lists/x.json/tickets',
    ])
      expect((await call(t.service, 'GET', path, { token: 'live31' })).status).toBe(404);
  });
});

describe('Admin API addresses the documents leave out', () => {
  it('lists the token’s own events at /v3/events, in the shape of the recorded interaction', async () => {
    const t = createTestService();
    await t.service.ready;
    await t.service.write(() => {
      const acme = makeAccount(t.ctx);
      makeEvent(t.ctx, acme);
      makeEvent(t.ctx, makeAccount(t.ctx, { slug: 'other', name: 'Other' }), { slug: 'not-yours' });
    });
    const answer = await call(t.service, 'GET', '/v3/events?page[number]=1', { token: 'live31' });
    expect(answer.status).toBe(200);
    expect(answer.body.events.map((e: { slug: string }) => e.slug)).toEqual(['conf-2026']);
    expect(answer.body.meta).toMatchObject({ current_page: 1, total_count: 1, per_page: 100 });
    expect(answer.body.meta.filter_options.selected_states).toEqual(['upcoming']);
    const refused = await call(t.service, 'GET', '/v3/events', { token: null });
    expect(refused.status).toBe(401);
  });

  it('answers one account at /v3/:account, and 403 for an account the token may not see', async () => {
    const t = createTestService();
    await t.service.ready;
    await t.service.write(() => {
      makeAccount(t.ctx);
      makeAccount(t.ctx, { slug: 'other', name: 'Other' });
    });
    const answer = await call(t.service, 'GET', '/v3/acme', { token: 'live31' });
    expect(answer.status).toBe(200);
    expect(answer.body.account).toMatchObject({ slug: 'acme', name: expect.any(String), description: null });
    expect(answer.body.meta.api_version).toBe('3.1.0');
    expect((await call(t.service, 'GET', '/v3/other', { token: 'live31' })).status).toBe(403);
    expect((await call(t.service, 'GET', '/v3/nobody', { token: 'live31' })).status).toBe(404);
    expect((await call(t.service, 'GET', '/v3/hello', { token: 'live31' })).body.accounts).toEqual(['acme']);
  });
});
