import { defineIndex } from '../store/indexes';
import type { Translations } from './translations';

/** Something attendees can attend besides their ticket. `date` with the times is in the event's zone. */
export interface Activity {
  id: number;
  event_id: number;
  name: string;
  description: string | null;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  capacity: number | null;
  show_to_attendee: boolean;
  kind: 'public_automatic' | 'private_automatic';
  release_ids: number[];
  question_ids: number[];
  translations: Translations | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    activities: Activity;
  }
}

/** An activity as it is before anything is set: unnamed, undated, unlimited, on no release. */
export function newActivity(event_id: number, at: string): Omit<Activity, 'id'> {
  return {
    event_id,
    name: '',
    description: null,
    date: null,
    start_time: null,
    end_time: null,
    capacity: null,
    show_to_attendee: false,
    kind: 'public_automatic',
    release_ids: [],
    question_ids: [],
    translations: null,
    created_at: at,
    updated_at: at,
  };
}

defineIndex('activities', 'byEvent', (a) => a.event_id);
