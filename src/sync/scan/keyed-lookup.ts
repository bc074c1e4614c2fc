// A scan's facts from a keyed read (db/keyed-read.ts), for the first seconds after a restart
// while the open list's index builds. Guarantees: the facts are merged by the index's own code
// (a small index of just the rows read), in the order the whole list loads, so the verdict
// rules see the same ticket and check-ins they would see with the whole list in memory; the
// facts hold the ticket's whole order too (its tickets and their check-ins), for the verdict's
// "rest of the order", unless asked without it.
import { type CodeIndex, type KeyedFacts, readByCode } from '../../db/keyed-read';
import { keepRecent, type PageReads, scanReads } from '../../db/scan-reads';
import type { CheckinDatabase } from '../../db/database';
import type { ScannedCode } from '../../domain/scan-code';
import type { DoorCheckin, DoorTicket } from '../../domain/verdict';
import { orderReferenceOf } from '../../domain/order';
import { doorCheckin, ticketFor } from './door-lookup';
import { createListIndex } from '../index/list-index';
import type { OpeningList } from '../open-list/open-list-phase';

export interface KeyedScan {
  ticket: DoorTicket | null;
  checkins: DoorCheckin[];
  /** The rows read: given to the index being built, so what is decided now it holds too. */
  facts: KeyedFacts;
}

/** Only a ticket's own code is read by key; orders and the rest wait for the index. */
export const readsByKey = (code: ScannedCode) =>
  code.kind === 'ticket-slug' || code.kind === 'ticket-reference';

/**
 * Opened pages kept from one scan to the next while the list loads: an order's tickets are
 * scanned one after another and share a page. A few: a page of tickets opened is about as large
 * as its hundred tickets in the index.
 */
const RECENT_PAGES = 8;

/**
 * `pages`: pages earlier scans of this load opened, kept by the caller for the load. Only
 * first-download pages are kept, which do not change while a list loads (its codes are read
 * once for the load too); rows stored since, and check-ins, are read afresh every scan.
 * `withOrder` false: the ticket and its check-ins only, not its order's (a scan's verdict, whose
 * order is read after it: order-later.ts).
 */
export async function keyedScan(
  db: CheckinDatabase,
  listSlug: string,
  codes: CodeIndex,
  code: ScannedCode,
  pages: PageReads = new Map(),
  { withOrder = true }: { withOrder?: boolean } = {},
): Promise<KeyedScan | null> {
  if (code.kind !== 'ticket-slug' && code.kind !== 'ticket-reference') return null;
  try {
    return await keyedFacts(db, listSlug, codes, code, pages, withOrder);
  } finally {
    keepRecent(pages, RECENT_PAGES);
  }
}

async function keyedFacts(
  db: CheckinDatabase,
  listSlug: string,
  codes: CodeIndex,
  code: Extract<ScannedCode, { kind: 'ticket-slug' | 'ticket-reference' }>,
  pages: PageReads,
  withOrder: boolean,
): Promise<KeyedScan> {
  // One scan's reads, kept for its order's read: mostly asked for with the ticket's own.
  const reads = scanReads(pages);
  const facts = await readByCode(
    db,
    listSlug,
    codes,
    code.kind === 'ticket-slug'
      ? { kind: 'slug', slug: code.slug }
      : { kind: 'reference', reference: code.reference },
    reads,
    { withOrder },
  );
  const index = createListIndex();
  index.putTickets(facts.tickets);
  index.putCheckins(facts.checkins);
  const ticket = ticketFor(index, code);
  const order = withOrder && ticket && orderReferenceOf(ticket);
  if (order) {
    // The order's tickets after the ticket's own rows: putting them again changes nothing.
    const rest = await readByCode(db, listSlug, codes, { kind: 'order', order }, reads);
    facts.tickets.push(...rest.tickets);
    facts.checkins.push(...rest.checkins);
  }
  return { ticket, checkins: ticket ? index.checkinsOf(ticket.id).map(doorCheckin) : [], facts };
}

/**
 * Keyed reads into the list loading (`current()`): a code's rows, read by key and given to the
 * loading list's index, which then holds what is decided from them; `withOrder`, its order's rows
 * too. Null when a keyed read cannot answer: a list still downloading (its index says how far it
 * got), pages without codes, or the load ended or replaced meanwhile. Pages opened are kept for
 * the next reads of the same load, and go with it.
 */
export function loadingReads(db: CheckinDatabase, current: () => OpeningList | null) {
  const openedPages = new WeakMap<OpeningList, PageReads>();
  return async function readIntoLoading(
    opening: OpeningList,
    code: ScannedCode,
    withOrder: boolean,
  ): Promise<KeyedScan | null> {
    if (!opening.complete || !readsByKey(code)) return null;
    const codes = await opening.codes;
    const pages = openedPages.get(opening) ?? new Map();
    openedPages.set(opening, pages);
    const keyed = codes && (await keyedScan(db, opening.list.slug, codes, code, pages, { withOrder }));
    if (!keyed || current() !== opening) return null;
    opening.index.putTickets(keyed.facts.tickets);
    opening.index.putCheckins(keyed.facts.checkins);
    return keyed;
  };
}
