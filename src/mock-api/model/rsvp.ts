import { defineIndex } from '../store/indexes';

/** A list of people invited to order releases (a beta feature of the real service). */
export interface RsvpList {
  id: number;
  event_id: number;
  slug: string;
  title: string;
  message_slug: string | null;
  created_at: string;
  updated_at: string;
}

/** One invitation of an RSVP list; `status` is the invitee's answer (yes / maybe / no) or null. */
export interface ReleaseInvitation {
  id: number;
  event_id: number;
  rsvp_list_id: number;
  slug: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  discount_code: string | null;
  expires_at: string | null;
  redirect: boolean;
  release_ids: number[];
  status: 'yes' | 'maybe' | 'no' | null;
  registration_id: number | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    rsvp_lists: RsvpList;
    release_invitations: ReleaseInvitation;
  }
}

defineIndex('rsvp_lists', 'byEvent', (l) => l.event_id);
defineIndex('rsvp_lists', 'bySlug', (l) => l.slug);
defineIndex('release_invitations', 'byList', (i) => i.rsvp_list_id);
defineIndex('release_invitations', 'bySlug', (i) => i.slug);
