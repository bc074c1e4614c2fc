// Conventions of document 1 as the event-level resources apply them: auth errors per version,
// unknown endpoints, modes, pagination limits, 3.0 views, malformed bodies.
import { describe, expect, it } from 'vitest';
import { makeBasics } from '../factories';
import { TOKENS, call, createTestService } from '../support';
import { storeSnapshot } from './shape';

const EVENT = '/v3/acme/conf-2026';

async function setup() {
  const { service, ctx, store } = createTestService();
  await service.ready;
  await service.write(() => makeBasics(ctx));
  return { service, ctx, store };
}

describe('Admin API conventions on event resources', () => {
  it('answers 401 without a usable token, in each version shape', async () => {
    const { service } = await setup();
    const v30 = await call(service, 'GET', `${EVENT}/discount_codes`, { token: null });
    expect(v30.status).toBe(401);
    expect(v30.body).toMatchObject({ errors: { api_token: ["can't be blank"] }, hint: expect.any(String) });
    const v31 = await call(service, 'GET', `${EVENT}/discount_codes?version=3.1`, {
      token: null,
      headers: { Authorization: 'Token token=nope' },
    });
    expect(v31.status).toBe(401);
    expect(v31.body).toMatchObject({ status: 401, message: expect.any(String), hint: expect.any(String) });
  });

  it('accepts Bearer and quoted tokens, and ?version=3.1 on a 3.0 token', async () => {
    const { service } = await setup();
    const bearer = await call(service, 'GET', `${EVENT}/activities?version=3.1`, {
      token: null,
      headers: { Authorization: `Bearer ${TOKENS.live30}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.meta.api_version).toBe('3.1.0');
    const quoted = await call(service, 'GET', `${EVENT}/activities`, {
      token: null,
      headers: { Authorization: `Token token="${TOKENS.live31}"` },
    });
    expect(quoted.body.meta.api_version).toBe('3.1.0');
  });

  it('answers 404 for an unknown endpoint below an event', async () => {
    const { service } = await setup();
    const res = await call(service, 'GET', `${EVENT}/gadgets`, { token: 'live31' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404 });
  });

  it('caps page[size] at 1000, defaults to 100, and refuses a size that is not a whole number from 1', async () => {
    const { service } = await setup();
    for (let i = 0; i < 3; i++) {
      await call(service, 'POST', `${EVENT}/interested_users`, {
        body: { interested_user: { email: `p${i}@example.com` } },
      });
    }
    const capped = await call(service, 'GET', `${EVENT}/interested_users?page[size]=5000`);
    expect(capped.body.meta.per_page).toBe(1000);
    const past = await call(service, 'GET', `${EVENT}/interested_users?page[size]=&page[number]=9`);
    expect(past.body.meta).toMatchObject({ per_page: 100, current_page: 9, total_count: 3 });
    expect(past.body.interested_users).toEqual([]);
    const refused = await call(service, 'GET', `${EVENT}/interested_users?page[size]=abc`);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('page[size] must be a whole number from 1');
  });

  it('shows a short 3.0 record with view=short, an extended list with view=extended, and warns about expand', async () => {
    const { service } = await setup();
    await call(service, 'POST', `${EVENT}/opt_ins`, { body: { opt_in: { name: 'News' } } });
    const short = await call(service, 'GET', `${EVENT}/opt_ins/news?view=short`);
    expect(short.body.opt_in).not.toHaveProperty('view');
    expect(short.body.opt_in).not.toHaveProperty('releases');
    const extended = await call(service, 'GET', `${EVENT}/opt_ins?view=extended`);
    expect(extended.body.opt_ins[0]).toMatchObject({ view: 'extended', releases: [] });
    const warned = await call(service, 'GET', `${EVENT}/opt_ins?expand=releases`);
    expect(warned.body.meta.warning).toBe(
      'The expand parameter is not available in version 3.0.0 of the API',
    );
  });

  it('shares event setup between modes: test tokens see and edit the same activities', async () => {
    const { service } = await setup();
    await call(service, 'POST', `${EVENT}/activities`, {
      token: 'test31',
      body: { activity: { name: 'Tour' } },
    });
    const live = await call(service, 'GET', `${EVENT}/activities`, { token: 'live31' });
    expect(live.body.activities.map((a: { name: string }) => a.name)).toEqual(['Tour']);
  });

  it('rejects malformed bodies with 4xx and changes nothing', async () => {
    const { service, store } = await setup();
    const before = storeSnapshot(store);
    const cases: [string, string, string][] = [
      ['POST', `${EVENT}/activities`, '{"activity": '],
      ['POST', `${EVENT}/activities`, '[1, 2]'],
      ['POST', `${EVENT}/activities`, '{"activity": "Tour"}'],
      [
        'POST',
        `${EVENT}/discount_codes`,
        JSON.stringify({ discount_code: { code: ['A'], type: 'X', value: {} } }),
      ],
      ['POST', `${EVENT}/checkin_lists`, JSON.stringify({ checkin_list: { title: 'x'.repeat(2_000_000) } })],
      ['PATCH', EVENT, JSON.stringify({ event: { start_date: '2026-13-40', metadata: [1] } })],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(service, method, path, { token: 'live31', body });
      expect(res.status, `${method} ${path} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ status: res.status, message: expect.any(String) });
    }
    expect(storeSnapshot(store)).toBe(before);
  });

  it('unlinks a deleted question from activities and check-in lists', async () => {
    const { service } = await setup();
    const question = await call(service, 'POST', `${EVENT}/questions`, {
      body: { question: { title: 'Size?', field_type: 'Text' } },
    });
    const id = question.body.question.id;
    const activity = await call(service, 'POST', `${EVENT}/activities`, {
      body: { activity: { name: 'Tour', question_ids: [id] } },
    });
    expect(activity.body.activity.question_ids).toEqual([id]);
    await call(service, 'DELETE', `${EVENT}/questions/size`);
    const after = await call(service, 'GET', `${EVENT}/activities/${activity.body.activity.id}`);
    expect(after.body.activity.question_ids).toEqual([]);
  });
});
