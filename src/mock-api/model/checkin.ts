import { defineIndex } from '../store/indexes';

/** A recorded arrival. Deleting sets `deleted_at`: the record stays visible to listing. */
export interface Checkin {
  id: number;
  checkin_list_id: number;
  ticket_id: number;
  uuid: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

declare module '../store/tables' {
  interface Tables {
    checkins: Checkin;
  }
}

defineIndex('checkins', 'byList', (c) => c.checkin_list_id);
defineIndex('checkins', 'byTicket', (c) => c.ticket_id);
defineIndex('checkins', 'byListUuid', (c) => `${c.checkin_list_id}:${c.uuid}`);
