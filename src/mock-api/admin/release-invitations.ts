// Admin API: the invitations of an RSVP list. Document 2 shows only the list endpoint; get,
// create, update and delete are "not shown" and not offered here either.
import type { AdminApp, ServiceContext } from '../context';
import { pagedListResponse } from '../http/envelope';
import { expandableMeta } from '../http/expand';
import { stateFilterOptions } from '../http/list-meta';
import type { ReleaseInvitation } from '../model/rsvp';
import { type Presenter, presenter, shows } from './presenter';
import { registrationRecord } from './registration-view';
import { RSVP_LISTS_PATH, findRsvpList } from './rsvp-lists';
import { PUBLIC_ORIGIN, at } from './scope';
import { type StateFilter, filterByStates, stateOptions } from './search';

const EXPANDABLE = ['registration'] as const;

const INVITATION_FILTER: StateFilter<ReleaseInvitation> = {
  options: stateOptions([['redeemed', 'Redeemed']]),
  groups: [['redeemed']],
  // Nothing is selected by default: every invitation is listed.
  hiddenByDefault: ['redeemed'],
  statesOf: (i) => (i.registration_id !== null ? ['redeemed'] : []),
};

function invitationRecord(p: Presenter, invitation: ReleaseInvitation) {
  const { store } = p.ctx;
  const registration = invitation.registration_id
    ? store.get('registrations', invitation.registration_id)
    : undefined;
  const base = `${PUBLIC_ORIGIN}/${p.account.slug}/${p.event.slug}`;
  const record: Record<string, unknown> = {
    _type: 'release_invitation',
    id: invitation.id,
    slug: invitation.slug,
    first_name: invitation.first_name,
    last_name: invitation.last_name,
    email: invitation.email,
    name: [invitation.first_name, invitation.last_name].filter(Boolean).join(' '),
    unique_url: `${base}/rsvp/${invitation.slug}`,
    status: invitation.status,
    redeemed: registration !== undefined,
    registration_id: registration?.id ?? null,
  };
  if (p.version === '3.0') {
    Object.assign(record, {
      registration_slug: registration?.slug ?? null,
      registration_url: registration ? `${base}/registrations/${registration.slug}` : null,
      registration_reference: registration?.reference ?? null,
      releases: invitation.release_ids
        .map((id) => store.get('releases', id))
        .filter((r) => r !== undefined)
        .map((r) => ({ id: r.id, title: r.title, slug: r.slug })),
    });
    return record;
  }
  Object.assign(record, {
    created_at: at(p, invitation.created_at),
    updated_at: at(p, invitation.updated_at),
    importer_id: null,
    expires_at: at(p, invitation.expires_at),
    rsvp_list_id: invitation.rsvp_list_id,
    discount_code: invitation.discount_code,
    message_delivery_id: null,
    auto: false,
    guest: false,
    redirect: invitation.redirect,
  });
  if (shows(p, 'registration'))
    record.registration = registration ? registrationRecord(p, registration, { nested: true }) : null;
  return record;
}

export function registerReleaseInvitations(app: AdminApp, ctx: ServiceContext): void {
  app.get(`${RSVP_LISTS_PATH}/:rsvp_list_slug/release_invitations`, (c) => {
    const p = presenter(c, ctx, 'list');
    const list = findRsvpList(c, p);
    const all = ctx.store.findBy('release_invitations', 'byList', list.id);
    const asked = p.url.searchParams.getAll('search[states][]').length > 0;
    const filtered = asked ? filterByStates(all, p.url, INVITATION_FILTER) : { records: all, selected: [] };
    return pagedListResponse(c, 'release_invitations', filtered.records, (i) => invitationRecord(p, i), {
      overallTotal: all.length,
      expandable: expandableMeta(EXPANDABLE, p.expanded),
      filterOptions: stateFilterOptions(INVITATION_FILTER.options, filtered.selected),
    });
  });
}
