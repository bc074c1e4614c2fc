// The release settings that only the Admin API reads. Optional, so records written before
// they existed (and seeds that do not care) still type-check; `releaseSetting` supplies the
// defaults the real service gives a release created with only a title.
import type { Release } from './release';

declare module './release' {
  interface Release {
    card_payments?: boolean;
    default_quantity?: number | null;
    enable_super_combo_summary?: boolean;
    invoice?: boolean;
    lock_changes?: boolean | null;
    not_a_ticket?: boolean;
    pricing_type?: PricingType;
    price_degressive?: string | null;
    min_donation?: string | null;
    max_donation?: string | null;
    suggested_donation?: string | null;
    request_company_name?: boolean | null;
    request_vat_number?: boolean | null;
    require_billing_address?: boolean | null;
    require_company_name?: boolean;
    require_vat_number?: boolean;
    require_credit_card_for_sold_out_waiting_list?: boolean;
    require_email?: boolean;
    require_name?: boolean;
    show_price?: boolean;
    success_message?: string | null;
    question_ids?: number[];
    termset_id?: number | null;
    ticket_group_id?: number | null;
    translations?: Record<string, Record<string, string | null>> | null;
    waiting_list_enabled_during_locked?: boolean;
    waiting_list_enabled_during_sold_out?: boolean;
  }
}

export const PRICING_TYPES = ['free', 'paid', 'donation', 'degressive'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export const RELEASE_SETTING_DEFAULTS = {
  card_payments: true,
  default_quantity: 0,
  enable_super_combo_summary: true,
  invoice: false,
  lock_changes: null,
  not_a_ticket: false,
  price_degressive: null,
  min_donation: null,
  max_donation: null,
  suggested_donation: null,
  request_company_name: null,
  request_vat_number: null,
  require_billing_address: null,
  require_company_name: false,
  require_vat_number: false,
  require_credit_card_for_sold_out_waiting_list: false,
  require_email: true,
  require_name: false,
  show_price: true,
  success_message: null,
  question_ids: [] as number[],
  termset_id: null,
  ticket_group_id: null,
  translations: null,
  waiting_list_enabled_during_locked: false,
  waiting_list_enabled_during_sold_out: false,
} satisfies Partial<Release>;

type Defaulted = keyof typeof RELEASE_SETTING_DEFAULTS;

export function releaseSetting<K extends Defaulted>(
  release: Release,
  key: K,
): NonNullable<Release[K]> | (typeof RELEASE_SETTING_DEFAULTS)[K] {
  const value = release[key];
  return (value === undefined ? RELEASE_SETTING_DEFAULTS[key] : value) as NonNullable<Release[K]>;
}

/** Free unless priced; an explicit pricing type wins. */
export function pricingType(release: Release): PricingType {
  if (release.pricing_type) return release.pricing_type;
  return release.price !== null && Number(release.price) > 0 ? 'paid' : 'free';
}
