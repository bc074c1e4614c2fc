// Admin API: the invitations of an RSVP list. Document 2 shows only the list endpoint; get,
// create, update and delete are "not shown" and not offered here either.
import type { AdminApp, ServiceContext } from '../context';
import { pagedListResponse } from '../http/envelope';
import { expandableMeta, expansions } from '../http/expand';
import { stateFilterOptions } from '../http/list-meta';
import type { ReleaseInvitation } from '../model/rsvp';
import { registrationRecord } from './registration-view';
import { RSVP_LISTS_PATH, findRsvpList } from './rsvp-lists';
import { type EventScope, PUBLIC_ORIGIN, at, eventScope } from './scope';
import { type StateFilter, filterByStates, stateOptions } from './search';

const EXPANDABLE = ['registration'] as const;

const INVITATION_FILTER: StateFilter<ReleaseInvitation> = {
  options: stateOptions([['redeemed', 'Redeemed']]),
  groups: [['redeemed']],
  // Nothing is selected by default: every invitation is listed.
  hiddenByDefault: ['redeemed'],
  statesOf: (i) => (i.registration_id !== null ? ['redeemed'] : []),
};

function invitationRecord(scope: EventScope, invitation: ReleaseInvitation, expanded: ReadonlySet<string>) {
  const { store } = scope.ctx;
  const registration = invitation.registration_id
    ? store.get('registrations', invitation.registration_id)
    : undefined;
  const base = `${PUBLIC_ORIGIN}/${scope.account.slug}/${scope.event.slug}`;
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
  if (scope.version === '3.0') {
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
    created_at: at(scope, invitation.created_at),
    updated_at: at(scope, invitation.updated_at),
    importer_id: null,
    expires_at: at(scope, invitation.expires_at),
    rsvp_list_id: invitation.rsvp_list_id,
    discount_code: invitation.discount_code,
    message_delivery_id: null,
    auto: false,
    guest: false,
    redirect: invitation.redirect,
  });
  if (expanded.has('registration'))
    record.registration = registration ? registrationRecord(scope, registration) : null;
  return record;
}

export function registerReleaseInvitations(app: AdminApp, ctx: ServiceContext): void {
  app.get(`${RSVP_LISTS_PATH}/:rsvp_list_slug/release_invitations`, (c) => {
    const scope = eventScope(c, ctx);
    const list = findRsvpList(c, scope);
    const all = ctx.store.findBy('release_invitations', 'byList', list.id);
    const asked = scope.url.searchParams.getAll('search[states][]').length > 0;
    const filtered = asked
      ? filterByStates(all, scope.url, INVITATION_FILTER)
      : { records: all, selected: [] };
    const expanded = expansions(scope.url);
    return pagedListResponse(
      c,
      'release_invitations',
      filtered.records,
      (i) => invitationRecord(scope, i, expanded),
      {
        overallTotal: all.length,
        expandable: expandableMeta(EXPANDABLE, expanded),
        filterOptions: stateFilterOptions(INVITATION_FILTER.options, filtered.selected),
      },
    );
  });
}
