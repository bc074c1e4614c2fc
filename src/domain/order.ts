// A registration (an order) as the door sees it: each of its tickets on this list and where it
// stands, judged by the very rules of a scan of that ticket, so "Admit all" can never let in a
// ticket a scan would refuse. Pure, like the verdict.
import { type DoorCheckin, type DoorList, type DoorTicket, judgeScan, type Verdict } from './verdict';

/** `closed`: the list stopped taking check-ins. */
export type OrderTicketState = 'not-in' | 'admitted' | 'inside' | 'unpaid' | 'void' | 'closed';

export interface OrderTicket {
  ticket: DoorTicket;
  state: OrderTicketState;
  /** The latest active check-in (inside or admitted here), else null. */
  since: DoorCheckin | null;
}

export interface DoorOrder {
  reference: string;
  buyerName: string | null;
  buyerEmail: string | null;
  tickets: OrderTicket[];
}

/** What a ticket carries of its order; a service may send only the ticket's own reference. */
export interface OrderMember {
  reference: string;
  registrationReference?: string | null;
  buyerName?: string | null;
  buyerEmail?: string | null;
}

// A ticket reference is its registration's reference, a dash and the ticket's number.
const NUMBERED = /^(.+)-\d+$/;

/** The order a ticket belongs to, upper case; null when neither reference tells. */
export function orderReferenceOf(ticket: OrderMember): string | null {
  const reference = ticket.registrationReference || NUMBERED.exec(ticket.reference)?.[1];
  return reference ? reference.toUpperCase() : null;
}

export function orderTicketState(verdict: Verdict): OrderTicketState {
  switch (verdict.kind) {
    case 'admitted':
      return 'not-in';
    case 'just-admitted':
      return 'admitted';
    case 'already-checked-in':
      return 'inside';
    case 'unpaid':
      return 'unpaid';
    case 'void':
      return 'void';
    default:
      return 'closed';
  }
}

export interface OrderFacts {
  reference: string;
  tickets: readonly { ticket: DoorTicket & OrderMember; checkins: readonly DoorCheckin[] }[];
  list: DoorList;
  now: number;
}

/**
 * Made once: `localeCompare` with options builds a collator every call, a verdict's order sorts.
 * Pure, so a bundle that never sorts an order (the page's: orders are judged in the sync worker)
 * drops it: a page's first collator loads the platform's collation data, 6-18 ms of the bench
 * host's CPU (14-34 ms of its wall clock) in the middle of a restart.
 */
const numbered = /* @__PURE__ */ new Intl.Collator('en', { numeric: true });
const byNumber = (a: OrderTicket, b: OrderTicket) => numbered.compare(a.ticket.reference, b.ticket.reference);

export function judgeOrder({ reference, tickets, list, now }: OrderFacts): DoorOrder {
  const judged = tickets.map(({ ticket, checkins }): OrderTicket => {
    const code = { kind: 'ticket-slug', slug: ticket.slug, text: ticket.slug } as const;
    const verdict = judgeScan({ code, ticket, checkins, list, now });
    const since = 'previous' in verdict ? verdict.previous : null;
    return { ticket, state: orderTicketState(verdict), since };
  });
  const buyer = tickets.find(({ ticket }) => ticket.buyerName || ticket.buyerEmail)?.ticket;
  return {
    reference,
    buyerName: buyer?.buyerName ?? null,
    buyerEmail: buyer?.buyerEmail ?? null,
    tickets: judged.sort(byNumber),
  };
}

/** The tickets "Admit all" would let in: exactly those a scan would admit now. */
export function admittable(order: DoorOrder): OrderTicket[] {
  return order.tickets.filter((t) => t.state === 'not-in');
}
