// Admin API: questions (document 1). Looked up by slug or id; the slug comes from the title.
import type { AdminApp, ServiceContext } from '../context';
import type { SortOptions } from '../http/list-meta';
import { uniqueTitleSlug } from '../http/slugs';
import { Attributes, INVALID } from '../http/validation';
import { FIELD_TYPES, type Question } from '../model/question';
import { bySlugOrId, eventSlugTaken, registerCrud } from './crud';
import { type Presenter, ACTIVITY_LINKS, RELEASE_LINKS, linkedIds, readEventTranslations } from './presenter';
import { QUESTION_EXPANDABLE, QUESTION_TRANSLATED, questionRecord } from './question-view';
import { sortBy } from './search';

/** 3.0 as documented; 3.1 as the real service answers (position first, as recorded). */
const SORT_30: SortOptions = {
  'Question Title, A-Z': { attr: 'title', direction: 'asc', default: true },
  'Question Title, Z-A': { attr: 'title', direction: 'desc' },
};
const SORT_31: SortOptions = {
  'Position on tickets': { attr: 'position', direction: 'asc', default: true },
  'Question Title, A-Z': { attr: 'title', direction: 'asc' },
  'Question Title, Z-A': { attr: 'title', direction: 'desc' },
};

/** By slug, or by id. */
export const findQuestion = bySlugOrId('questions', 'byEventSlug');

type QuestionPatch = Partial<Omit<Question, 'id' | 'event_id' | 'created_at'>>;

/** `options` arrive as a list or as newline-separated text. */
function readOptions(attrs: Attributes): string[] | undefined {
  const value = attrs.value('options');
  if (value === undefined) return undefined;
  if (value === null || value === '') return [];
  if (typeof value === 'string')
    return value
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  attrs.errors.add('options', INVALID);
  return undefined;
}

function readQuestion(p: Presenter, raw: Record<string, unknown>, current: Question | null): QuestionPatch {
  const creating = current === null;
  const attrs = new Attributes(raw);
  const { store } = p.ctx;
  const patch: QuestionPatch = {};
  const title = attrs.string('title');
  if (creating || title !== undefined) attrs.required('title', title);
  if (title) patch.title = title;
  const rawType = attrs.string('field_type');
  if (creating || rawType !== undefined) attrs.required('field_type', rawType);
  const fieldType = attrs.inclusion('field_type', rawType || null, FIELD_TYPES);
  if (fieldType) patch.field_type = fieldType;
  const description = attrs.string('description');
  if (description !== undefined) patch.description = description;
  const options = readOptions(attrs);
  if (options) patch.options = options;
  const freeText = attrs.boolean('include_free_text_field');
  if (freeText !== undefined) patch.include_free_text_field = freeText ?? false;
  const freeTextLabel = attrs.string('options_free_text_field');
  if (freeTextLabel !== undefined) patch.options_free_text_field = freeTextLabel;
  const required = attrs.boolean('required');
  if (required !== undefined) patch.required = required;
  const releases = linkedIds(attrs, RELEASE_LINKS, store.findBy('releases', 'byEvent', p.event.id));
  if (releases) patch.release_ids = releases;
  const activities = linkedIds(attrs, ACTIVITY_LINKS, store.findBy('activities', 'byEvent', p.event.id));
  if (activities) patch.activity_ids = activities;
  const translations = readEventTranslations(p, attrs, QUESTION_TRANSLATED, current);
  if (translations) patch.translations = translations;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerQuestions(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'questions',
    singular: 'question',
    param: 'question_slug',
    find: findQuestion,
    read: readQuestion,
    create: (p, patch, now) => {
      const siblings = ctx.store.findBy('questions', 'byEvent', p.event.id);
      const title = patch.title ?? '';
      return {
        event_id: p.event.id,
        slug: uniqueTitleSlug(title, eventSlugTaken(p, 'questions')),
        title,
        description: null,
        field_type: 'Text' as const,
        options: [],
        include_free_text_field: false,
        options_free_text_field: null,
        required: false,
        position: siblings.reduce((max, q) => Math.max(max, q.position + 1), 0),
        release_ids: [],
        activity_ids: [],
        translations: null,
        ...patch,
        created_at: now,
        updated_at: now,
      };
    },
    view: (p, question) => questionRecord(p, question),
    expandable: QUESTION_EXPANDABLE,
    list: (p, all) => {
      const sort = p.version === '3.1' ? SORT_31 : SORT_30;
      sortBy(all, p.url, sort, (q, attr) => (attr === 'position' ? q.position : q.title.toLowerCase()));
      return { rows: all, sortOptions: sort };
    },
    // Answers go with their question, as they would with the real service's dependent destroy.
    beforeDelete: (_p, question) => {
      for (const answer of ctx.store.findBy('answers', 'byQuestion', question.id))
        ctx.store.delete('answers', answer.id);
    },
    afterDelete: (p, question) => {
      for (const activity of ctx.store.findBy('activities', 'byEvent', p.event.id)) {
        if (activity.question_ids.includes(question.id)) {
          const question_ids = activity.question_ids.filter((id) => id !== question.id);
          ctx.store.update('activities', activity.id, { question_ids });
        }
      }
      for (const list of ctx.store.findBy('checkin_lists', 'byEvent', p.event.id)) {
        if (list.question_ids.includes(question.id)) {
          const question_ids = list.question_ids.filter((id) => id !== question.id);
          ctx.store.update('checkin_lists', list.id, { question_ids });
        }
      }
    },
  });
}
