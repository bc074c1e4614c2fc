// Admin API: releases (ticket types) of an event. Archival, duplication, sale and visibility
// changes are in release-actions.ts.
import type { AdminApp, ServiceContext } from '../context';
import { noContent, pagedListResponse } from '../http/envelope';
import { invalid } from '../http/errors';
import { expandableMeta, expansions, viewOf } from '../http/expand';
import { stateFilterOptions } from '../http/list-meta';
import { readAttributes } from '../http/body';
import { uniqueTitleSlug } from '../http/slugs';
import { Attributes } from '../http/validation';
import type { Release } from '../model/release';
import '../model/release-settings';
import { releasePatch } from './release-attributes';
import { registerReleaseActions } from './release-actions';
import { RELEASES_PATH, eventReleases, findRelease, releaseAnswer, releaseSlugTaken } from './release-lookup';
import { RELEASE_EXPANDABLE, releaseCounts, releaseEmbeds, releaseRecord, saleFlags } from './release-view';
import { type EventScope, eventScope } from './scope';
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
  app.get(RELEASES_PATH, (c) => {
    const scope = eventScope(c, ctx);
    const all = eventReleases(scope);
    const filter = releaseFilter(scope);
    const { records, selected, hiddenByDefault } = filterByStates(all, scope.url, filter);
    const sorted = sortBy(records, scope.url, RELEASE_SORTS, (r, attr) =>
      attr === 'title' ? r.title.toLowerCase() : attr === 'start_at' ? r.start_at : r.position,
    );
    const expanded = expansions(scope.url);
    const extended = scope.version === '3.0' && viewOf(scope.url) === 'extended';
    return pagedListResponse(
      c,
      'releases',
      sorted,
      (r) => {
        const record = releaseRecord(scope, r, extended);
        if (scope.version === '3.1') Object.assign(record, releaseEmbeds(scope, r, expanded));
        return record;
      },
      {
        overallTotal: all.length,
        expandable: expandableMeta(RELEASE_EXPANDABLE, expanded),
        hiddenByDefault: { states: ['archived'], count: hiddenByDefault },
        sortOptions: RELEASE_SORTS,
        filterOptions: stateFilterOptions(filter.options, selected),
      },
    );
  });

  app.get(`${RELEASES_PATH}/:release_slug`, (c) => {
    const scope = eventScope(c, ctx);
    return releaseAnswer(c, scope, findRelease(scope, c.req.param('release_slug')));
  });

  app.post(RELEASES_PATH, async (c) => {
    const scope = eventScope(c, ctx);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'release'));
    const patch = releasePatch(attrs, true);
    attrs.errors.throwIfAny();
    const stamp = scope.now.toISOString();
    const positions = eventReleases(scope).map((r) => r.position);
    const release = ctx.store.insert('releases', {
      event_id: scope.event.id,
      slug: uniqueTitleSlug(patch.title ?? '', releaseSlugTaken(scope)),
      title: patch.title ?? '',
      description: null,
      price: null,
      quantity: null,
      position: positions.length === 0 ? 0 : Math.max(...positions) + 1,
      archived: false,
      secret: false,
      // A release created with only a title is not on sale until it is activated.
      state_name: 'off_sale',
      start_at: null,
      end_at: null,
      min_tickets_per_person: null,
      max_tickets_per_person: null,
      metadata: null,
      ...patch,
      created_at: stamp,
      updated_at: stamp,
    });
    return releaseAnswer(c, scope, release, 201);
  });

  app.patch(`${RELEASES_PATH}/:release_slug`, async (c) => {
    const scope = eventScope(c, ctx);
    const release = findRelease(scope, c.req.param('release_slug'));
    const attrs = new Attributes(await readAttributes(c.req.raw, 'release'));
    const patch = releasePatch(attrs, false);
    attrs.errors.throwIfAny();
    const updated = ctx.store.update('releases', release.id, {
      ...patch,
      updated_at: scope.now.toISOString(),
    });
    return releaseAnswer(c, scope, updated, 200, true);
  });

  app.delete(`${RELEASES_PATH}/:release_slug`, (c) => {
    const scope = eventScope(c, ctx);
    const release = findRelease(scope, c.req.param('release_slug'));
    // Tickets of either mode keep a release alive: deleting it would orphan them.
    if (ctx.store.findBy('tickets', 'byRelease', release.id).length > 0) {
      throw invalid({ base: ['A release with tickets cannot be deleted; archive it instead'] });
    }
    ctx.store.delete('releases', release.id);
    return noContent();
  });

  registerReleaseActions(app, ctx);
}
