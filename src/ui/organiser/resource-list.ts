// The event resources other than releases, and the lookup by key the routes use.
import { col, money, personName, ratio, wrapping } from './columns';
import { formatMoney } from './event-format';
import { text } from './format';
import { INTERESTED_USERS, OPT_INS, REFUNDS, RSVP_LISTS } from './resource-extras';
import { QUESTION_REFS, RELEASE_REFS, RELEASES, type ResourceDef } from './resources';

const REGISTRATIONS: ResourceDef = {
  key: 'registrations',
  title: 'Registrations',
  singular: 'registration',
  plural: 'registrations',
  idField: 'slug',
  name: (r) => `${text(r.reference)} · ${personName(r)}`,
  columns: [
    col('Reference', 'reference'),
    wrapping({ label: 'Name', value: personName }),
    wrapping(col('Email', 'email')),
    col('State', 'state'),
    { ...col('Tickets', 'tickets_count'), numeric: true },
    money('Total', 'total'),
    col('Paid', 'receipt_paid', 'paid'),
    col('Created', 'created_at'),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'company_name', label: 'Company', kind: 'text' },
    { name: 'phone_number', label: 'Phone number', kind: 'text' },
    { name: 'payment_reference', label: 'Purchase order number', kind: 'text' },
    { name: 'source', label: 'Source', kind: 'text' },
    { name: 'total', label: 'Total', kind: 'decimal' },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: false,
  searchable: true,
  states: {
    values: ['paid', 'unpaid', 'complete', 'confirmed', 'incomplete', 'cancelled'],
    defaults: ['paid', 'unpaid', 'complete', 'confirmed', 'incomplete'],
  },
  sorts: [
    { label: 'Newest first', sort: 'created_at', direction: 'desc' },
    { label: 'Oldest first', sort: 'created_at', direction: 'asc' },
    { label: 'Name A–Z', sort: 'name', direction: 'asc' },
  ],
  actions: [
    { label: 'Mark paid', method: 'POST', path: 'confirmations', when: (r) => r.receipt_paid !== true },
    { label: 'Mark unpaid', method: 'DELETE', path: 'confirmations', when: (r) => r.receipt_paid === true },
  ],
  expand: ['tickets', 'line_items', 'receipts', 'refunds'],
  empty: 'No registrations match. Create one with line items to issue tickets.',
};

const TICKETS: ResourceDef = {
  key: 'tickets',
  title: 'Tickets',
  singular: 'ticket',
  plural: 'tickets',
  idField: 'slug',
  name: (r) => `${text(r.reference)} · ${personName(r)}`,
  columns: [
    col('Reference', 'reference'),
    wrapping({ label: 'Name', value: personName }),
    wrapping(col('Email', 'email')),
    wrapping(col('Release', 'release_title', 'release', 'release_slug')),
    col('State', 'state'),
  ],
  listExpand: ['release'],
  fields: [],
  // As the service lists them (recorded 3.1 `meta.filter_options`): void tickets and those of
  // archived releases are hidden unless asked for, so an export asks for every state.
  states: {
    values: ['complete', 'incomplete', 'unassigned', 'void', 'changes_locked', 'changes_allowed', 'archived'],
    defaults: ['complete', 'incomplete', 'unassigned', 'changes_locked', 'changes_allowed'],
  },
  canCreate: false,
  canEdit: false,
  canDelete: false,
  searchable: true,
  empty: 'No tickets yet. Tickets appear when registrations are created.',
};

