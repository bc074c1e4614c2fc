import { describe, expect, it } from 'vitest';
import { makeBasics } from '../factories';
import { call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/opt_ins';

async function setup() {
  const { service, ctx, store } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, store, ...basics };
}

describe('opt-ins', () => {
  it('creates with a name-derived slug and finds it by slug or id', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { opt_in: { name: 'Integration Test Opt In', description: 'Created by integration test' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.opt_in).toMatchObject({ slug: 'integration-test-opt-in', acceptance_count: 0 });
    expect(created.body.opt_in).not.toHaveProperty('release_ids');
    const again = await call(service, 'POST', PATH, {
      body: { opt_in: { name: 'Integration test opt-in' } },
    });
    expect(again.body.opt_in).toMatchObject({
      slug: 'integration-test-opt-in-2',
      view: 'extended',
      release_ids: [],
    });
    expect(again.body.opt_in.translations).toEqual({
      en: { name: 'Integration test opt-in', description: null },
    });
    expect((await call(service, 'GET', `${PATH}/integration-test-opt-in`)).status).toBe(200);
    expect((await call(service, 'GET', `${PATH}/${again.body.opt_in.id}`)).body.opt_in.slug).toBe(
      'integration-test-opt-in-2',
    );
  });

  it('links releases and expands them in 3.1', async () => {
    const { service, release } = await setup();
    await call(service, 'POST', PATH, { body: { opt_in: { name: 'Swag', release_ids: [release.id] } } });
    const res = await call(service, 'GET', `${PATH}/swag?expand=releases,release_ids`, { token: 'live31' });
    expect(res.body.opt_in.releases_ids).toEqual([release.id]);
    expect(res.body.opt_in.releases[0].slug).toBe('general');
    expect(res.body.meta.expandable).toEqual({ releases: true, release_ids: true });
  });

  it('sorts by name, updates, deletes and rejects a missing name', async () => {
    const { service, store } = await setup();
    await call(service, 'POST', PATH, { body: { opt_in: { name: 'Newsletter' } } });
    await call(service, 'POST', PATH, { body: { opt_in: { name: 'Carpool' } } });
    const asc = await call(service, 'GET', PATH, { token: 'live31' });
    expect(asc.body.opt_ins.map((o: { name: string }) => o.name)).toEqual(['Carpool', 'Newsletter']);
    const desc = await call(service, 'GET', `${PATH}?search[sort]=name&search[direction]=desc`);
    expect(desc.body.opt_ins.map((o: { name: string }) => o.name)).toEqual(['Newsletter', 'Carpool']);
    const updated = await call(service, 'PATCH', `${PATH}/newsletter`, {
      body: { 'opt_in[description]': 'Please join!' },
    });
    expect(updated.body.opt_in).toMatchObject({ description: 'Please join!', slug: 'newsletter' });
    const before = storeSnapshot(store);
    const bad = await call(service, 'PATCH', `${PATH}/newsletter`, {
      token: 'live31',
      body: { opt_in: { name: '' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ name: ["can't be blank"] });
    expect(storeSnapshot(store)).toBe(before);
    expect((await call(service, 'DELETE', `${PATH}/carpool`)).status).toBe(204);
    expect((await call(service, 'GET', `${PATH}/carpool`)).status).toBe(404);
  });

  it('matches the documented and recorded shapes', async () => {
    const { service } = await setup();
    await call(service, 'POST', PATH, {
      body: { opt_in: { name: 'Newsletter', description: 'Please join!' } },
    });
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      for (const [name, method, path, body] of [
        ['show', 'GET', `${PATH}/newsletter`, undefined],
        ['index', 'GET', PATH, undefined],
        ['update', 'PATCH', `${PATH}/newsletter`, { 'opt_in[description]': 'Please join!' }],
        ['create', 'POST', PATH, { 'opt_in[name]': 'Swag', 'opt_in[description]': 'Would you like SWAG?' }],
      ] as const) {
        const res = await call(service, method, path, { token, body });
        expect(shapeDifferences(documentedExample(version, 'opt_ins', name), res.body), name).toEqual([]);
      }
    }
    const list = await call(service, 'GET', `${PATH}?page[number]=1`, { token: 'live31' });
    expect(shapeDifferences(recordedResponse('opt_ins_list', 0), list.body)).toEqual([]);
  });
});

describe('translations', () => {
  it('takes other locales in the body and shows every locale of a multilingual event', async () => {
    const { service } = await setup();
    await call(service, 'PATCH', '/v3/acme/conf-2026', { body: { event: { locales: ['en', 'de'] } } });
    const created = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { opt_in: { name: 'Newsletter', translations: { de: { name: 'Rundbrief' } } } },
    });
    expect(created.body.opt_in.translations).toEqual({
      en: { name: 'Newsletter', description: null },
      de: { name: 'Rundbrief', description: null },
    });
    const question = await call(service, 'POST', '/v3/acme/conf-2026/questions', {
      token: 'live31',
      body: { question: { title: 'Size?', field_type: 'Text', translations: { de: { title: 'Größe?' } } } },
    });
    expect(question.body.question.translations.de.title).toBe('Größe?');
    const bad = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { opt_in: { name: 'X', translations: { de: { colour: 'blau' } } } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ translations: ['is invalid'] });
  });
});
