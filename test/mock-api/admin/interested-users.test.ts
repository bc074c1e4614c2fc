import { describe, expect, it } from 'vitest';
import { makeBasics } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/interested_users';

async function setup() {
  const { service, ctx, store } = createTestService();
  await service.ready;
  await service.write(() => makeBasics(ctx));
  return { service, store };
}

describe('interested users', () => {
  it('creates with name null when omitted, and with a name when given', async () => {
    const { service } = await setup();
    const bare = await call(service, 'POST', PATH, { body: { 'interested_user[email]': 'a@example.com' } });
    expect(bare.status).toBe(201);
    expect(bare.body).toEqual({
      interested_user: {
        _type: 'interested_user',
        id: bare.body.interested_user.id,
        name: null,
        email: 'a@example.com',
        created_at: '2026-06-15T08:00:00.000-04:00',
        updated_at: '2026-06-15T08:00:00.000-04:00',
      },
      meta: { api_version: '3.0.0' },
    });
    const named = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { interested_user: { email: 'b@example.com', name: 'Integration Tester' } },
    });
    expect(named.body.interested_user.name).toBe('Integration Tester');
  });

  it('rejects a missing or malformed email with 422', async () => {
    const { service, store } = await setup();
    const before = storeSnapshot(store);
    const missing = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { interested_user: { name: 'X' } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error_list).toEqual([{ attribute: 'email', message: "can't be blank" }]);
    const malformed = await call(service, 'POST', PATH, { body: { interested_user: { email: 'nope' } } });
    expect(malformed.body).toEqual({ errors: { email: ['is invalid'] } });
    expect(storeSnapshot(store)).toBe(before);
  });

  it('lists, gets, updates and deletes', async () => {
    const { service } = await setup();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await call(service, 'POST', PATH, { body: { interested_user: { email } } });
    }
    const page2 = await call(service, 'GET', `${PATH}?page[number]=2&page[size]=2`, { token: 'live31' });
    expect(page2.body.interested_users.map((u: { email: string }) => u.email)).toEqual(['c@example.com']);
    expect(page2.body.meta).toMatchObject({
      current_page: 2,
      prev_page: 1,
      next_page: null,
      total_count: 3,
      expandable: {},
    });
    const id = page2.body.interested_users[0].id;
    const shown = await call(service, 'GET', `${PATH}/${id}`, { token: 'live31' });
    expect(shown.body.meta).toEqual({ api_version: '3.1.0', expandable: {} });
    const updated = await call(service, 'PATCH', `${PATH}/${id}`, {
      body: { interested_user: { name: 'Cee' } },
    });
    expect(updated.body.interested_user).toMatchObject({ name: 'Cee', email: 'c@example.com' });
    expect((await call(service, 'DELETE', `${PATH}/${id}`)).status).toBe(204);
    expect((await call(service, 'GET', `${PATH}/${id}`)).status).toBe(404);
  });

  it('matches the documented and recorded shapes', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, {
      body: { interested_user: { email: 'a@example.com', name: 'A' } },
    });
    const id = created.body.interested_user.id;
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      for (const [name, method, path, body] of [
        ['show', 'GET', `${PATH}/${id}`, undefined],
        ['index', 'GET', PATH, undefined],
        ['update', 'PATCH', `${PATH}/${id}`, { 'interested_user[email]': 'z@example.com' }],
        ['create', 'POST', PATH, { 'interested_user[email]': 'n@example.com' }],
      ] as const) {
        const res = await call(service, method, path, { token, body });
        expect(
          shapeDifferences(documentedExample(version, 'interested_users', name), res.body),
          name,
        ).toEqual([]);
      }
    }
    const list = await call(service, 'GET', `${PATH}?page[number]=1`, { token: 'live31' });
    expect(shapeDifferences(recordedResponse('interested_users_list', 0), list.body)).toEqual([]);
  });
});
