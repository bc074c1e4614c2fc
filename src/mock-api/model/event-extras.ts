import { defineIndex } from '../store/indexes';

/** A place where an event or its activities happen. */
export interface Venue {
  id: number;
  event_id: number;
  name: string;
  address: string | null;
  show: boolean;
  latitude: string | null;
  longitude: string | null;
  zoomlevel: number | null;
  link: string | null;
  url: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** Where the real service would post webhooks. The mock stores endpoints; it sends nothing. */
export interface WebhookEndpoint {
  id: number;
  event_id: number;
  url: string;
  included_triggers: string[];
  custom_data: string | null;
  created_at: string;
  updated_at: string;
}

export const WAITLIST_STATES = ['joined', 'offered', 'redeemed', 'rejected', 'expired'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** Someone waiting for a sold-out release. */
export interface WaitlistedPerson {
  id: number;
  event_id: number;
  release_id: number;
  name: string | null;
  email: string;
  state: WaitlistState;
  message: string | null;
  offered_at: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    venues: Venue;
    webhook_endpoints: WebhookEndpoint;
    waitlisted_people: WaitlistedPerson;
  }
}

defineIndex('venues', 'byEvent', (v) => v.event_id);
defineIndex('webhook_endpoints', 'byEvent', (w) => w.event_id);
defineIndex('waitlisted_people', 'byEvent', (w) => w.event_id);
