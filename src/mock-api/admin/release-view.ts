// A release as the Admin API shows it, with the derived sale flags and ticket counts. Built from
// a Presenter like every record: 3.0 adds `view`, translations and its embeds in the extended
// form; 3.1 adds the related records named in `expand`, unless the release is nested in another
// record. Counts are of the caller's mode only.
import type { Question } from '../model/question';
import type { Release } from '../model/release';
import { releaseSetting, pricingType } from '../model/release-settings';
import { defineIndex } from '../store/indexes';
import type { Presenter, RecordOptions } from './presenter';
import { type EventScope, PUBLIC_ORIGIN, at, money } from './scope';

defineIndex('tickets', 'byRelease', (t) => t.release_id);

export const RELEASE_EXPANDABLE = [
  'activities',
  'activity_questions',
  'combo_releases',
  'public_optional_activities',
  'questions',
  'super_combo_releases',
  'tax_components',
  'tax_types',
  'termset',
  'ticket_group',
] as const;

export interface ReleaseCounts {
  tickets: number;
  voided: number;
  free: number;
  fullPrice: number;
  discounted: number;
  gross: number;
}

/** Tickets of the caller's mode only: test sales never use up live quantity, and the reverse. */
export function releaseCounts(scope: EventScope, release: Release): ReleaseCounts {
  return eventReleaseCounts(scope).get(release.id) ?? emptyCounts();
}

function emptyCounts(): ReleaseCounts {
  return { tickets: 0, voided: 0, free: 0, fullPrice: 0, discounted: 0, gross: 0 };
}

/** Counts of every release of the event in one pass, kept until a ticket or release changes. */
function eventReleaseCounts(scope: EventScope): Map<number, ReleaseCounts> {
  const { store } = scope.ctx;
  const test = scope.mode === 'test';
  return store.memo(`release-counts:${scope.event.id}:${scope.mode}`, ['tickets', 'releases'], () => {
    const out = new Map<number, ReleaseCounts>();
    for (const ticket of store.findBy('tickets', 'byEvent', scope.event.id)) {
      if (ticket.test_mode !== test) continue;
      const counts = out.get(ticket.release_id) ?? emptyCounts();
      out.set(ticket.release_id, counts);
      if (ticket.state === 'void') {
        counts.voided++;
        continue;
      }
      const full = Number(store.get('releases', ticket.release_id)?.price ?? 0);
      const price = Number(ticket.price);
      counts.tickets++;
      counts.gross += price;
      if (price === 0) counts.free++;
      else if (price >= full) counts.fullPrice++;
      else counts.discounted++;
    }
    return out;
  });
}

export interface SaleFlags {
  off_sale: boolean;
  sold_out: boolean;
  expired: boolean;
  upcoming: boolean;
  allocatable: boolean;
}

export function saleFlags(scope: EventScope, release: Release, sold: number): SaleFlags {
  const now = scope.now.getTime();
  const off_sale = release.state_name !== 'on_sale';
  const sold_out = release.quantity !== null && sold >= release.quantity;
  const expired = release.end_at !== null && new Date(release.end_at).getTime() <= now;
  const upcoming = release.start_at !== null && new Date(release.start_at).getTime() > now;
  const allocatable = !off_sale && !sold_out && !expired && !upcoming && !release.archived;
  return { off_sale, sold_out, expired, upcoming, allocatable };
}

/** How many more tickets may be sold now; Infinity without a quantity. */
export function remaining(scope: EventScope, release: Release): number {
  const { tickets } = releaseCounts(scope, release);
  const flags = saleFlags(scope, release, tickets);
  if (!flags.allocatable) return 0;
  return release.quantity === null ? Number.POSITIVE_INFINITY : release.quantity - tickets;
}

function decimalText(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : String(Number(value).toFixed(1));
}

