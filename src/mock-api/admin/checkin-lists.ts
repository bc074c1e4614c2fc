// Admin API: check-in lists (document 1). Looked up by slug (`chk_...`) or id.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { notFound } from '../http/errors';
import { expandableMeta } from '../http/expand';
import type { SortOptions } from '../http/list-meta';
import { slugOrId } from '../http/scope';
import { SLUG_PREFIX, randomSlug } from '../http/slugs';
import { Attributes } from '../http/validation';
import type { CheckinList } from '../model/checkin-list';
import { CHECKIN_LIST_EXPANDABLE, checkinListRecord } from './checkin-list-view';
import {
  ACTIVITY_LINKS,
  type Presenter,
  QUESTION_LINKS,
  RELEASE_LINKS,
  linkedIds,
  presenter,
} from './presenter';
import { sortBy } from './search';

const SORT: SortOptions = {
  'Name A-Z': { attr: 'title', direction: 'asc', default: true },
  'Name Z-A': { attr: 'title', direction: 'desc' },
};

function findList(c: AdminContext, p: Presenter): CheckinList {
  const { id, slug } = slugOrId(c.req.param('checkin_list_slug') ?? '');
  const found =
    p.ctx.store.findOne('checkin_lists', 'bySlug', slug) ??
    (id !== undefined ? p.ctx.store.get('checkin_lists', id) : undefined);
  if (!found || found.event_id !== p.event.id) throw notFound();
  return found;
}

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
  const base = '/:account_slug/:event_slug/checkin_lists';

  app.get(base, (c) => {
    const p = presenter(c, ctx, 'list');
    const rows = ctx.store.findBy('checkin_lists', 'byEvent', p.event.id);
    sortBy(rows, p.url, SORT, (l) => l.title.toLowerCase());
    return pagedListResponse(c, 'checkin_lists', rows, (l) => checkinListRecord(p, l, c.req.raw), {
      overallTotal: rows.length,
      expandable: expandableMeta(CHECKIN_LIST_EXPANDABLE, p.expanded),
      sortOptions: SORT,
    });
  });

  app.get(`${base}/:checkin_list_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    return recordResponse(c, 'checkin_list', checkinListRecord(p, findList(c, p), c.req.raw), {
      expandable: expandableMeta(CHECKIN_LIST_EXPANDABLE, p.expanded),
    });
  });

  app.post(base, async (c) => {
    const p = presenter(c, ctx, 'record');
    const patch = readList(p, await readAttributes(c.req.raw, 'checkin_list'), true);
    const now = p.now.toISOString();
    const list = ctx.store.insert('checkin_lists', {
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
    });
    return recordResponse(c, 'checkin_list', checkinListRecord(p, list, c.req.raw), { status: 201 });
  });

  app.patch(`${base}/:checkin_list_slug`, async (c) => {
    const p = presenter(c, ctx, 'record');
    const list = findList(c, p);
    const patch = readList(p, await readAttributes(c.req.raw, 'checkin_list'), false);
    const updated = ctx.store.update('checkin_lists', list.id, { ...patch, updated_at: p.now.toISOString() });
    return recordResponse(c, 'checkin_list', checkinListRecord(p, updated, c.req.raw));
  });

  app.delete(`${base}/:checkin_list_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    const list = findList(c, p);
    for (const checkin of ctx.store.findBy('checkins', 'byList', list.id))
      ctx.store.delete('checkins', checkin.id);
    ctx.store.delete('checkin_lists', list.id);
    return noContent();
  });
}
