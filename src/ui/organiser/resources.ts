// What each event resource looks like on screen: its path, its columns (with the derived
// fields the service computes), its writable fields and its state changes. The generic list,
// detail and form screens are driven by these descriptions.
import { tl } from '../i18n/t';
import type { AdminRecord } from '../../api/admin-client';
import { type Column, col, money, ratio } from './columns';
import { releaseSale, saleWords } from './event-overview';
import { text } from './format';

export type FieldKind =
  | 'text'
  | 'email'
  | 'textarea'
  | 'number'
  | 'decimal'
  | 'date'
  | 'time'
  | 'datetime'
  | 'checkbox'
  | 'select'
  | 'suggest'
  | 'refs'
  | 'list';

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly string[];
  /** For `refs`: which event resource the ids point at. */
  ref?: 'releases' | 'questions' | 'activities';
  help?: string;
  /** Other names the service may read the current value from (3.0 vs 3.1 spellings). */
  readFrom?: readonly string[];
  /**
   * For `refs`: the 3.1 expansion that makes the record carry its links (document 1: related
   * resources appear only when named in `expand`). Without it an edit would start from no
   * links and saving would replace the whole set. 3.0 ignores it: a single record comes in its
   * extended view, ids included.
   */
  expand?: string;
}

/** The releases a record applies to; some versions answer the ids as `releases_ids`. */
export const RELEASE_REFS: FieldDef = {
  name: 'release_ids',
  label: 'Releases',
  kind: 'refs',
  ref: 'releases',
  readFrom: ['releases_ids'],
  expand: 'release_ids',
};

/** The questions a record asks; some versions answer the ids as `questions_ids`. */
export const QUESTION_REFS: FieldDef = {
  name: 'question_ids',
  label: 'Questions',
  kind: 'refs',
  ref: 'questions',
  readFrom: ['questions_ids'],
  expand: 'question_ids',
};

export interface ActionDef {
  label: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Appended to the record's path. */
  path: string;
  /** Shown only when true for the record. */
  when?(record: AdminRecord): boolean;
  /** The answer is a new record (duplication): open it. */
  opensResult?: boolean;
}

export interface ChildList {
  title: string;
  path: string;
  plural: string;
  columns: Column[];
  empty: string;
}

export interface ResourceDef {
  key: string;
  title: string;
  singular: string;
  plural: string;
  /** Lookups use the slug where the API addresses records by slug. */
  idField: 'id' | 'slug';
  name(record: AdminRecord): string;
  columns: Column[];
  fields: FieldDef[];
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  searchable?: boolean;
  /** List filter states and the default selection. */
  states?: { values: readonly string[]; defaults: readonly string[] };
  sorts?: readonly { label: string; sort: string; direction: 'asc' | 'desc' }[];
  actions?: ActionDef[];
  children?: ChildList;
  expand?: readonly string[];
  /** Expansions asked for in lists (3.1; 3.0 embeds them anyway). */
  listExpand?: readonly string[];
  empty: string;
}

const yes = (value: unknown) => value === true;

/**
 * What a record's page (and so its edit form) asks to expand: the resource's own expansions,
 * plus those its link fields need to show the current links in 3.1.
 */
export function recordExpand(def: ResourceDef): string[] {
  const forLinks = def.fields.flatMap((field) =>
    field.kind === 'refs' && field.expand ? [field.expand] : [],
  );
  return [...new Set([...(def.expand ?? []), ...forLinks])];
}

