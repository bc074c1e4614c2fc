import { defineIndex } from '../store/indexes';

/**
 * A copy of an event. The copy is written at once; the job reports `processing` until
 * `completes_at`, like the real service's asynchronous job, so clients must poll for it.
 */
export interface EventDuplication {
  id: number;
  event_id: number;
  copy_event_id: number;
  completes_at: string;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    event_duplications: EventDuplication;
  }
}

defineIndex('event_duplications', 'byEvent', (d) => d.event_id);
