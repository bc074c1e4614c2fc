import { defineIndex } from '../store/indexes';
import type { Contact } from './contact';

export type RegistrationState = 'incomplete' | 'complete' | 'confirmed' | 'cancelled';
export type PaymentState = 'free' | 'paid' | 'unpaid';

/** An order. `total` is a decimal string; `receipt_paid` false with a non-zero total means unpaid. */
export interface Registration extends Contact {
  id: number;
  event_id: number;
  slug: string;
  reference: string;
  name: string | null;
  state: RegistrationState;
  test_mode: boolean;
  total: string;
  invoice: boolean;
  receipt_paid: boolean;
  discount_code_id: number | null;
  source: string | null;
  metadata: unknown;
  locale: string;
  registration_type: 'standard' | 'manual' | 'imported';
  completed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    registrations: Registration;
  }
}

defineIndex('registrations', 'byEvent', (r) => r.event_id);
defineIndex('registrations', 'bySlug', (r) => r.slug);
defineIndex('registrations', 'byEventReference', (r) => `${r.event_id}:${r.reference}`);

export function paymentState(registration: Registration): PaymentState {
  if (Number(registration.total) === 0) return 'free';
  return registration.receipt_paid ? 'paid' : 'unpaid';
}
