// Reading the writable release parameters of document 2 into a patch of the record.
import { type Attributes, NOT_INCLUDED } from '../http/validation';
import type { Release } from '../model/release';
import { PRICING_TYPES, type PricingType } from '../model/release-settings';

type ReleasePatch = Partial<Omit<Release, 'id' | 'event_id' | 'slug' | 'created_at'>>;

const BOOLEANS = [
  'card_payments',
  'enable_super_combo_summary',
  'invoice',
  'lock_changes',
  'not_a_ticket',
  'request_company_name',
  'request_vat_number',
  'require_billing_address',
  'require_company_name',
  'require_credit_card_for_sold_out_waiting_list',
  'require_email',
  'require_name',
  'require_vat_number',
  'secret',
  'show_price',
  'waiting_list_enabled_during_locked',
  'waiting_list_enabled_during_sold_out',
] as const;

const INTEGERS = [
  'default_quantity',
  'max_tickets_per_person',
  'min_tickets_per_person',
  'quantity',
  'termset_id',
  'ticket_group_id',
] as const;

const DECIMALS = ['price', 'min_donation', 'max_donation', 'suggested_donation'] as const;
const TEXTS = ['description', 'price_degressive', 'success_message'] as const;

/** `state`: 100 or `on_sale`, 404 or `off_sale`. */
export function saleState(value: unknown): 'on_sale' | 'off_sale' | undefined {
  if (value === 100 || value === '100' || value === 'on_sale') return 'on_sale';
  if (value === 404 || value === '404' || value === 'off_sale') return 'off_sale';
  return undefined;
}

export function releasePatch(attrs: Attributes, creating: boolean): ReleasePatch {
  const patch: Record<string, unknown> = {};
  const title = attrs.string('title');
  if (creating || title !== undefined) {
    if (attrs.required('title', title)) patch.title = title.trim();
  }
  for (const key of BOOLEANS) {
    const value = attrs.boolean(key);
    if (value === undefined) continue;
    // Nullable flags keep null; the others read an empty value as false.
    patch[key] =
      value ??
      (key.startsWith('request_') || key === 'lock_changes' || key === 'require_billing_address'
        ? null
        : false);
  }
  for (const key of INTEGERS) {
    const value = attrs.integer(key);
    if (value === undefined) continue;
    if (value !== null && value < 0) attrs.errors.add(key, 'must be greater than or equal to 0');
    else patch[key] = value;
  }
  for (const key of DECIMALS) {
    const value = attrs.decimal(key);
    if (value === undefined) continue;
    if (value !== null && Number(value) < 0) attrs.errors.add(key, 'must be greater than or equal to 0');
    else patch[key] = value;
  }
  for (const key of TEXTS) {
    const value = attrs.string(key);
    if (value !== undefined) patch[key] = value;
  }
  for (const key of ['start_at', 'end_at'] as const) {
    const value = attrs.datetime(key);
    if (value !== undefined) patch[key] = value;
  }
  const pricing = attrs.string('pricing_type') ?? attrs.string('payment_type');
  if (pricing !== undefined && pricing !== null) {
    const type = attrs.inclusion<PricingType>(
      attrs.has('pricing_type') ? 'pricing_type' : 'payment_type',
      pricing,
      PRICING_TYPES,
    );
    if (type) patch.pricing_type = type;
  }
  if (attrs.has('state')) {
    const state = saleState(attrs.value('state'));
    if (state) patch.state_name = state;
    else attrs.errors.add('state', NOT_INCLUDED);
  }
  const questionIds = attrs.integerArray('question_ids');
  if (questionIds !== undefined) patch.question_ids = questionIds;
  if (attrs.has('metadata')) patch.metadata = attrs.value('metadata');
  if (attrs.has('translations')) {
    const value = attrs.value('translations');
    if (value === null || (typeof value === 'object' && !Array.isArray(value))) {
      patch.translations = value as Release['translations'];
    } else attrs.errors.add('translations', 'is invalid');
  }
  const start = (patch.start_at as string | null | undefined) ?? undefined;
  const end = (patch.end_at as string | null | undefined) ?? undefined;
  if (start && end && end < start) attrs.errors.add('end_at', 'must be after the start');
  const min = patch.min_tickets_per_person as number | null | undefined;
  const max = patch.max_tickets_per_person as number | null | undefined;
  if (typeof min === 'number' && typeof max === 'number' && max < min) {
    attrs.errors.add('max_tickets_per_person', 'must be greater than or equal to the minimum');
  }
  return patch as ReleasePatch;
}
