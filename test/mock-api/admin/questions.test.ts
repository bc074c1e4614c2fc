import { describe, expect, it } from 'vitest';
import { makeBasics, makeQuestion, makeRegistration, makeTicket } from '../factories';
import { NOW, call, createTestService } from '../support';
import { documentedExample, recordedResponse, shapeDifferences, storeSnapshot } from './shape';

const PATH = '/v3/acme/conf-2026/questions';

async function setup() {
  const { service, ctx, store, clock } = createTestService();
  await service.ready;
  const basics = await service.write(() => makeBasics(ctx));
  return { service, ctx, store, clock, ...basics };
}

/** A question with one live and one test answer. */
async function answered(t: Awaited<ReturnType<typeof setup>>) {
  return t.service.write(() => {
    const question = makeQuestion(t.ctx, t.event, {
      slug: 'favorite-color',
      title: 'Fave colour?',
      description: 'Your favourite',
      field_type: 'Text',
    });
    const live = makeTicket(t.ctx, makeRegistration(t.ctx, t.event), t.release);
    const test = makeTicket(t.ctx, makeRegistration(t.ctx, t.event, { test_mode: true }), t.release);
    const answer = (ticketId: number, response: string) =>
      t.ctx.store.insert('answers', {
        event_id: t.event.id,
        question_id: question.id,
        ticket_id: ticketId,
        primary_response: response,
        alternate_response: null,
        download_url: null,
        created_at: NOW,
        updated_at: NOW,
      });
    answer(live.id, 'Blue');
    answer(test.id, 'Red');
    return { question, live, test };
  });
}

describe('questions', () => {
  it('creates a question with a title-derived slug, unique with a suffix', async () => {
    const { service } = await setup();
    const body = { question: { title: 'Integration test question?', field_type: 'Text', required: false } };
    const first = await call(service, 'POST', PATH, { token: 'live31', body });
    expect(first.status).toBe(201);
    expect(first.body.question).toMatchObject({
      slug: 'integration-test-question',
      answers_count: 0,
      deletable: true,
      options: [],
      required: false,
    });
    const second = await call(service, 'POST', PATH, { body });
    expect(second.body.question.slug).toBe('integration-test-question-2');
    expect(second.body.question).toMatchObject({ view: 'extended', activities: [], releases: [] });
  });

  it('keeps the slug when the title changes and finds the question by slug or id', async () => {
    const { service } = await setup();
    const created = await call(service, 'POST', PATH, {
      body: { question: { title: 'Size?', field_type: 'Select', options: 'S\nM\nL' } },
    });
    expect(created.body.question.options).toEqual(['S', 'M', 'L']);
    const updated = await call(service, 'PATCH', `${PATH}/size`, {
      token: 'live31',
      body: { question: { title: 'Shirt size?' } },
    });
    expect(updated.body.question).toMatchObject({ title: 'Shirt size?', slug: 'size' });
    expect((await call(service, 'GET', `${PATH}/${created.body.question.id}`)).body.question.slug).toBe(
      'size',
    );
  });

  it('rejects a missing title and an unknown field type', async () => {
    const { service, store } = await setup();
    const before = storeSnapshot(store);
    const v31 = await call(service, 'POST', PATH, {
      token: 'live31',
      body: { question: { field_type: 'Essay' } },
    });
    expect(v31.status).toBe(422);
    expect(v31.body.errors).toEqual({
      title: ["can't be blank"],
      field_type: ['is not included in the list'],
    });
    const v30 = await call(service, 'POST', PATH, { body: { question: { title: 'Why?' } } });
    expect(v30.body).toEqual({ errors: { field_type: ["can't be blank"] } });
    expect(storeSnapshot(store)).toBe(before);
  });

  it('counts answers and tickets of the caller mode, and is not deletable once answered', async () => {
    const t = await setup();
    const { question } = await answered(t);
    const live = await call(t.service, 'GET', `${PATH}/favorite-color`, { token: 'live31' });
    expect(live.body.question).toMatchObject({ answers_count: 1, tickets_count: 1, deletable: false });
    const test = await call(t.service, 'GET', `${PATH}/${question.id}`, { token: 'test31' });
    expect(test.body.question).toMatchObject({ answers_count: 1, tickets_count: 1 });
  });

  it('lists by position in 3.1 and by title in 3.0, with translations only when asked or multilingual', async () => {
    const { service } = await setup();
    await call(service, 'POST', PATH, { body: { question: { title: 'Zebra?', field_type: 'Text' } } });
    await call(service, 'POST', PATH, { body: { question: { title: 'Apple?', field_type: 'Text' } } });
    const v31 = await call(service, 'GET', PATH, { token: 'live31' });
    expect(v31.body.questions.map((q: { title: string }) => q.title)).toEqual(['Zebra?', 'Apple?']);
    expect(v31.body.questions[0]).not.toHaveProperty('translations');
    expect(v31.body.meta.sort_options['Position on tickets'].default).toBe(true);
    const v30 = await call(service, 'GET', PATH);
    expect(v30.body.questions.map((q: { title: string }) => q.title)).toEqual(['Apple?', 'Zebra?']);
    const translated = await call(service, 'GET', `${PATH}/apple?expand=translations`, { token: 'live31' });
    expect(translated.body.question.translations).toEqual({
      en: { description: null, options: null, options_free_text_field: null, title: 'Apple?' },
    });
  });

  it('deletes a question with 204, then 404', async () => {
    const { service } = await setup();
    await call(service, 'POST', PATH, { body: { question: { title: 'Gone?', field_type: 'Text' } } });
    expect((await call(service, 'DELETE', `${PATH}/gone`)).status).toBe(204);
    expect((await call(service, 'GET', `${PATH}/gone`)).status).toBe(404);
  });

  it('matches the documented and recorded shapes', async () => {
    const t = await setup();
    await answered(t);
    const foreign = ['question.releases', 'question.activities'];
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const show = await call(t.service, 'GET', `${PATH}/favorite-color`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'questions', 'show'), show.body, { foreign }),
      ).toEqual([]);
      const expanded = await call(t.service, 'GET', `${PATH}/favorite-color?expand=translations`, { token });
      expect(
        shapeDifferences(documentedExample(version, 'questions', 'show_with_expanded'), expanded.body, {
          foreign,
        }),
      ).toEqual([]);
      const index = await call(t.service, 'GET', PATH, { token });
      const sortDefaults = version === '3.1' ? ['meta.sort_options.Question Title, A-Z.default'] : [];
      const indexDiff = shapeDifferences(documentedExample(version, 'questions', 'index'), index.body);
      // 3.1 sorts by position by default, as the real service answers (recorded); the docs say title.
      expect(indexDiff.filter((d) => !sortDefaults.some((s) => d.startsWith(s)))).toEqual([]);
      const update = await call(t.service, 'PATCH', `${PATH}/favorite-color`, {
        token,
        body: { 'question[title]': 'Fave tree?' },
      });
      expect(
        shapeDifferences(documentedExample(version, 'questions', 'update'), update.body, { foreign }),
      ).toEqual([]);
      const create = await call(t.service, 'POST', PATH, {
        token,
        body: { 'question[title]': 'Fave city?', 'question[field_type]': 'Text' },
      });
      expect(
        shapeDifferences(documentedExample(version, 'questions', 'create'), create.body, { foreign }),
      ).toEqual([]);
    }
    const list = await call(t.service, 'GET', `${PATH}?page[number]=1`, { token: 'live31' });
    expect(shapeDifferences(recordedResponse('questions_list', 0), list.body)).toEqual([]);
    const found = await call(t.service, 'GET', `${PATH}/favorite-color`, { token: 'live31' });
    expect(shapeDifferences(recordedResponse('questions_find', 1), found.body)).toEqual([]);
  });
});

