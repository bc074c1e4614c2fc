// A question as the Admin API shows it, with its derived counts.
import type { Question } from '../model/question';
import { at } from './scope';
import { type Presenter, type RecordOptions, present, shows, translationsOf } from './presenter';
import { activityRecord } from './activity-view';
import { releaseRecord } from './release-view';
import { answerCounts, ticketsOnReleases } from './sales-counts';

export const QUESTION_EXPANDABLE = [
  'activities',
  'incoming_question_trigger_ids',
  'outgoing_question_trigger_ids',
  'releases',
] as const;

export const QUESTION_TRANSLATED = ['description', 'options', 'options_free_text_field', 'title'] as const;

/** Tickets of the caller's mode that were asked the question: those of its releases (all when none). */
export function questionTicketsCount(p: Presenter, question: Question): number {
  return ticketsOnReleases(p, question.event_id, question.release_ids, true);
}

export function questionAnswers(p: Presenter, question: Question) {
  const test = p.mode === 'test';
  return p.ctx.store
    .findBy('answers', 'byQuestion', question.id)
    .filter((a) => p.ctx.store.get('tickets', a.ticket_id)?.test_mode === test);
}

/** `nested`: as an activity, check-in list or answer embeds it, without related records of its own. */
export function questionRecord(
  p: Presenter,
  question: Question,
  { nested = false }: RecordOptions = {},
): Record<string, unknown> {
  const { store } = p.ctx;
  const record: Record<string, unknown> = {
    _type: 'question',
    ...(p.extended ? { view: 'extended' } : {}),
    id: question.id,
    answers_count: answerCounts(p, question.event_id).get(question.id) ?? 0,
    description: question.description,
    title: question.title,
    field_type: question.field_type,
    include_free_text_field: question.include_free_text_field,
    options: question.options,
    options_free_text_field: question.options_free_text_field,
    required: question.required,
    slug: question.slug,
    tickets_count: questionTicketsCount(p, question),
    deletable: store.findBy('answers', 'byQuestion', question.id).length === 0,
    public_optional_activity_ids: store
      .findBy('activities', 'byEvent', question.event_id)
      .filter((a) => a.show_to_attendee && a.question_ids.includes(question.id))
      .map((a) => a.id),
    ...translationsOf(
      p,
      question as unknown as Record<string, unknown>,
      question.translations,
      QUESTION_TRANSLATED,
    ),
    created_at: at(p, question.created_at),
    updated_at: at(p, question.updated_at),
  };
  if (nested) return record;
  if (shows(p, 'activities')) {
    record.activities = store
      .findBy('activities', 'byEvent', question.event_id)
      .filter((a) => a.question_ids.includes(question.id))
      .map((a) => activityRecord(p, a, { nested: true }));
  }
  if (shows(p, 'releases')) {
    record.releases = present(p, 'releases', question.release_ids).map((r) =>
      releaseRecord(p, r, { nested: true }),
    );
  }
  if (p.version === '3.1') {
    if (p.expanded.has('incoming_question_trigger_ids')) record.incoming_question_trigger_ids = [];
    if (p.expanded.has('outgoing_question_trigger_ids')) record.outgoing_question_trigger_ids = [];
  }
  return record;
}
