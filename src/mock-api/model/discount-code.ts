import { defineIndex } from '../store/indexes';

export const DISCOUNT_CODE_TYPES = ['MoneyOffDiscountCode', 'PercentOffDiscountCode'] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];

export const SHOW_PUBLIC_RELEASES = ['all', 'only_attached'] as const;
export const SHOW_SECRET_RELEASES = [
  'none',
  'if_discount_code_available',
  'even_if_discount_code_not_available',
] as const;

/** `value` is a decimal string: money off per ticket, or a percentage, by `type`. */
export interface DiscountCode {
  id: number;
  event_id: number;
  code: string;
  type: DiscountCodeType;
  value: string;
  description: string | null;
  description_for_organizer: string | null;
  start_at: string | null;
  end_at: string | null;
  quantity: number | null;
  min_quantity_per_release: number | null;
  max_quantity_per_release: number | null;
  block_registrations_if_not_applicable: boolean;
  disable_for_degressive: boolean;
  show_public_releases: (typeof SHOW_PUBLIC_RELEASES)[number];
  show_secret_releases: (typeof SHOW_SECRET_RELEASES)[number];
  release_ids: number[];
  source: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    discount_codes: DiscountCode;
  }
}

/** A code as it is before anything is set: no window, no limits, offered on every public release. */
export function newDiscountCode(event_id: number, at: string): Omit<DiscountCode, 'id'> {
  return {
    event_id,
    code: '',
    type: 'MoneyOffDiscountCode',
    value: '0',
    description: null,
    description_for_organizer: null,
    start_at: null,
    end_at: null,
    quantity: null,
    min_quantity_per_release: null,
    max_quantity_per_release: null,
    block_registrations_if_not_applicable: false,
    disable_for_degressive: false,
    show_public_releases: 'all',
    show_secret_releases: 'none',
    release_ids: [],
    source: null,
    created_at: at,
    updated_at: at,
  };
}

defineIndex('discount_codes', 'byEvent', (d) => d.event_id);
defineIndex('discount_codes', 'byEventCode', (d) => `${d.event_id}:${d.code.toLowerCase()}`);

export type DiscountCodeState = 'upcoming' | 'current' | 'past';

/** Upcoming before `start_at`, past after `end_at`, current between (an unset bound is open). */
export function discountCodeState(code: DiscountCode, now: Date): DiscountCodeState {
  if (code.start_at && now.getTime() < Date.parse(code.start_at)) return 'upcoming';
  if (code.end_at && now.getTime() >= Date.parse(code.end_at)) return 'past';
  return 'current';
}
