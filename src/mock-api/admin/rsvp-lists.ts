// Admin API: RSVP lists (a beta feature of the real service) with their invitation counts.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { type SortOptions, stateFilterOptions } from '../http/list-meta';
import { randomSlug, SLUG_PREFIX } from '../http/slugs';
import type { Attributes } from '../http/validation';
import '../model/rsvp';
import type { RsvpList } from '../model/rsvp';
import { bySlugOrId, checked, registerCrud } from './crud';
import type { Presenter } from './presenter';
import { type EventScope, at } from './scope';
import { sortBy } from './search';

export const RSVP_LISTS_PATH = '/:account_slug/:event_slug/rsvp_lists';

const RSVP_SORTS: SortOptions = {
  'Created time, earliest first': { attr: 'created_at', direction: 'asc' },
  'Created time, latest first': { attr: 'created_at', direction: 'desc', default: true },
  'Title A-Z': { attr: 'title', direction: 'asc' },
  'Title Z-A': { attr: 'title', direction: 'desc' },
};

const findList = bySlugOrId('rsvp_lists', 'bySlug');

/** By slug, or by id. */
export function findRsvpList(c: AdminContext, scope: EventScope): RsvpList {
  return findList(scope, c.req.param('rsvp_list_slug') ?? '');
}

function rsvpListRecord(p: Presenter, list: RsvpList): Record<string, unknown> {
  const invitations = p.ctx.store.findBy('release_invitations', 'byList', list.id);
  return {
    _type: 'rsvp_list',
    id: list.id,
    slug: list.slug,
    created_at: at(p, list.created_at),
    updated_at: at(p, list.updated_at),
    title: list.title,
    redeemed_count: invitations.filter((i) => i.registration_id !== null).length,
    maybes_count: invitations.filter((i) => i.status === 'maybe').length,
    nos_count: invitations.filter((i) => i.status === 'no').length,
    release_invitations_count: invitations.length,
    message_slug: list.message_slug,
  };
}

function readTitle(attrs: Attributes, creating: boolean): { title?: string } {
  const title = attrs.string('title');
  if (!creating && title === undefined) return {};
  return attrs.required('title', title) ? { title: title.trim() } : {};
}

export function registerRsvpLists(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'rsvp_lists',
    singular: 'rsvp_list',
    param: 'rsvp_list_slug',
    find: findList,
    read: checked(readTitle),
    create: (p, patch, now) => ({
      event_id: p.event.id,
      slug: randomSlug(SLUG_PREFIX.rsvpList, (s) => Boolean(ctx.store.findOne('rsvp_lists', 'bySlug', s))),
      title: patch.title ?? '',
      message_slug: null,
      created_at: now,
      updated_at: now,
    }),
    view: rsvpListRecord,
    expandable: [],
    list: (p, all) => ({
      rows: sortBy([...all], p.url, RSVP_SORTS, (l, attr) =>
        attr === 'title' ? l.title.toLowerCase() : `${l.created_at}:${String(l.id).padStart(12, '0')}`,
      ),
      sortOptions: RSVP_SORTS,
      filterOptions: stateFilterOptions([]),
    }),
    // Invitations belong to their list: they go with it.
    beforeDelete: (_p, list) => {
      for (const invitation of ctx.store.findBy('release_invitations', 'byList', list.id)) {
        ctx.store.delete('release_invitations', invitation.id);
      }
    },
  });
}
