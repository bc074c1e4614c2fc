// An activity as the Admin API shows it: derived times in the event's zone, allocation and
// `sold_out` from the tickets of its releases.
import { formatInZone, zonedToUtc } from '../http/format';
import type { Activity } from '../model/activity';
import {
  type Presenter,
  type RecordOptions,
  linkedIdArrays,
  present,
  shows,
  translationsOf,
} from './presenter';
import { questionRecord } from './question-view';
import { releaseRecord } from './release-view';
import { ticketsOnReleases } from './sales-counts';

export const ACTIVITY_EXPANDABLE = [
  'activity_groups',
  'activity_group_ids',
  'questions',
  'question_ids',
  'question_slugs',
  'releases',
  'release_ids',
  'release_slugs',
  'upgrades',
  'venue',
] as const;

/** Null unless both the date and the time are set: the real service shows no half-known instant. */
function derivedAt(p: Presenter, date: string | null, time: string | null): string | null {
  if (!date || !time) return null;
  return formatInZone(zonedToUtc(date, time, p.event.timezone), p.event.timezone);
}

/** Non-void tickets of the caller's mode on the activity's releases. */
export function allocationCount(p: Presenter, activity: Activity): number {
  return ticketsOnReleases(p, activity.event_id, activity.release_ids, false);
}

/** `nested`: as a question or check-in list embeds it, without related records of its own. */
export function activityRecord(
  p: Presenter,
  activity: Activity,
  { nested = false }: RecordOptions = {},
): Record<string, unknown> {
  const allocated = allocationCount(p, activity);
  const questions = present(p, 'questions', activity.question_ids);
  const releases = present(p, 'releases', activity.release_ids);
  const base: Record<string, unknown> = {
    _type: 'activity',
    ...(p.extended ? { view: 'extended' } : {}),
    id: activity.id,
    capacity: activity.capacity,
    date: activity.date,
    description: activity.description,
    ...(p.version === '3.1' ? { kind: activity.kind } : {}),
    start_time: activity.start_time,
    end_time: activity.end_time,
    start_at: derivedAt(p, activity.date, activity.start_time),
    end_at: derivedAt(p, activity.date, activity.end_time),
    name: activity.name,
  };
  if (p.version === '3.0') {
    Object.assign(base, {
      private: activity.show_to_attendee,
      question_ids: questions.map((q) => q.id),
      venue_id: null,
      accommodation: null,
    });
  }
  Object.assign(base, {
    allocation_count: allocated,
    sold_out: activity.capacity !== null && allocated >= activity.capacity,
    show_to_attendee: activity.show_to_attendee,
  });
  if (p.version === '3.1') base.any_live_chosen_tickets = allocated > 0 && p.mode === 'live' ? true : null;
  if (p.extended) base.release_ids = releases.map((r) => r.id);
  Object.assign(
    base,
    translationsOf(p, activity as unknown as Record<string, unknown>, activity.translations, [
      'description',
      'name',
    ]),
  );
  if (nested) return base;
  if (shows(p, 'venue')) base.venue = null;
  if (shows(p, 'questions')) base.questions = questions.map((q) => questionRecord(p, q, { nested: true }));
  if (shows(p, 'releases')) base.releases = releases.map((r) => releaseRecord(p, r, { nested: true }));
  if (p.version === '3.1') {
    if (p.expanded.has('upgrades')) base.upgrades = [];
    if (p.expanded.has('activity_groups')) base.activity_groups = [];
    if (p.expanded.has('activity_group_ids')) base.activity_groups_ids = [];
    Object.assign(
      base,
      linkedIdArrays(p, 'questions', 'question', questions),
      linkedIdArrays(p, 'releases', 'release', releases),
    );
  }
  return base;
}
