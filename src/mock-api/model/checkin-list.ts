import { defineIndex } from '../store/indexes';

/** Empty `release_ids` means the list holds the tickets of every release. */
export interface CheckinList {
  id: number;
  event_id: number;
  slug: string;
  title: string;
  expires_at: string | null;
  hide_unpaid: boolean;
  show_company_name: boolean;
  show_email: boolean;
  show_phone_number: boolean;
  release_ids: number[];
  activity_ids: number[];
  question_ids: number[];
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    checkin_lists: CheckinList;
  }
}

defineIndex('checkin_lists', 'byEvent', (l) => l.event_id);
defineIndex('checkin_lists', 'bySlug', (l) => l.slug);

export function isExpired(list: CheckinList, now: Date): boolean {
  return list.expires_at !== null && new Date(list.expires_at).getTime() <= now.getTime();
}
