// Admin API: RSVP lists (a beta feature of the real service) with their invitation counts.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { notFound } from '../http/errors';
import { type SortOptions, stateFilterOptions } from '../http/list-meta';
import { randomSlug, SLUG_PREFIX } from '../http/slugs';
import { Attributes } from '../http/validation';
import '../model/rsvp';
import type { RsvpList } from '../model/rsvp';
import { type EventScope, at, eventScope } from './scope';
import { sortBy } from './search';

export const RSVP_LISTS_PATH = '/:account_slug/:event_slug/rsvp_lists';

const RSVP_SORTS: SortOptions = {
  'Created time, earliest first': { attr: 'created_at', direction: 'asc' },
  'Created time, latest first': { attr: 'created_at', direction: 'desc', default: true },
  'Title A-Z': { attr: 'title', direction: 'asc' },
  'Title Z-A': { attr: 'title', direction: 'desc' },
};

/** By slug, or by id. */
export function findRsvpList(c: AdminContext, scope: EventScope): RsvpList {
  const key = c.req.param('rsvp_list_slug') ?? '';
  const { store } = scope.ctx;
  const list =
    store.findOne('rsvp_lists', 'bySlug', key) ??
    (/^\d+$/.test(key) ? store.get('rsvp_lists', Number(key)) : undefined);
  if (!list || list.event_id !== scope.event.id) throw notFound();
  return list;
}

function rsvpListRecord(scope: EventScope, list: RsvpList): Record<string, unknown> {
  const invitations = scope.ctx.store.findBy('release_invitations', 'byList', list.id);
  return {
    _type: 'rsvp_list',
    id: list.id,
    slug: list.slug,
    created_at: at(scope, list.created_at),
    updated_at: at(scope, list.updated_at),
    title: list.title,
    redeemed_count: invitations.filter((i) => i.registration_id !== null).length,
    maybes_count: invitations.filter((i) => i.status === 'maybe').length,
    nos_count: invitations.filter((i) => i.status === 'no').length,
    release_invitations_count: invitations.length,
    message_slug: list.message_slug,
  };
}

function readTitle(attrs: Attributes, creating: boolean): string | undefined {
  const title = attrs.string('title');
  if (!creating && title === undefined) return undefined;
  return attrs.required('title', title) ? title.trim() : undefined;
}

export function registerRsvpLists(app: AdminApp, ctx: ServiceContext): void {
  app.get(RSVP_LISTS_PATH, (c) => {
    const scope = eventScope(c, ctx);
    const all = ctx.store.findBy('rsvp_lists', 'byEvent', scope.event.id);
    const sorted = sortBy([...all], scope.url, RSVP_SORTS, (l, attr) =>
      attr === 'title' ? l.title.toLowerCase() : `${l.created_at}:${String(l.id).padStart(12, '0')}`,
    );
    return pagedListResponse(c, 'rsvp_lists', sorted, (l) => rsvpListRecord(scope, l), {
      overallTotal: all.length,
      expandable: {},
      sortOptions: RSVP_SORTS,
      filterOptions: stateFilterOptions([]),
    });
  });

  app.get(`${RSVP_LISTS_PATH}/:rsvp_list_slug`, (c) => {
    const scope = eventScope(c, ctx);
    return recordResponse(c, 'rsvp_list', rsvpListRecord(scope, findRsvpList(c, scope)), { expandable: {} });
  });

  app.post(RSVP_LISTS_PATH, async (c) => {
    const scope = eventScope(c, ctx);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'rsvp_list'));
    const title = readTitle(attrs, true);
    attrs.errors.throwIfAny();
    const stamp = scope.now.toISOString();
    const list = ctx.store.insert('rsvp_lists', {
      event_id: scope.event.id,
      slug: randomSlug(SLUG_PREFIX.rsvpList, (s) => Boolean(ctx.store.findOne('rsvp_lists', 'bySlug', s))),
      title: title ?? '',
      message_slug: null,
      created_at: stamp,
      updated_at: stamp,
    });
    return recordResponse(c, 'rsvp_list', rsvpListRecord(scope, list), { status: 201 });
  });

  app.patch(`${RSVP_LISTS_PATH}/:rsvp_list_slug`, async (c) => {
    const scope = eventScope(c, ctx);
    const list = findRsvpList(c, scope);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'rsvp_list'));
    const title = readTitle(attrs, false);
    attrs.errors.throwIfAny();
    const updated = ctx.store.update('rsvp_lists', list.id, {
      ...(title !== undefined ? { title } : {}),
      updated_at: scope.now.toISOString(),
    });
    return recordResponse(c, 'rsvp_list', rsvpListRecord(scope, updated));
  });

  app.delete(`${RSVP_LISTS_PATH}/:rsvp_list_slug`, (c) => {
    const scope = eventScope(c, ctx);
    const list = findRsvpList(c, scope);
    // Invitations belong to their list: they go with it.
    for (const invitation of ctx.store.findBy('release_invitations', 'byList', list.id)) {
      ctx.store.delete('release_invitations', invitation.id);
    }
    ctx.store.delete('rsvp_lists', list.id);
    return noContent();
  });
}
