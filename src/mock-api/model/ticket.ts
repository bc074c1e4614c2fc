import { defineIndex } from '../store/indexes';
import type { Contact } from './contact';

export type TicketState = 'complete' | 'incomplete' | 'void';

/** `reference` is the registration reference and the ticket number: `ABCD-1`. */
export interface Ticket extends Contact {
  id: number;
  event_id: number;
  registration_id: number;
  release_id: number;
  slug: string;
  reference: string;
  number: number;
  price: string;
  state: TicketState;
  test_mode: boolean;
  discount_code_used: string | null;
  tag_names: string[];
  metadata: unknown;
  consented_at: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../store/tables' {
  interface Tables {
    tickets: Ticket;
  }
}

defineIndex('tickets', 'byEvent', (t) => t.event_id);
defineIndex('tickets', 'bySlug', (t) => t.slug);
defineIndex('tickets', 'byRegistration', (t) => t.registration_id);
defineIndex('tickets', 'byEventReference', (t) => `${t.event_id}:${t.reference}`);

export function ticketName(ticket: Ticket): string {
  return [ticket.first_name, ticket.last_name].filter(Boolean).join(' ');
}
