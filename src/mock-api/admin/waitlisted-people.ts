// Admin API: people on the waiting list of sold-out releases (not in the documents; shapes
// from the recordings and the documented examples). List and get.
import type { AdminApp, ServiceContext } from '../context';
import { recordResponse } from '../http/envelope';
import { listMeta, type SortOptions } from '../http/list-meta';
import { paginate, pageRequest } from '../http/pagination';
import { refuseFilters } from '../http/filters';
import { ofEvent, recordId } from '../http/scope';
import '../model/event-extras';
import type { WaitlistedPerson } from '../model/event-extras';
import { type Presenter, inFull, presenter } from './presenter';
import { releaseRecord } from './release-view';
import { PUBLIC_ORIGIN, at } from './scope';
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

function personRecord(p: Presenter, person: WaitlistedPerson): Record<string, unknown> {
  const release = p.ctx.store.get('releases', person.release_id);
  const record: Record<string, unknown> = {
    _type: 'waitlisted_person',
    id: person.id,
    name: person.name,
    email: person.email,
    offered_at: at(p, person.offered_at),
    expires_at: at(p, person.expires_at),
    created_at: at(p, person.created_at),
    updated_at: at(p, person.updated_at),
    joined_at: at(p, person.created_at),
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
        ? `${PUBLIC_ORIGIN}/${p.account.slug}/${p.event.slug}/waitlist/${person.id}`
        : null,
  };
  // 3.0 embeds the release in full, in lists too; 3.1 offers no expansions here.
  if (p.version === '3.0') {
    record.release = release ? releaseRecord(inFull(p), release, { nested: true }) : null;
    // The mock does not link a redeemed place to its order.
    record.registration = null;
  }
  return record;
}

export function registerWaitlistedPeople(app: AdminApp, ctx: ServiceContext): void {
  app.get(WAITLIST_PATH, (c) => {
    const p = presenter(c, ctx, 'list');
    const all = ctx.store.findBy('waitlisted_people', 'byEvent', p.event.id);
    const { records, selected, hiddenByDefault } = filterByStates(all, p.url, WAITLIST_FILTER);
    const sorted = sortBy(records, p.url, WAITLIST_SORTS, (person, attr) =>
      attr === 'name'
        ? (person.name?.toLowerCase() ?? null)
        : `${person.created_at}:${String(person.id).padStart(12, '0')}`,
    );
    refuseFilters(p.url);
    const page = paginate(sorted, pageRequest(p.url));
    const releases = ctx.store.findBy('releases', 'byEvent', p.event.id);
    const meta = listMeta({
      version: p.version,
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
    const ordered = p.version === '3.1' ? { api_version: meta.api_version, expandable: null, ...meta } : meta;
    return c.json({
      waitlisted_people: page.items.map((person) => personRecord(p, person)),
      meta: ordered,
    });
  });

  app.get(`${WAITLIST_PATH}/:waitlisted_person_id`, (c) => {
    const p = presenter(c, ctx, 'record');
    const person = ofEvent(
      p.event,
      ctx.store.get('waitlisted_people', recordId(c.req.param('waitlisted_person_id')) ?? 0),
    );
    return recordResponse(c, 'waitlisted_person', personRecord(p, person));
  });
}
