// Admin API: check-in lists (document 1). Looked up by slug (`chk_...`) or id.
import type { AdminApp, ServiceContext } from '../context';
import type { SortOptions } from '../http/list-meta';
import { SLUG_PREFIX, randomSlug } from '../http/slugs';
import { Attributes } from '../http/validation';
import type { CheckinList } from '../model/checkin-list';
import { CHECKIN_LIST_EXPANDABLE, checkinListRecord } from './checkin-list-view';
import { bySlugOrId, registerCrud } from './crud';
import { ACTIVITY_LINKS, type Presenter, QUESTION_LINKS, RELEASE_LINKS, linkedIds } from './presenter';
import { sortBy } from './search';

const SORT: SortOptions = {
  'Name A-Z': { attr: 'title', direction: 'asc', default: true },
  'Name Z-A': { attr: 'title', direction: 'desc' },
};

type ListPatch = Partial<Omit<CheckinList, 'id' | 'event_id' | 'slug' | 'created_at'>>;

function readList(p: Presenter, raw: Record<string, unknown>, creating: boolean): ListPatch {
  const attrs = new Attributes(raw);
  const { store } = p.ctx;
  const patch: ListPatch = {};
  const title = attrs.string('title');
  if (creating || title !== undefined) attrs.required('title', title);
  if (title) patch.title = title;
  const expiresAt = attrs.datetime('expires_at');
  if (expiresAt !== undefined) patch.expires_at = expiresAt;
  for (const flag of ['hide_unpaid', 'show_company_name', 'show_email', 'show_phone_number'] as const) {
    const value = attrs.boolean(flag);
    if (value !== undefined) patch[flag] = value ?? false;
  }
  const releases = linkedIds(attrs, RELEASE_LINKS, store.findBy('releases', 'byEvent', p.event.id));
  if (releases) patch.release_ids = releases;
  const questions = linkedIds(attrs, QUESTION_LINKS, store.findBy('questions', 'byEvent', p.event.id));
  if (questions) patch.question_ids = questions;
  const activities = linkedIds(attrs, ACTIVITY_LINKS, store.findBy('activities', 'byEvent', p.event.id));
  if (activities) patch.activity_ids = activities;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerCheckinLists(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'checkin_lists',
    singular: 'checkin_list',
    param: 'checkin_list_slug',
    find: bySlugOrId('checkin_lists', 'bySlug'),
    read: (p, raw, current) => readList(p, raw, current === null),
    create: (p, patch, now) => ({
      event_id: p.event.id,
      slug: randomSlug(SLUG_PREFIX.checkinList, (s) => !!ctx.store.findOne('checkin_lists', 'bySlug', s)),
      title: '',
      expires_at: null,
      hide_unpaid: false,
      show_company_name: true,
      show_email: true,
      show_phone_number: true,
      release_ids: [],
      activity_ids: [],
      question_ids: [],
      ...patch,
      created_at: now,
      updated_at: now,
    }),
    view: (p, list, c) => checkinListRecord(p, list, c.req.raw),
    expandable: CHECKIN_LIST_EXPANDABLE,
    list: (p, all) => {
      sortBy(all, p.url, SORT, (l) => l.title.toLowerCase());
      return { rows: all, sortOptions: SORT };
    },
    beforeDelete: (_p, list) => {
      for (const checkin of ctx.store.findBy('checkins', 'byList', list.id))
        ctx.store.delete('checkins', checkin.id);
    },
  });
}
