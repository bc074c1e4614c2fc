import { defineIndex } from '../store/indexes';
import type { Translations } from './translations';

/** A consent attendees may give at registration (newsletter, sharing details with sponsors). */
export interface OptIn {
  id: number;
  event_id: number;
  slug: string;
  name: string;
  description: string | null;
  release_ids: number[];
  acceptance_count: number;
  translations: Translations | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    opt_ins: OptIn;
  }
}

defineIndex('opt_ins', 'byEvent', (o) => o.event_id);
defineIndex('opt_ins', 'byEventSlug', (o) => `${o.event_id}:${o.slug}`);
