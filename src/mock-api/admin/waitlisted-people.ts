// Admin API: people on the waiting list of sold-out releases (not in the documents; shapes
// from the recordings and the documented examples). List and get.
import type { AdminApp, ServiceContext } from '../context';
import { recordResponse } from '../http/envelope';
import { listMeta, type SortOptions } from '../http/list-meta';
import { paginate, pageRequest } from '../http/pagination';
import { ofEvent } from '../http/scope';
import '../model/event-extras';
import type { WaitlistedPerson } from '../model/event-extras';
import { releaseRecord } from './release-view';
import { type EventScope, PUBLIC_ORIGIN, at, eventScope } from './scope';
import { type StateFilter, filterByStates, sortBy, stateOptions } from './search';

const WAITLIST_PATH = '/:account_slug/:event_slug/waitlisted_people';

const WAITLIST_SORTS: SortOptions = {
  'Name A-Z': { attr: 'name', direction: 'asc' },
  'Name Z-A': { attr: 'name', direction: 'desc' },
  'Join date, earliest first': { attr: 'created_at', direction: 'asc' },
  'Join date, newest first': { attr: 'created_at', direction: 'desc', default: true },
};

const WAITLIST_FILTER: StateFilter<WaitlistedPerson> = {
  options: stateOptions([
    ['joined', 'Joined'],
    ['offered', 'Offered'],
    ['redeemed', 'Redeemed'],
    ['rejected', 'Rejected'],
    ['expired', 'Expired'],
  ]),
  groups: [['joined', 'offered', 'redeemed', 'rejected', 'expired']],
  hiddenByDefault: ['redeemed', 'rejected', 'expired'],
  statesOf: (person) => [person.state],
};

const STATUS: Record<WaitlistedPerson['state'], string> = {
  joined: 'Waiting',
  offered: 'Offered',
  redeemed: 'Redeemed',
  rejected: 'Rejected',
  expired: 'Expired',
};

function personRecord(
  scope: EventScope,
  person: WaitlistedPerson,
  withRelease: boolean,
): Record<string, unknown> {
  const release = scope.ctx.store.get('releases', person.release_id);
  const record: Record<string, unknown> = {
    _type: 'waitlisted_person',
    id: person.id,
    name: person.name,
    email: person.email,
    offered_at: at(scope, person.offered_at),
    expires_at: at(scope, person.expires_at),
    created_at: at(scope, person.created_at),
    updated_at: at(scope, person.updated_at),
    joined_at: at(scope, person.created_at),
    release_id: person.release_id,
    state: person.state,
    message: person.message,
    status: STATUS[person.state],
    redeemed: person.state === 'redeemed',
    expired: person.state === 'expired',
    joined: person.state === 'joined',
    offered: person.state === 'offered',
    rejected: person.state === 'rejected',
    unique_offer_url:
      person.state === 'offered'
        ? `${PUBLIC_ORIGIN}/${scope.account.slug}/${scope.event.slug}/waitlist/${person.id}`
        : null,
  };
  if (withRelease) {
    record.release = release ? releaseRecord(scope, release, true) : null;
    // The mock does not link a redeemed place to its order.
    record.registration = null;
  }
  return record;
}

export function registerWaitlistedPeople(app: AdminApp, ctx: ServiceContext): void {
  app.get(WAITLIST_PATH, (c) => {
    const scope = eventScope(c, ctx);
    const all = ctx.store.findBy('waitlisted_people', 'byEvent', scope.event.id);
    const { records, selected, hiddenByDefault } = filterByStates(all, scope.url, WAITLIST_FILTER);
    const sorted = sortBy(records, scope.url, WAITLIST_SORTS, (p, attr) =>
      attr === 'name' ? (p.name?.toLowerCase() ?? null) : `${p.created_at}:${String(p.id).padStart(12, '0')}`,
    );
    const page = paginate(sorted, pageRequest(scope.url));
    const releases = ctx.store.findBy('releases', 'byEvent', scope.event.id);
    const meta = listMeta({
      version: scope.version,
      page: { ...page.meta, total_pages: sorted.length === 0 ? 0 : page.meta.total_pages },
      overallTotal: all.length,
      hiddenByDefault: { states: ['redeemed', 'rejected', 'expired'], count: hiddenByDefault },
      sortOptions: WAITLIST_SORTS,
      filterOptions: {
        release_slugs: releases.map((r) => ({ label: r.title, value: r.slug })),
        sections: {
          states: { label: 'Status', open: false },
          release_slugs: { label: 'Tickets', open: false },
        },
        collection: false,
        states: WAITLIST_FILTER.options,
        selected_states: selected,
      },
    });
    // The real service answers `expandable: null` for this list.
    const ordered =
      scope.version === '3.1' ? { api_version: meta.api_version, expandable: null, ...meta } : meta;
    return c.json({
      waitlisted_people: page.items.map((p) => personRecord(scope, p, scope.version === '3.0')),
      meta: ordered,
    });
  });

  app.get(`${WAITLIST_PATH}/:waitlisted_person_id`, (c) => {
    const scope = eventScope(c, ctx);
    const person = ofEvent(
      scope.event,
      ctx.store.get('waitlisted_people', Number(c.req.param('waitlisted_person_id'))),
    );
    return recordResponse(c, 'waitlisted_person', personRecord(scope, person, scope.version === '3.0'));
  });
}
