// Admin API: releases (ticket types) of an event. Archival, duplication, sale and visibility
// changes are in release-actions.ts.
import type { AdminApp, ServiceContext } from '../context';
import { invalid } from '../../http/errors';
import { stateFilterOptions } from '../http/list-meta';
import { uniqueTitleSlug } from '../http/slugs';
import type { Release } from '../model/release';
import '../model/release-settings';
import { checked, registerCrud } from './crud';
import { releasePatch } from './release-attributes';
import { registerReleaseActions } from './release-actions';
import { eventReleases, findRelease, releaseAnswer, releaseSlugTaken } from './release-lookup';
import { RELEASE_EXPANDABLE, releaseCounts, releaseRecord, saleFlags } from './release-view';
import type { EventScope } from './scope';
import { type StateFilter, filterByStates, sortBy, stateOptions } from './search';

const RELEASE_SORTS = {
  'Position on event homepage': { attr: 'position', direction: 'asc', default: true },
  'On sale date, earliest first': { attr: 'start_at', direction: 'desc' },
  'On sale date, latest first': { attr: 'start_at', direction: 'asc' },
  'Title A-Z': { attr: 'title', direction: 'asc' },
  'Title Z-A': { attr: 'title', direction: 'desc' },
} as const;

function releaseFilter(scope: EventScope): StateFilter<Release> {
  return {
    options: stateOptions([
      ['on_sale', 'On Sale'],
      ['off_sale', 'Off Sale'],
      ['not_sold_out', 'Not Sold Out'],
      ['sold_out', 'Sold Out'],
      ['public', 'Public'],
      ['secret', 'Secret'],
      ['active', 'Active'],
      ['archived', 'Archived'],
      ['changes_locked', 'Changes Locked'],
      ['changes_allowed', 'Changes Allowed'],
    ]),
    groups: [
      ['on_sale', 'off_sale'],
      ['not_sold_out', 'sold_out'],
      ['public', 'secret'],
      ['active', 'archived'],
      ['changes_locked', 'changes_allowed'],
    ],
    hiddenByDefault: ['archived'],
    statesOf: (release) => {
      const flags = saleFlags(scope, release, releaseCounts(scope, release).tickets);
      return [
        flags.off_sale ? 'off_sale' : 'on_sale',
        flags.sold_out ? 'sold_out' : 'not_sold_out',
        release.secret ? 'secret' : 'public',
        release.archived ? 'archived' : 'active',
        release.lock_changes === true ? 'changes_locked' : 'changes_allowed',
      ];
    },
  };
}

export function registerReleases(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'releases',
    singular: 'release',
    param: 'release_slug',
    find: findRelease,
    read: checked(releasePatch),
    create: (p, patch, now) => {
      const positions = eventReleases(p).map((r) => r.position);
      return {
        event_id: p.event.id,
        slug: uniqueTitleSlug(patch.title ?? '', releaseSlugTaken(p)),
        title: patch.title ?? '',
        description: null,
        price: null,
        quantity: null,
        position: positions.length === 0 ? 0 : Math.max(...positions) + 1,
        archived: false,
        secret: false,
        // A release created with only a title is not on sale until it is activated.
        state_name: 'off_sale' as const,
        start_at: null,
        end_at: null,
        min_tickets_per_person: null,
        max_tickets_per_person: null,
        metadata: null,
        ...patch,
        created_at: now,
        updated_at: now,
      };
    },
    // Lists honour `view`; one release is always the extended record (`releaseAnswer`).
    view: (p, release) => releaseRecord(p, release),
    expandable: RELEASE_EXPANDABLE,
    list: (p, all) => {
      const filter = releaseFilter(p);
      const { records, selected, hiddenByDefault } = filterByStates(all, p.url, filter);
      const rows = sortBy(records, p.url, RELEASE_SORTS, (r, attr) =>
        attr === 'title' ? r.title.toLowerCase() : attr === 'start_at' ? r.start_at : r.position,
      );
      return {
        rows,
        hiddenByDefault: { states: ['archived'], count: hiddenByDefault },
        sortOptions: RELEASE_SORTS,
        filterOptions: stateFilterOptions(filter.options, selected),
      };
    },
    answer: (c, p, release, answered) => releaseAnswer(c, p, release, answered),
    // Tickets of either mode keep a release alive: deleting it would orphan them.
    beforeDelete: (_p, release) => {
      if (ctx.store.findBy('tickets', 'byRelease', release.id).length > 0) {
        throw invalid({ base: ['A release with tickets cannot be deleted; archive it instead'] });
      }
    },
  });

  registerReleaseActions(app, ctx);
}
