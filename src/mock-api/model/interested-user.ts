import { defineIndex } from '../store/indexes';

/** Someone who asked to hear when tickets go on sale. */
export interface InterestedUser {
  id: number;
  event_id: number;
  email: string;
  name: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    interested_users: InterestedUser;
  }
}

defineIndex('interested_users', 'byEvent', (u) => u.event_id);
