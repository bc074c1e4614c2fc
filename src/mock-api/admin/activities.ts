// Admin API: activities (document 1), with duplication (" Copy").
import type { AdminApp, ServiceContext } from '../context';
import { recordResponse } from '../http/envelope';
import type { SortOptions } from '../http/list-meta';
import { Attributes } from '../http/validation';
import { type Activity, newActivity } from '../model/activity';
import { ACTIVITY_EXPANDABLE, activityRecord } from './activity-view';
import { byId, registerCrud } from './crud';
import {
  type Presenter,
  QUESTION_LINKS,
  RELEASE_LINKS,
  linkedIds,
  presenter,
  readEventTranslations,
} from './presenter';
import { sortBy } from './search';

const SORT: SortOptions = {
  'Name A-Z': { attr: 'name', direction: 'asc', default: true },
  'Name Z-A': { attr: 'name', direction: 'desc' },
};

const KINDS = ['public_automatic', 'private_automatic'] as const;

function filterOptions(): Record<string, unknown> {
  return {
    kinds: [
      { label: 'Automatic', value: 'public_automatic' },
      { label: 'Internal', value: 'private_automatic' },
    ],
    sections: { states: { label: 'Status', open: false }, kinds: { label: 'Kind', open: true } },
    collection: false,
    states: [],
  };
}

type ActivityPatch = Partial<Omit<Activity, 'id' | 'event_id' | 'created_at'>>;

function readActivity(p: Presenter, raw: Record<string, unknown>, current: Activity | null): ActivityPatch {
  const creating = current === null;
  const attrs = new Attributes(raw);
  const { store } = p.ctx;
  const patch: ActivityPatch = {};
  const name = attrs.string('name');
  if (creating || name !== undefined) attrs.required('name', name);
  if (name) patch.name = name;
  const description = attrs.string('description');
  if (description !== undefined) patch.description = description;
  const capacity = attrs.integer('capacity');
  if (capacity !== undefined) patch.capacity = capacity;
  const date = attrs.date('date');
  if (date !== undefined) patch.date = date;
  const start = attrs.time('start_time');
  if (start !== undefined) patch.start_time = start;
  const end = attrs.time('end_time');
  if (end !== undefined) patch.end_time = end;
  const show = attrs.boolean('show_to_attendee');
  if (show !== undefined) patch.show_to_attendee = show ?? false;
  const kind = attrs.inclusion('kind', attrs.string('kind'), KINDS);
  if (kind) patch.kind = kind;
  const releases = linkedIds(attrs, RELEASE_LINKS, store.findBy('releases', 'byEvent', p.event.id));
  if (releases) patch.release_ids = releases;
  const questions = linkedIds(attrs, QUESTION_LINKS, store.findBy('questions', 'byEvent', p.event.id));
  if (questions) patch.question_ids = questions;
  const translations = readEventTranslations(p, attrs, ['name', 'description'], current);
  if (translations) patch.translations = translations;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerActivities(app: AdminApp, ctx: ServiceContext): void {
  const find = byId('activities');
  registerCrud(app, ctx, {
    table: 'activities',
    singular: 'activity',
    param: 'activity_id',
    find,
    read: readActivity,
    create: (p, patch, now) => ({ ...newActivity(p.event.id, now), ...patch }),
    view: (p, activity) => activityRecord(p, activity),
    expandable: ACTIVITY_EXPANDABLE,
    list: (p, all) => {
      const kinds = p.url.searchParams.getAll('search[kinds][]');
      const rows = kinds.length > 0 ? all.filter((a) => kinds.includes(a.kind)) : all;
      sortBy(rows, p.url, SORT, (a, attr) => (attr === 'name' ? a.name.toLowerCase() : null));
      return { rows, sortOptions: SORT, filterOptions: filterOptions() };
    },
    afterDelete: (p, activity) => {
      for (const list of ctx.store.findBy('checkin_lists', 'byEvent', p.event.id)) {
        if (list.activity_ids.includes(activity.id)) {
          ctx.store.update('checkin_lists', list.id, {
            activity_ids: list.activity_ids.filter((id) => id !== activity.id),
          });
        }
      }
      for (const question of ctx.store.findBy('questions', 'byEvent', p.event.id)) {
        if (question.activity_ids.includes(activity.id)) {
          const activity_ids = question.activity_ids.filter((id) => id !== activity.id);
          ctx.store.update('questions', question.id, { activity_ids });
        }
      }
    },
  });

  app.post('/:account_slug/:event_slug/activities/:activity_id/duplication', (c) => {
    const p = presenter(c, ctx, 'record');
    const { id: _id, ...original } = find(p, c.req.param('activity_id'));
    const now = p.now.toISOString();
    const copy = ctx.store.insert('activities', {
      ...original,
      name: `${original.name} Copy`,
      created_at: now,
      updated_at: now,
    });
    return recordResponse(c, 'activity', activityRecord(p, copy), { status: 201 });
  });
}