export function releaseRecord(
  p: Presenter,
  release: Release,
  { nested = false }: RecordOptions = {},
): Record<string, unknown> {
  const counts = releaseCounts(p, release);
  const flags = saleFlags(p, release, counts.tickets);
  const type = pricingType(release);
  const price = money(release.price);
  const s = <K extends Parameters<typeof releaseSetting>[1]>(key: K) => releaseSetting(release, key);
  const record: Record<string, unknown> = {
    _type: 'release',
    ...(p.extended ? { view: 'extended' } : {}),
    id: release.id,
    event_id: release.event_id,
    created_at: at(p, release.created_at),
    updated_at: at(p, release.updated_at),
    slug: release.slug,
    title: release.title,
    description: release.description,
    archived: release.archived,
    card_payments: s('card_payments'),
    default_quantity: s('default_quantity'),
    donation: type === 'donation',
    enable_super_combo_summary: s('enable_super_combo_summary'),
    end_at: at(p, release.end_at),
    has_success_message: Boolean(s('success_message')),
    has_fail_message: false,
    invoice: s('invoice'),
    max_donation: decimalText(s('max_donation')),
    max_tickets_per_person: release.max_tickets_per_person,
    metadata: release.metadata ?? null,
    min_tickets_per_person: release.min_tickets_per_person,
    min_donation: decimalText(s('min_donation')),
    not_a_ticket: s('not_a_ticket'),
    show_qr_code: !s('not_a_ticket'),
    only_issue_combos: false,
    pricing_type: type,
    payment_type: type,
    position: release.position,
    price,
    price_ex_tax: price ?? 0,
    tax_exclusive: false,
    price_degressive: s('price_degressive'),
    price_degressive_list: [],
    quantity: release.quantity,
    request_company_name: s('request_company_name'),
    request_job_title: false,
    request_vat_number: s('request_vat_number'),
    require_vat_number: s('require_vat_number'),
    require_billing_address: s('require_billing_address'),
    require_credit_card_for_sold_out_waiting_list: s('require_credit_card_for_sold_out_waiting_list'),
    require_email: s('require_email'),
    require_name: s('require_name'),
    secret: release.secret,
    show_price: s('show_price'),
    suggested_donation: decimalText(s('suggested_donation')),
    lock_changes: s('lock_changes'),
    state_name: flags.off_sale ? 'off_sale' : 'on_sale',
    start_at: at(p, release.start_at),
    waiting_list_enabled_during_locked: s('waiting_list_enabled_during_locked'),
    waiting_list_enabled_during_sold_out: s('waiting_list_enabled_during_sold_out'),
    share_url: `${PUBLIC_ORIGIN}/${p.account.slug}/${p.event.slug}/with/${release.slug}`,
    tickets_count: counts.tickets,
    locked: false,
    waiting_list: flags.sold_out && s('waiting_list_enabled_during_sold_out'),
    ...flags,
    changes_locked: s('lock_changes') === true,
    deletable: counts.tickets + counts.voided === 0,
    ...(p.version === '3.0' ? { question_ids: s('question_ids') } : {}),
    display_price: price ?? 0,
    gross_income: counts.tickets + counts.voided === 0 ? null : counts.gross,
    full_price_tickets_count: counts.fullPrice,
    free_tickets_count: counts.free,
    discounted_tickets_count: counts.discounted,
    voided_tickets_count: counts.voided,
    pending_waiting_list: false,
    show_company_name: Boolean(s('request_company_name') || s('require_company_name')),
    require_company_name: s('require_company_name'),
    show_job_title: false,
    require_job_title: false,
    show_vat_number: Boolean(s('request_vat_number') || s('require_vat_number')),
    show_discount_code_field_here: null,
    show_phone_number: false,
    tax_description: null,
  };
  if (p.version === '3.0') {
    record.translations = translations(p, release);
    record.warnings = {};
    record.termset_id = s('termset_id');
    record.ticket_group_id = s('ticket_group_id');
    // 3.0 embeds in the extended form, nested or not (an activity's releases carry theirs).
    if (p.extended) Object.assign(record, releaseEmbeds(p, release, RELEASE_EXPANDABLE));
  } else {
    record.warnings = {};
    // Document 1: with several locales the record carries its translations (also on `expand=translations`).
    if (p.event.locales.length > 1) record.translations = translations(p, release);
    // In the order `expand` names them, after the record's own fields.
    if (!nested) Object.assign(record, releaseEmbeds(p, release, p.expanded));
  }
  return record;
}

function translations(scope: EventScope, release: Release): Record<string, unknown> {
  const stored = releaseSetting(release, 'translations') ?? {};
  const base = {
    description: release.description,
    fail_message: null,
    success_message: releaseSetting(release, 'success_message'),
    title: release.title,
  };
  const out: Record<string, unknown> = {};
  for (const locale of scope.event.locales.length > 0 ? scope.event.locales : [scope.event.default_locale]) {
    out[locale] =
      locale === scope.event.default_locale ? { ...base, ...stored[locale] } : { ...stored[locale] };
  }
  return out;
}

/** Related records: embedded in a 3.0 extended release, named by `expand` in 3.1. */
function releaseEmbeds(
  scope: EventScope,
  release: Release,
  names: Iterable<string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (name === 'questions') {
      const ids = releaseSetting(release, 'question_ids');
      out.questions = ids
        .map((id) => scope.ctx.store.get('questions', id))
        .filter((q) => q !== undefined)
        .map((q) => questionSummary(scope, q));
    } else if (name === 'translations') out.translations = translations(scope, release);
    else if (name === 'termset' || name === 'ticket_group') out[name] = null;
    else if ((RELEASE_EXPANDABLE as readonly string[]).includes(name)) out[name] = [];
  }
  return out;
}

/** A question as a release embeds it (3.0 extended form). */
function questionSummary(scope: EventScope, question: Question): Record<string, unknown> {
  const answers = scope.ctx.store.findBy('answers', 'byQuestion', question.id).length;
  return {
    _type: 'question',
    ...(scope.version === '3.0' ? { view: 'extended' } : {}),
    id: question.id,
    answers_count: answers,
    description: question.description,
    title: question.title,
    field_type: question.field_type,
    include_free_text_field: question.include_free_text_field,
    required: question.required,
    slug: question.slug,
    tickets_count: answers,
    translations: {
      [scope.event.default_locale]: { description: question.description, title: question.title },
    },
    created_at: at(scope, question.created_at),
    updated_at: at(scope, question.updated_at),
  };
}
