// The registration list's query: states (cancelled hidden by default), `q`, the `gt` time
// filters, ransack-style `q[<field>_eq|_cont|_in]` filters (../http/filters) and the sort options of
// the real service.
import { zonedToUtc } from '../http/format';
import type { SortOptions } from '../http/list-meta';
import type { Registration } from '../model/registration';
import { type FilterFields, ransackFilter } from '../http/filters';
import type { EventScope } from './scope';
import { type StateFilter, filterByStates, sortBy, stateOptions } from './search';

// The meta marks "Total paid, most first" as the default, as the real service's does (its
// dashboard menu); without `search[sort]` the API lists newest first, as document 2 says.
export const REGISTRATION_SORTS: SortOptions = {
  'Name A-Z': { attr: 'name', direction: 'asc' },
  'Name Z-A': { attr: 'name', direction: 'desc' },
  'Purchase date, earliest first': { attr: 'created_at', direction: 'asc' },
  'Purchase date, newest first': { attr: 'created_at', direction: 'desc' },
  'Total paid, least first': { attr: 'total', direction: 'asc' },
  'Total paid, most first': { attr: 'total', direction: 'desc', default: true },
  Reference: { attr: 'reference', direction: 'asc' },
  'Payment provider': { attr: 'payment_provider', direction: 'asc' },
  'Last change': { attr: 'updated_at', direction: 'desc' },
};

const NEWEST_FIRST = { attr: 'created_at', direction: 'desc' } as const;

/**
 * Lifecycle and payment are separate groups: `search[states][]=unpaid` lists unpaid
 * registrations of every state. A free registration counts as paid (nothing is owed).
 */
export const REGISTRATION_FILTER: StateFilter<Registration> = {
  options: stateOptions([
    ['paid', 'Paid'],
    ['unpaid', 'Unpaid'],
    ['complete', 'Complete'],
    ['confirmed', 'Confirmed'],
    ['incomplete', 'Incomplete'],
    ['cancelled', 'Cancelled'],
  ]),
  groups: [
    ['paid', 'unpaid'],
    ['complete', 'confirmed', 'incomplete', 'cancelled'],
  ],
  hiddenByDefault: ['cancelled'],
  statesOf: (r) => [r.receipt_paid ? 'paid' : 'unpaid', r.state],
};

/** `2026-06-01 10:00` is read in the event's zone; with `+UTC`, `Z` or an offset, as given. */
function timestamp(scope: EventScope, text: string): number | null {
  const trimmed = text.trim();
  const utc = /\s*\+?UTC$/i.test(trimmed);
  const bare = trimmed.replace(/\s*\+?UTC$/i, '');
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2})?)?$/.exec(bare);
  if (local && !utc) return Date.parse(zonedToUtc(local[1] ?? '', local[2] ?? null, scope.event.timezone));
  const ms = Date.parse(utc && local ? `${local[1]}T${local[2] ?? '00:00'}:00Z` : bare);
  return Number.isNaN(ms) ? null : ms;
}

/** Document 2's registration fields a list may be filtered on (`q[<field>_eq|_cont|_in]`). */
export const REGISTRATION_FIELDS: FilterFields<Registration> = {
  id: (r) => r.id,
  slug: (r) => r.slug,
  reference: (r) => r.reference,
  name: (r) => r.name,
  email: (r) => r.email,
  company_name: (r) => r.company_name,
  phone_number: (r) => r.phone_number,
  payment_reference: (r) => r.payment_reference ?? null,
  source: (r) => r.source,
  state: (r) => r.state,
  locale: (r) => r.locale,
  registration_type: (r) => r.registration_type,
  receipt_paid: (r) => r.receipt_paid,
  test_mode: (r) => r.test_mode,
  total: (r) => r.total,
  completed_at: (r) => r.completed_at,
  created_at: (r) => r.created_at,
  updated_at: (r) => r.updated_at,
};

function matchesText(scope: EventScope, registration: Registration, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const fields = [
    registration.name,
    registration.email,
    registration.reference,
    registration.slug,
    registration.company_name,
    registration.phone_number,
    registration.payment_reference,
  ];
  for (const ticket of scope.ctx.store.findBy('tickets', 'byRegistration', registration.id)) {
    fields.push(
      ticket.reference,
      ticket.email,
      [ticket.first_name, ticket.last_name].filter(Boolean).join(' '),
    );
  }
  return fields.some((f) => f?.toLowerCase().includes(needle));
}

export function searchRegistrations(scope: EventScope, all: Registration[]) {
  const params = scope.url.searchParams;
  const filtered = filterByStates(all, scope.url, REGISTRATION_FILTER);
  let records = filtered.records;
  const q = params.get('q') ?? params.get('search[q]');
  if (q) records = records.filter((r) => matchesText(scope, r, q));
  records = ransackFilter(records, scope.url, REGISTRATION_FIELDS);
  for (const attr of ['created_at', 'updated_at'] as const) {
    const gt = params.get(`search[${attr}][gt]`);
    const after = gt ? timestamp(scope, gt) : null;
    if (after !== null) records = records.filter((r) => Date.parse(r[attr]) > after);
  }
  const sorted = sortBy(
    records,
    scope.url,
    REGISTRATION_SORTS,
    (r, attr) => {
      if (attr === 'total') return Number(r.total);
      if (attr === 'name') return r.name?.toLowerCase() ?? null;
      if (attr === 'reference') return r.reference;
      if (attr === 'payment_provider') return r.invoice ? 'invoice' : 'manual';
      if (attr === 'updated_at') return r.updated_at;
      return `${r.created_at}:${String(r.id).padStart(12, '0')}`;
    },
    NEWEST_FIRST,
  );
  return { records: sorted, selected: filtered.selected, hiddenByDefault: filtered.hiddenByDefault };
}