const RELEASES: ResourceDef = {
  key: 'releases',
  title: 'Releases',
  singular: 'release',
  plural: 'releases',
  idField: 'slug',
  name: (r) => text(r.title),
  columns: [
    col('Title', 'title'),
    col('Position', 'position'),
    {
      label: 'Sale',
      value: (r, format) => saleWords(releaseSale(r, Date.now()), format ?? null),
    },
    { label: 'Visibility', value: (r) => (yes(r.secret) ? tl('Secret') : tl('Public')) },
    money('Price', 'price'),
    ratio('Sold', 'tickets_count', 'quantity'),
    col('Sold out', 'sold_out'),
    money('Income', 'gross_income'),
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    {
      name: 'pricing_type',
      label: 'Pricing',
      kind: 'select',
      options: ['free', 'paid', 'donation', 'degressive'],
    },
    { name: 'price', label: 'Price', kind: 'decimal' },
    { name: 'quantity', label: 'Tickets available', kind: 'number', help: 'Leave empty for no limit.' },
    { name: 'state', label: 'Sale state', kind: 'select', options: ['on_sale', 'off_sale'] },
    { name: 'start_at', label: 'On sale from', kind: 'datetime' },
    { name: 'end_at', label: 'On sale until', kind: 'datetime' },
    { name: 'default_quantity', label: 'Default quantity', kind: 'number' },
    { name: 'min_tickets_per_person', label: 'Minimum per person', kind: 'number' },
    { name: 'max_tickets_per_person', label: 'Maximum per person', kind: 'number' },
    { name: 'min_donation', label: 'Minimum donation', kind: 'decimal' },
    { name: 'max_donation', label: 'Maximum donation', kind: 'decimal' },
    { name: 'suggested_donation', label: 'Suggested donation', kind: 'decimal' },
    { name: 'price_degressive', label: 'Degressive prices', kind: 'text' },
    { name: 'success_message', label: 'Success message', kind: 'textarea' },
    {
      name: 'question_ids',
      label: 'Questions asked',
      kind: 'refs',
      ref: 'questions',
      readFrom: ['questions_ids'],
      // A release's expandable list names `questions` only (no id array): the ids are read
      // from the embedded questions.
      expand: 'questions',
    },
    { name: 'secret', label: 'Secret (share link only)', kind: 'checkbox' },
    { name: 'show_price', label: 'Show price', kind: 'checkbox' },
    { name: 'card_payments', label: 'Card payments', kind: 'checkbox' },
    { name: 'invoice', label: 'Pay by invoice', kind: 'checkbox' },
    { name: 'require_name', label: 'Require name', kind: 'checkbox' },
    { name: 'require_email', label: 'Require email', kind: 'checkbox' },
    { name: 'request_company_name', label: 'Ask for company name', kind: 'checkbox' },
    { name: 'require_company_name', label: 'Require company name', kind: 'checkbox' },
    { name: 'request_vat_number', label: 'Ask for VAT number', kind: 'checkbox' },
    { name: 'require_vat_number', label: 'Require VAT number', kind: 'checkbox' },
    { name: 'require_billing_address', label: 'Require billing address', kind: 'checkbox' },
    { name: 'lock_changes', label: 'Lock changes', kind: 'checkbox' },
    { name: 'not_a_ticket', label: 'Not a ticket (merchandise)', kind: 'checkbox' },
    { name: 'waiting_list_enabled_during_sold_out', label: 'Waiting list when sold out', kind: 'checkbox' },
    { name: 'waiting_list_enabled_during_locked', label: 'Waiting list when locked', kind: 'checkbox' },
    {
      name: 'require_credit_card_for_sold_out_waiting_list',
      label: 'Card for waiting list',
      kind: 'checkbox',
    },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  sorts: [
    { label: 'Position', sort: 'position', direction: 'asc' },
    { label: 'Title A–Z', sort: 'title', direction: 'asc' },
    { label: 'Title Z–A', sort: 'title', direction: 'desc' },
    { label: 'On sale from', sort: 'start_at', direction: 'asc' },
  ],
  actions: [
    { label: 'Put on sale', method: 'PATCH', path: 'activation', when: (r) => !onSale(r) },
    { label: 'Pause sale', method: 'PATCH', path: 'deactivation', when: onSale },
    { label: 'Make public', method: 'POST', path: 'publication', when: (r) => yes(r.secret) },
    { label: 'Make secret', method: 'DELETE', path: 'publication', when: (r) => !yes(r.secret) },
    { label: 'Archive', method: 'POST', path: 'archival', when: (r) => !yes(r.archived) },
    { label: 'Unarchive', method: 'DELETE', path: 'archival', when: (r) => yes(r.archived) },
    { label: 'Duplicate', method: 'POST', path: 'duplication', opensResult: true },
  ],
  empty: 'No releases yet. Create the first kind of ticket for this event.',
};

export function onSale(r: AdminRecord): boolean {
  return (
    r.state === 'on_sale' ||
    r.state === 100 ||
    r.state === '100' ||
    (r.off_sale === false && r.state === undefined)
  );
}

export { RELEASES };
