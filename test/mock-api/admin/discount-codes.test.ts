import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration, makeTicket } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/discount_codes';

async function setup() {
  const { service, ctx, store, clock } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, ctx, store, clock, ...basics };
}

function code(over: Record<string, unknown> = {}) {
  return { discount_code: { code: 'HALFPRICE', type: 'PercentOffDiscountCode', value: '50', ...over } };
}

const codes = (body: { discount_codes: { code: string }[] }) => body.discount_codes.map((d) => d.code);

describe('discount codes', () => {
  it('creates a code with its value as a decimal string and a generated description', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { discount_code: { code: 'INTEGRATIONTEST', type: 'PercentOffDiscountCode', value: '0.25e2' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.discount_code).toMatchObject({
      code: 'INTEGRATIONTEST',
      value: '25.0',
      state: 'current',
      quantity_used: 0,
      show_public_releases: 'all',
      show_secret_releases: 'none',
      only_show_attached: false,
      reveal_secret: false,
      description: 'Sell for 25.0% less. Unlimited. Applies to 0 tickets. Not used yet.',
      share_url: 'https://ti.to/acme/conf-2026/discount/INTEGRATIONTEST',
    });
    const money = await call(service, 'POST', PATH, {
      body: code({ code: 'FREE2U', type: 'MoneyOffDiscountCode', value: 1 }),
    });
    expect(money.body.discount_code).toMatchObject({
      value: '1.0',
      discount_code_type: 'MoneyOffDiscountCode',
    });
    expect(money.body.discount_code.description).toMatch(/^Sell for \$1 less\./);
    expect(money.body.discount_code).toHaveProperty('release_ids', []);
    expect(money.body.discount_code).not.toHaveProperty('show_public_releases');
  });

  it('answers 422 with each documented message in both shapes and changes nothing', async () => {
    const { service, store } = await setup();
    await call(service, 'POST', PATH, { body: code() });
    const before = storeSnapshot(store);
    const body = { discount_code: { code: 'halfprice', type: 'WrongType' } };
    const v31 = await call(service, 'POST', PATH, { token: 'live31', body });
    expect(v31.status).toBe(422);
    expect(v31.body).toEqual({
      status: 422,
      message: 'That request was invalid',
      errors: {
        code: ['has already been taken'],
        type: ['is not included in the list'],
        value: ["can't be blank"],
      },
      error_list: [
        { attribute: 'code', message: 'has already been taken' },
        { attribute: 'type', message: 'is not included in the list' },
        { attribute: 'value', message: "can't be blank" },
      ],
    });
    expect(shapeDifferences(documentedExample('3.1', 'errors', '422'), v31.body)).toEqual([]);
    const v30 = await call(service, 'POST', PATH, { body: { discount_code: {} } });
    expect(v30.body).toEqual({
      errors: { code: ["can't be blank"], type: ["can't be blank"], value: ["can't be blank"] },
    });
    expect(storeSnapshot(store)).toBe(before);
  });

  it('derives upcoming, current and past from start_at and end_at, hiding past by default', async () => {
    const { service, clock } = await setup();
    await call(service, 'POST', PATH, { body: code({ code: 'EARLY', end_at: '2026-06-20T00:00:00Z' }) });
    await call(service, 'POST', PATH, { body: code({ code: 'LATER', start_at: '2026-06-18T00:00:00Z' }) });
    await call(service, 'POST', PATH, { body: code({ code: 'ALWAYS' }) });
    const now = await call(service, 'GET', PATH, { token: 'live31' });
    expect(codes(now.body)).toEqual(['LATER', 'EARLY', 'ALWAYS']);
    expect(now.body.discount_codes.map((d: { state: string }) => d.state)).toEqual([
      'upcoming',
      'current',
      'current',
    ]);
    expect(now.body.meta).toMatchObject({
      resources_hidden_by_default_count: 0,
      search_states_hidden_by_default: ['past'],
      sort_options: { 'Code Z-A': { attr: 'code', direction: 'desc', default: true } },
      filter_options: { selected_states: ['current', 'upcoming', 'used', 'unused'] },
    });
    clock.set('2026-06-21T00:00:00Z');
    const later = await call(service, 'GET', PATH, { token: 'live31' });
    expect(codes(later.body)).toEqual(['LATER', 'ALWAYS']);
    expect(later.body.meta).toMatchObject({
      resources_hidden_by_default_count: 1,
      total_count: 2,
      overall_total: 3,
    });
    const past = await call(service, 'GET', `${PATH}?search[states][]=past`);
    expect(codes(past.body)).toEqual(['EARLY']);
    expect(past.body.meta.filter_options.selected_states).toEqual(['past']);
    const asc = await call(service, 'GET', `${PATH}?search[sort]=code&search[direction]=asc`);
    expect(codes(asc.body)).toEqual(['ALWAYS', 'LATER']);
  });

  it('counts uses per mode and filters used and unused', async () => {
    const { service, ctx, event, release } = await setup();
    const created = await call(service, 'POST', PATH, { body: code({ release_ids: [release.id] }) });
    await call(service, 'POST', PATH, { body: code({ code: 'SPARE' }) });
    const id = created.body.discount_code.id;
    await service.write(() => {
      const reg = makeRegistration(ctx, event, { discount_code_id: id });
      makeTicket(ctx, reg, release);
      makeTicket(ctx, reg, release);
    });
    const live = await call(service, 'GET', `${PATH}/${id}`, { token: 'live31' });
    expect(live.body.discount_code).toMatchObject({
      quantity_used: 2,
      tickets_count: 2,
      registrations_count: 1,
    });
    expect(live.body.discount_code.description).toBe(
      'Sell for 50.0% less. Unlimited. Applies to 1 ticket. Used 2 times.',
    );
    const test = await call(service, 'GET', `${PATH}/${id}`, { token: 'test31' });
    expect(test.body.discount_code.quantity_used).toBe(0);
    expect(codes((await call(service, 'GET', `${PATH}?search[states][]=used`)).body)).toEqual(['HALFPRICE']);
    expect(codes((await call(service, 'GET', `${PATH}?search[states][]=unused`)).body)).toEqual(['SPARE']);
  });

  it('takes 3.0 and 3.1 release visibility fields and expands releases in 3.1', async () => {
    const { service, release } = await setup();
    const v30 = await call(service, 'POST', PATH, {
      body: code({ only_show_attached: true, reveal_secret: true, release_ids: ['general'] }),
    });
    const id = v30.body.discount_code.id;
    expect(v30.body.discount_code).toMatchObject({
      only_show_attached: true,
      reveal_secret: true,
      release_ids: [release.id],
    });
    const v31 = await call(service, 'PATCH', `${PATH}/${id}?expand=releases,release_ids,release_slugs`, {
      token: 'live31',
      body: { discount_code: { show_secret_releases: 'even_if_discount_code_not_available' } },
    });
    expect(v31.body.discount_code).toMatchObject({
      show_public_releases: 'only_attached',
      show_secret_releases: 'even_if_discount_code_not_available',
      releases_ids: [release.id],
      releases_slugs: ['general'],
    });
    expect(v31.body.discount_code.releases[0].id).toBe(release.id);
    const bad = await call(service, 'PATCH', `${PATH}/${id}`, {
      token: 'live31',
      body: { discount_code: { show_public_releases: 'some' } },
    });
    expect(bad.body.errors).toEqual({ show_public_releases: ['is not included in the list'] });
  });

  it('updates, deletes and answers 404 for an unknown id', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, { body: code() });
    const id = created.body.discount_code.id;
    const updated = await call(service, 'PATCH', `${PATH}/${id}`, {
      body: { 'discount_code[type]': 'MoneyOffDiscountCode', 'discount_code[value]': 1 },
    });
    expect(updated.body.discount_code).toMatchObject({
      type: 'MoneyOffDiscountCode',
      value: '1.0',
      code: 'HALFPRICE',
    });
    expect((await call(service, 'DELETE', `${PATH}/${id}`)).status).toBe(204);
    expect((await call(service, 'GET', `${PATH}/${id}`)).status).toBe(404);
    expect((await call(service, 'GET', `${PATH}/abc`)).status).toBe(404);
  });

  it('accepts form-encoded bodies', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', PATH, {
      token: 'live31',
      body: 'discount_code[code]=FORM&discount_code[type]=MoneyOffDiscountCode&discount_code[value]=12.5',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(201);
    expect(res.body.discount_code).toMatchObject({ code: 'FORM', value: '12.5' });
  });

  it('matches the documented and recorded shapes', async () => {
    const { service, release } = await setup();
    const created = await call(service, 'POST', PATH, {
      body: code({ code: 'FREE2U', type: 'MoneyOffDiscountCode', value: 1, release_ids: [release.id] }),
    });
    const id = created.body.discount_code.id;
    const foreign = ['discount_code.releases'];
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const show = await call(service, 'GET', `${PATH}/${id}`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'discount_codes', 'show'), show.body, { foreign }),
      ).toEqual([]);
      const index = await call(service, 'GET', PATH, { token });
      expect(shapeDifferences(documentedExample(version, 'discount_codes', 'index'), index.body)).toEqual([]);
      const update = await call(service, 'PATCH', `${PATH}/${id}`, {
        token,
        body: { discount_code: { value: 1 } },
      });
      expect(
        shapeDifferences(documentedExample(version, 'discount_codes', 'update'), update.body, { foreign }),
      ).toEqual([]);
      const create = await call(service, 'POST', PATH, { token, body: code({ code: `NEW${version}` }) });
      expect(
        shapeDifferences(documentedExample(version, 'discount_codes', 'create'), create.body, { foreign }),
      ).toEqual([]);
    }
    const list = await call(service, 'GET', `${PATH}?page[number]=1`, { token: 'live31' });
    expect(shapeDifferences(recordedResponse('discount_codes_list', 0), list.body)).toEqual([]);
    const created31 = await call(service, 'POST', PATH, { token: 'live31', body: code({ code: 'REC' }) });
    expect(shapeDifferences(recordedResponse('discount_codes_crud', 0), created31.body)).toEqual([]);
  });
});
