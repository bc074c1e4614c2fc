// Registration fields that only the Admin API reads and writes; optional so older records and
// seeds that leave them out still type-check.
declare module './registration' {
  interface Registration {
    payment_reference?: string | null;
    billing_address?: BillingAddress | null;
    ip_address?: string | null;
    consented_at?: string | null;
    cancelled_by?: string | null;
    discount_code?: string | null;
  }
}

export interface BillingAddress {
  address: string | null;
  city: string | null;
  country: string | null;
  state_province_region: string | null;
  vat_number: string | null;
  zip_postal_code: string | null;
}

export const BILLING_ADDRESS_KEYS = [
  'address',
  'city',
  'country',
  'state_province_region',
  'vat_number',
  'zip_postal_code',
] as const satisfies readonly (keyof BillingAddress)[];
