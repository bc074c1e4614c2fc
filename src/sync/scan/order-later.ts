// The rest of a ticket's order, for a verdict that went out without it. While a restarted door's
// list loads, a scan reads its ticket by key and is judged from that alone: the order's read (its
// digest, its pages, each other ticket's rows) was a tenth of such a scan, and the verdict does not
// depend on it. The screen asks for the order once the verdict is drawn. Guarantees: the answer
// is the order as the whole list in memory would give it (restOfOrder on an index holding every
// row of the order: the loaded list's, or the loading list's after the order's own keyed read,
// which also gives that index the order's rows, as a scan's read did); null when the ticket is
// not on the open list, or its order holds no other ticket.
import type { DoorOrder } from '../../domain/order';
import type { ScannedCode } from '../../domain/scan-code';
import type { Clock } from '../clock';
import type { ActiveList, OpeningList } from '../open-list/open-list-phase';
import { restOfOrder } from './door-order';
import type { KeyedScan } from './keyed-lookup';

export interface OrderLaterDeps {
  clock: Clock;
  active: () => ActiveList | null;
  opening?: () => OpeningList | null;
  /** The loaded list, once it is (waits for the load). */
  settled: () => Promise<ActiveList | null>;
  /** Holds the load's bulk reads while this one reads (bulk-reads.ts). */
  pauseLoad?: () => () => void;
  /** A code's rows, with its order's, read by key into the loading list's index (door-scan.ts). */
  readIntoLoading: (opening: OpeningList, code: ScannedCode, withOrder: boolean) => Promise<KeyedScan | null>;
}

const fromIndex = ({ index, list }: ActiveList, ticketId: number, now: number): DoorOrder | null => {
  const ticket = index.ticketById(ticketId);
  return ticket ? restOfOrder(index, list, ticket, now) : null;
};

export function createOrderLater(deps: OrderLaterDeps) {
  /** The rest of ticket `ticketId`'s order, as the verdict would have shown it. */
  return async function orderAround(ticketId: number): Promise<DoorOrder | null> {
    const loaded = deps.active();
    if (loaded) return fromIndex(loaded, ticketId, deps.clock.now());
    const opening = deps.opening?.() ?? null;
    const ticket = opening?.index.ticketById(ticketId);
    if (opening && ticket) {
      const release = deps.pauseLoad?.() ?? (() => {});
      try {
        const code = { kind: 'ticket-slug', slug: ticket.slug, text: ticket.slug } as const;
        if (await deps.readIntoLoading(opening, code, true))
          return fromIndex(opening, ticketId, deps.clock.now());
      } finally {
        release();
      }
    }
    const active = await deps.settled();
    return active ? fromIndex(active, ticketId, deps.clock.now()) : null;
  };
}