describe('answers of a question', () => {
  it('lists the answers of the caller mode with 3.0 ticket details', async () => {
    const t = await setup();
    const { live } = await answered(t);
    const v30 = await call(t.service, 'GET', `${PATH}/favorite-color/answers`);
    expect(v30.status).toBe(200);
    expect(v30.body.answers).toHaveLength(1);
    expect(v30.body.answers[0]).toMatchObject({
      _type: 'answer',
      ticket_id: live.id,
      ticket_reference: live.reference,
      ticket_slug: live.slug,
      ticket_name: 'Ada Lovelace',
      response: 'Blue',
      primary_response: 'Blue',
      question_title: 'Fave colour?',
    });
    const test = await call(t.service, 'GET', `${PATH}/favorite-color/answers`, { token: 'test31' });
    expect(test.body.answers.map((a: { response: string }) => a.response)).toEqual(['Red']);
    expect(test.body.answers[0]).not.toHaveProperty('ticket_slug');
  });

  it('expands question and ticket in 3.1', async () => {
    const t = await setup();
    const { live } = await answered(t);
    const res = await call(t.service, 'GET', `${PATH}/favorite-color/answers?expand=question,ticket`, {
      token: 'live31',
    });
    expect(res.body.answers[0].question).toMatchObject({ _type: 'question', slug: 'favorite-color' });
    expect(res.body.answers[0].ticket).toMatchObject({ _type: 'ticket', id: live.id });
    expect(res.body.meta.expandable).toEqual({ question: true, ticket: true });
    expect((await call(t.service, 'GET', `${PATH}/nope/answers`)).status).toBe(404);
  });

  it('matches the documented shapes', async () => {
    const t = await setup();
    await answered(t);
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const res = await call(t.service, 'GET', `${PATH}/favorite-color/answers`, { token });
      const diff = shapeDifferences(documentedExample(version, 'answers', 'index'), res.body, {
        nullable: ['answers[].ticket_email'],
      });
      expect(diff).toEqual([]);
    }
  });
});
