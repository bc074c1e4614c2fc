import { defineIndex } from '../store/indexes';

/** Dates are `YYYY-MM-DD`, times `HH:MM` in the event's `timezone` (IANA), datetimes ISO UTC. */
export interface Event {
  id: number;
  account_id: number;
  slug: string;
  title: string;
  description: string | null;
  email_address: string;
  timezone: string;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  location: string | null;
  live: boolean;
  test_mode: boolean;
  private: boolean;
  archived: boolean;
  default_locale: string;
  locales: string[];
  metadata: unknown;
  security_token: string;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    events: Event;
  }
}

defineIndex('events', 'byAccount', (e) => e.account_id);
defineIndex('events', 'byAccountSlug', (e) => `${e.account_id}:${e.slug}`);