const CHECKIN_LISTS: ResourceDef = {
  key: 'checkin_lists',
  title: 'Check-in lists',
  singular: 'checkin_list',
  plural: 'checkin_lists',
  idField: 'slug',
  name: (r) => text(r.title),
  columns: [
    col('Title', 'title'),
    col('State', 'state'),
    { label: 'Checked in', value: (r) => `${text(r.checked_in_count ?? 0)} / ${text(r.tickets_count ?? 0)}` },
    { label: '%', value: (r) => `${text(r.checked_in_percent ?? 0)}%` },
    col('Expires', 'expires_at'),
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    RELEASE_REFS,
    {
      name: 'activity_ids',
      label: 'Activities',
      kind: 'refs',
      ref: 'activities',
      readFrom: ['activities_ids'],
      expand: 'activity_ids',
    },
    QUESTION_REFS,
    { name: 'expires_at', label: 'Expires at', kind: 'datetime', help: 'Leave empty for no expiry.' },
    { name: 'hide_unpaid', label: 'Hide unpaid tickets', kind: 'checkbox' },
    { name: 'show_company_name', label: 'Show company name', kind: 'checkbox' },
    { name: 'show_email', label: 'Show email', kind: 'checkbox' },
    { name: 'show_phone_number', label: 'Show phone number', kind: 'checkbox' },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  empty: 'No check-in lists yet. Create one and hand its QR code to the door staff.',
};

const DISCOUNT_CODES: ResourceDef = {
  key: 'discount_codes',
  title: 'Discount codes',
  singular: 'discount_code',
  plural: 'discount_codes',
  idField: 'id',
  name: (r) => text(r.code),
  columns: [
    col('Code', 'code'),
    col('Type', 'type'),
    {
      label: 'Value',
      value: (r, format) =>
        String(r.type).startsWith('Percent') ? `${text(r.value)}%` : formatMoney(r.value, format ?? null),
      numeric: true,
    },
    col('State', 'state'),
    ratio('Used', 'quantity_used', 'quantity'),
    col('Registrations', 'registrations_count'),
  ],
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    {
      name: 'type',
      label: 'Type',
      kind: 'suggest',
      required: true,
      options: ['MoneyOffDiscountCode', 'PercentOffDiscountCode'],
    },
    { name: 'value', label: 'Value', kind: 'decimal', required: true, help: 'An amount, or a percentage.' },
    { name: 'description', label: 'Description (payment form)', kind: 'text' },
    { name: 'description_for_organizer', label: 'Note for organisers', kind: 'text' },
    { name: 'start_at', label: 'Available from', kind: 'datetime' },
    { name: 'end_at', label: 'Available until', kind: 'datetime' },
    { name: 'quantity', label: 'Tickets that may use it', kind: 'number' },
    { name: 'min_quantity_per_release', label: 'Minimum per release', kind: 'number' },
    { name: 'max_quantity_per_release', label: 'Maximum per release', kind: 'number' },
    RELEASE_REFS,
    { name: 'block_registrations_if_not_applicable', label: 'Block if not applicable', kind: 'checkbox' },
    { name: 'disable_for_degressive', label: 'Disable with degressive pricing', kind: 'checkbox' },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  states: {
    values: ['current', 'upcoming', 'past', 'used', 'unused'],
    defaults: ['current', 'upcoming', 'used', 'unused'],
  },
  empty: 'No discount codes match.',
};

const QUESTIONS: ResourceDef = {
  key: 'questions',
  title: 'Questions',
  singular: 'question',
  plural: 'questions',
  idField: 'slug',
  name: (r) => text(r.title),
  columns: [
    col('Title', 'title'),
    col('Type', 'field_type'),
    col('Required', 'required'),
    { label: 'Answers', value: (r) => `${text(r.answers_count ?? 0)} / ${text(r.tickets_count ?? 0)}` },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    {
      name: 'field_type',
      label: 'Field type',
      kind: 'select',
      required: true,
      options: ['Text', 'Textarea', 'Select', 'Checkboxes', 'Country', 'File'],
    },
    { name: 'description', label: 'Description', kind: 'text' },
    { name: 'options', label: 'Options (one per line)', kind: 'textarea' },
    { name: 'include_free_text_field', label: 'Add an “Other” field', kind: 'checkbox' },
    { name: 'options_free_text_field', label: 'Label of the “Other” field', kind: 'text' },
    { name: 'required', label: 'Required', kind: 'checkbox' },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  children: {
    title: 'Answers',
    path: 'answers',
    plural: 'answers',
    columns: [col('Ticket', 'ticket_id'), col('Response', 'response', 'primary_response')],
    empty: 'Nobody has answered this question yet.',
  },
  empty: 'No questions yet.',
};

const ACTIVITIES: ResourceDef = {
  key: 'activities',
  title: 'Activities',
  singular: 'activity',
  plural: 'activities',
  idField: 'id',
  name: (r) => text(r.name),
  columns: [
    col('Name', 'name'),
    col('Date', 'date'),
    { label: 'Time', value: (r) => `${text(r.start_time)}–${text(r.end_time)}` },
    ratio('Allocated', 'allocation_count', 'capacity'),
    col('Sold out', 'sold_out'),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    { name: 'date', label: 'Date', kind: 'date' },
    { name: 'start_time', label: 'Starts', kind: 'time' },
    { name: 'end_time', label: 'Ends', kind: 'time' },
    { name: 'capacity', label: 'Capacity', kind: 'number', help: 'Leave empty for no limit.' },
    { name: 'show_to_attendee', label: 'Show on the attendee’s ticket', kind: 'checkbox' },
    RELEASE_REFS,
    QUESTION_REFS,
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  actions: [{ label: 'Duplicate', method: 'POST', path: 'duplication', opensResult: true }],
  empty: 'No activities yet.',
};

export const RESOURCES: readonly ResourceDef[] = [
  RELEASES,
  REGISTRATIONS,
  TICKETS,
  CHECKIN_LISTS,
  DISCOUNT_CODES,
  QUESTIONS,
  ACTIVITIES,
  OPT_INS,
  INTERESTED_USERS,
  REFUNDS,
  RSVP_LISTS,
];

export function resourceByKey(key: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.key === key);
}
