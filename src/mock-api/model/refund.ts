import { defineIndex } from '../store/indexes';

/**
 * Money given back on a registration. `amount` is a decimal string, negative like the real
 * service's; `manual` is null unless the refund was logged after being paid outside the gateway.
 */
export interface Refund {
  id: number;
  event_id: number;
  registration_id: number;
  slug: string;
  amount: string;
  manual: boolean | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    refunds: Refund;
  }
}

defineIndex('refunds', 'byEvent', (r) => r.event_id);
defineIndex('refunds', 'byRegistration', (r) => r.registration_id);
defineIndex('refunds', 'bySlug', (r) => r.slug);
