import { defineIndex } from '../store/indexes';

/** A ticket type. `price` is a decimal string; null for free releases. */
export interface Release {
  id: number;
  event_id: number;
  slug: string;
  title: string;
  description: string | null;
  price: string | null;
  quantity: number | null;
  position: number;
  archived: boolean;
  secret: boolean;
  state_name: string;
  start_at: string | null;
  end_at: string | null;
  min_tickets_per_person: number | null;
  max_tickets_per_person: number | null;
  metadata: unknown;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    releases: Release;
  }
}

defineIndex('releases', 'byEvent', (r) => r.event_id);
defineIndex('releases', 'byEventSlug', (r) => `${r.event_id}:${r.slug}`);
