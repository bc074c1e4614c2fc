// Admin API: tickets of an event (`/tickets`, list and get by slug). The documents only link to
// them; list meta, sorts and filters follow the real service's recordings, plus ransack-style
// `q[<field>_eq|_cont|_in]` filters (../http/filters).
import type { AdminApp, ServiceContext } from '../context';
import { pagedListResponse, recordResponse } from '../http/envelope';
import { notFound } from '../../http/errors';
import { expandableMeta } from '../http/expand';
import type { SortOptions } from '../http/list-meta';
import { inCallerMode, recordId } from '../http/scope';
import type { Ticket } from '../model/ticket';
import { inFull, presenter } from './presenter';
import { type EventScope, callerModeRecords } from './scope';
import { type FilterFields, ransackFilter } from '../http/filters';
import { type StateFilter, filterByStates, sortBy, stateOptions } from './search';
import { TICKET_EXPANDABLE, ticketRecord } from './ticket-view';

const TICKETS_PATH = '/:account_slug/:event_slug/tickets';

const TICKET_SORTS: SortOptions = {
  'First name A-Z': { attr: 'first_name', direction: 'asc' },
  'First name Z-A': { attr: 'first_name', direction: 'desc' },
  'Last name A-Z': { attr: 'last_name', direction: 'asc' },
  'Last name Z-A': { attr: 'last_name', direction: 'desc' },
  'Ticket date, earliest first': { attr: 'tickets.created_at', direction: 'asc' },
  'Ticket date, newest first': { attr: 'tickets.created_at', direction: 'desc', default: true },
  'Price, least first': { attr: 'price', direction: 'asc' },
  'Price, most first': { attr: 'price', direction: 'desc' },
  Reference: { attr: 'reference', direction: 'asc' },
  Number: { attr: 'number', direction: 'asc' },
  'Last change': { attr: 'updated_at', direction: 'desc' },
};

function ticketFilter(scope: EventScope): StateFilter<Ticket> {
  return {
    options: stateOptions([
      ['complete', 'Complete'],
      ['incomplete', 'Incomplete'],
      ['unassigned', 'Unassigned'],
      ['void', 'Void'],
      ['changes_locked', 'Changes Locked'],
      ['changes_allowed', 'Changes Allowed'],
      ['archived', 'Archived'],
    ]),
    groups: [
      ['complete', 'incomplete', 'unassigned', 'void'],
      ['changes_locked', 'changes_allowed'],
    ],
    hiddenByDefault: ['void', 'archived'],
    exclusive: ['void', 'archived'],
    statesOf: (ticket) => {
      const archived = scope.ctx.store.get('releases', ticket.release_id)?.archived === true;
      const unassigned = !ticket.email && !ticket.first_name && !ticket.last_name;
      return [
        ticket.state,
        ...(unassigned ? ['unassigned'] : []),
        'changes_allowed',
        ...(archived ? ['archived'] : []),
      ];
    },
  };
}

function sortValue(ticket: Ticket, attr: string): string | number | null {
  switch (attr) {
    case 'first_name':
    case 'last_name':
      return ticket[attr]?.toLowerCase() ?? null;
    case 'price':
    case 'number':
      return Number(ticket[attr]);
    case 'reference':
      return ticket.reference;
    case 'updated_at':
      return ticket.updated_at;
    default:
      return `${ticket.created_at}:${String(ticket.id).padStart(12, '0')}`;
  }
}

/** The ticket fields a list may be filtered on (`q[<field>_eq|_cont|_in]`), as the records show them. */
const TICKET_FIELDS: FilterFields<Ticket> = {
  id: (t) => t.id,
  slug: (t) => t.slug,
  reference: (t) => t.reference,
  registration_id: (t) => t.registration_id,
  release_id: (t) => t.release_id,
  first_name: (t) => t.first_name,
  last_name: (t) => t.last_name,
  name: (t) => [t.first_name, t.last_name].filter(Boolean).join(' ') || null,
  email: (t) => t.email,
  company_name: (t) => t.company_name,
  phone_number: (t) => t.phone_number,
  job_title: (t) => t.job_title,
  state: (t) => t.state,
  number: (t) => t.number,
  price: (t) => t.price,
  discount_code_used: (t) => t.discount_code_used,
  test_mode: (t) => t.test_mode,
  created_at: (t) => t.created_at,
  updated_at: (t) => t.updated_at,
};

/** `q`: a case-insensitive part of the reference, slug, name, email or company. */
function matchesText(ticket: Ticket, q: string): boolean {
  const needle = q.trim().toLowerCase();
  return [
    ticket.reference,
    ticket.slug,
    ticket.email,
    ticket.company_name,
    [ticket.first_name, ticket.last_name].filter(Boolean).join(' '),
  ].some((field) => field?.toLowerCase().includes(needle));
}

/** The recorded `filter_options` of the ticket list: types, releases, activities, states. */
function ticketFilterOptions(scope: EventScope, filter: StateFilter<Ticket>, selected: string[]) {
  const { store } = scope.ctx;
  return {
    types: stateOptions([
      ['manual', 'Added manually'],
      ['standard', 'Ordered by customer'],
    ]),
    release_ids: store
      .findBy('releases', 'byEvent', scope.event.id)
      .map((r) => ({ label: r.title, value: r.slug })),
    activity_ids: store
      .findBy('activities', 'byEvent', scope.event.id)
      .map((a) => ({ label: a.name, value: String(a.id) })),
    sections: {
      states: { label: 'Status', open: false },
      types: { label: 'Type', open: false },
      release_ids: { label: 'Tickets', open: false },
      activity_ids: { label: 'Activities', open: false },
      created_at: { label: 'Timeframe', open: false, type: 'time_frame' },
    },
    collection: false,
    states: filter.options,
    selected_states: selected,
  };
}

export function registerTickets(app: AdminApp, ctx: ServiceContext): void {
  app.get(TICKETS_PATH, (c) => {
    const p = presenter(c, ctx, 'list');
    const all = callerModeRecords(p, 'tickets');
    const filter = ticketFilter(p);
    const { records, selected, hiddenByDefault } = filterByStates(all, p.url, filter);
    const q = p.url.searchParams.get('q') ?? p.url.searchParams.get('search[q]');
    const found = ransackFilter(q ? records.filter((t) => matchesText(t, q)) : records, p.url, TICKET_FIELDS);
    const sorted = sortBy(found, p.url, TICKET_SORTS, sortValue);
    return pagedListResponse(c, 'tickets', sorted, (t) => ticketRecord(p, t), {
      overallTotal: all.length,
      expandable: expandableMeta(TICKET_EXPANDABLE, p.expanded),
      hiddenByDefault: { states: ['void', 'archived'], count: hiddenByDefault },
      sortOptions: TICKET_SORTS,
      filterOptions: ticketFilterOptions(p, filter, selected),
      filtersTaken: true,
    });
  });

  app.get(`${TICKETS_PATH}/:ticket_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    const key = c.req.param('ticket_slug');
    const id = recordId(key);
    const found =
      ctx.store.findOne('tickets', 'bySlug', key) ??
      (id === undefined ? undefined : ctx.store.get('tickets', id));
    if (found && found.event_id !== p.event.id) throw notFound();
    const ticket = inCallerMode(c, found);
    // One ticket is always the extended record, whatever `view` asks (as recorded).
    return recordResponse(c, 'ticket', ticketRecord(inFull(p), ticket), {
      expandable: expandableMeta(TICKET_EXPANDABLE, p.expanded),
    });
  });
}
