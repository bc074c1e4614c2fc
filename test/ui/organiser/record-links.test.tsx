// Editing a record never drops links it did not show: the record's page asks for the expansions
// its link fields need (3.1 shows related records only when expanded), 3.0 shows them anyway,
// and a link field the record does not show stays disabled and unsent. Against the mock
// service's real handler, seeded with the demo event.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type AdminRecord, createAdminClient, eventPath } from '../../../src/api/admin-client';
import type { ApiVersion } from '../../../src/mock-api/model/api-token';
import { DEMO_ACCOUNT, DEMO_EVENT, DEMO_VIP_LIST } from '../../../src/mock-api/seed/demo';
import { initialValues, toAttributes } from '../../../src/ui/organiser/form-values';
import { resourceByKey } from '../../../src/ui/organiser/resource-list';
import { ResourceForm } from '../../../src/ui/organiser/ResourceForm';
import { type ResourceDef, recordExpand } from '../../../src/ui/organiser/resources';
import { createTestService } from '../../mock-api/support';

async function demo(version: ApiVersion) {
  const token = `organiser-${version}-token`;
  const { service } = createTestService({
    seed: { name: 'demo', tickets: 400 },
    tokens: [{ token, mode: 'live', version, accounts: [DEMO_ACCOUNT] }],
  });
  await service.ready;
  const asked: URL[] = [];
  const client = createAdminClient({
    baseUrl: 'http://mock.test/v3',
    token,
    fetch: (request) => {
      asked.push(new URL(request.url));
      return service.handle(request);
    },
  });
  const path = (...rest: (string | number)[]) => eventPath(DEMO_ACCOUNT, DEMO_EVENT, ...rest);
  const ok = <T,>(result: { ok: true; value: T } | { ok: false }): T => {
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.value;
  };
  const ids = async (key: string) => {
    const page = ok(await client.list(path(key), key, { pageSize: 1000 }));
    return Object.fromEntries(page.records.map((r) => [String(r.slug ?? r.name ?? r.code), Number(r.id)]));
  };
  /** The record as its page loads it (ResourceDetail): with the expansions of its link fields. */
  const load = async (def: ResourceDef, id: string | number) =>
    ok(await client.get(path(def.key, id), def.singular, recordExpand(def)));
  return { client, asked, path, ok, ids, load };
}

const def = (key: string) => {
  const found = resourceByKey(key);
  if (!found) throw new Error(key);
  return found;
};

describe('editing the links of a record', () => {
  it('3.1: VIP lounge shows VIP ticked, and ticking Speaker keeps VIP (the list grows)', async () => {
    const { client, asked, path, ok, ids, load } = await demo('3.1');
    const releases = await ids('releases');
    const lists = def('checkin_lists');
    const vip = await load(lists, DEMO_VIP_LIST);
    expect(asked.at(-1)?.searchParams.get('expand')?.split(',')).toEqual(
      expect.arrayContaining(['release_ids', 'activity_ids', 'question_ids']),
    );
    const initial = initialValues(lists.fields, vip);
    expect(initial.release_ids).toEqual([releases.vip]);
    expect(initial.activity_ids).toEqual([]);
    const ticked = {
      ...initial,
      release_ids: [...(initial.release_ids as number[]), releases.speaker as number],
    };
    const attributes = toAttributes(lists.fields, ticked, initial);
    expect(attributes).toEqual({ release_ids: [releases.vip, releases.speaker] });
    const saved = ok(await client.update(path('checkin_lists', DEMO_VIP_LIST), lists.singular, attributes));
    expect(Number(saved.tickets_count)).toBeGreaterThan(Number(vip.tickets_count));
    expect(initialValues(lists.fields, await load(lists, DEMO_VIP_LIST)).release_ids).toEqual([
      releases.vip,
      releases.speaker,
    ]);
  });

  it('a record that does not show its links leaves them out of the form and out of what is sent', async () => {
    const { client, path, ok } = await demo('3.1');
    const lists = def('checkin_lists');
    // Fetched as before: no expansions, so 3.1 shows no links at all.
    const bare = ok(await client.get(path('checkin_lists', DEMO_VIP_LIST), lists.singular));
    expect(bare.releases_ids).toBeUndefined();
    const initial = initialValues(lists.fields, bare);
    expect('release_ids' in initial).toBe(false);
    expect(toAttributes(lists.fields, { ...initial, title: 'VIP bar' }, initial)).toEqual({
      title: 'VIP bar',
    });

    const form = (record: AdminRecord) =>
      renderToStaticMarkup(
        <ResourceForm
          fields={lists.fields}
          record={record}
          submitLabel="Save"
          busy={false}
          failure={null}
          onSubmit={() => undefined}
        />,
      );
    const shownBare = form(bare);
    expect(shownBare).toMatch(/<fieldset[^>]*id="f-release_ids"[^>]*disabled/);
    expect(shownBare).toContain('saving leaves them as they are');
    const shownFull = form({ ...bare, releases_ids: [1], activities_ids: [], questions_ids: [] });
    expect(shownFull).not.toMatch(/<fieldset[^>]*id="f-release_ids"[^>]*disabled/);
    expect(shownFull).not.toContain('saving leaves them as they are');
  });

  for (const version of ['3.1', '3.0'] as const) {
    it(`${version}: activities, discount codes, opt-ins and releases show the links they have`, async () => {
      const { client, path, ok, ids, load } = await demo(version);
      const releases = Object.values(await ids('releases'));
      const questions = Object.values(await ids('questions'));
      const [first, second] = releases as [number, number];
      const optIns = def('opt_ins');
      const optIn = ok(await client.create(path('opt_ins'), optIns.singular, { name: 'Newsletter' }));
      const cases: [key: string, id: string | number, links: Record<string, number[]>][] = [
        [
          'activities',
          (await ids('activities'))['Speakers dinner'] as number,
          {
            release_ids: [first, second],
            question_ids: [questions[0] as number],
          },
        ],
        [
          'discount_codes',
          Object.values(await ids('discount_codes'))[0] as number,
          { release_ids: [second] },
        ],
        ['opt_ins', String(optIn.slug), { release_ids: [first] }],
        ['releases', 'vip', { question_ids: [questions[1] as number, questions[2] as number] }],
      ];
      for (const [key, id, links] of cases) {
        const resource = def(key);
        ok(await client.update(path(key, id), resource.singular, links));
        const initial = initialValues(resource.fields, await load(resource, id));
        for (const [field, expected] of Object.entries(links)) {
          expect([key, field, initial[field]]).toEqual([key, field, expected]);
        }
      }
    });
  }
});

describe('editing the options of a question', () => {
  it('3.1: shows the options one per line, and an added line becomes one more option', async () => {
    const { client, path, ok, load } = await demo('3.1');
    const questions = def('questions');
    const shirt = await load(questions, 't-shirt-size');
    expect(shirt.options).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    const initial = initialValues(questions.fields, shirt);
    expect(initial.options).toBe('XS\nS\nM\nL\nXL\nXXL');
    const attributes = toAttributes(
      questions.fields,
      { ...initial, options: `${initial.options}\n3XL` },
      initial,
    );
    expect(attributes).toEqual({ options: 'XS\nS\nM\nL\nXL\nXXL\n3XL' });
    const saved = ok(await client.update(path('questions', 't-shirt-size'), questions.singular, attributes));
    expect(saved.options).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL']);
  });
});
