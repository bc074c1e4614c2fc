// A code -> page index written with each first-download page: for a page of tickets, the
// sorted 32-bit hashes of its slugs, (upper-cased) references and order references (a ticket's
// verdict shows the rest of its order); for a page of check-ins, the
// sorted ids of its tickets. One small ArrayBuffer a page, stored in the page's own transaction,
// so a keyed read (db/keyed-read.ts) finds the one page a code can be on without reading the
// list. Chosen over per-ticket rows and a multi-entry index by measuring 100,000 tickets in
// Chromium (test/bench/stored-shapes.bench.ts): those cost the first download 3 to 6 times
// its page writes, this costs it one hash per code. A hash may collide: a reader checks the
// page's items for the code itself, so a collision costs one more page read, never a wrong ticket.
// A ticket page's hashes are unkeyed, so they would confirm a guessed reference: they are stored
// sealed (src/db/seal/sealed-rows.ts) and opened into memory once, when a list's codes are read.
// A ticket page stored as slices (src/db/seal/sealed-slices.ts) has, beside each sorted key, the
// index of the item it came from (16 bits: a page holds far fewer than 65,536 items), so a keyed
// read reads only the slice that item is in; its row is marked `sliced`, a mark bound into the
// seal's place (it cannot be flipped to read a sliced page as whole, or the other way round).
import type { RemoteCheckin, RemoteTicket } from '../api/schemas';
import { orderReferenceOf } from '../domain/order';
import type { Resource, Sealed } from './rows';

/** One page's codes, plain: check-in and answer pages as stored, every page once opened. */
export interface PageCodesRow {
  listSlug: string;
  resource: Resource;
  page: number;
  /** Sorted, as a Uint32Array's buffer: structured clone copies it whole, with no per-item cost. */
  codes: ArrayBuffer;
  /** A sliced ticket page's: each key's item in the page, a Uint16Array's buffer parallel to `codes`. */
  items?: ArrayBuffer;
}

/** A ticket page's codes as stored: the sorted keys' bytes, sealed as one value. */
export interface SealedPageCodesRow {
  listSlug: string;
  resource: Resource;
  page: number;
  sealed: Sealed;
  /** The page is stored as slices and the sealed value holds each key's item too. */
  sliced?: true;
}
export type StoredPageCodesRow = PageCodesRow | SealedPageCodesRow;

/** One page's codes in memory: the sorted keys, viewed once (a keyed read searches them all). */
export interface PageCodes {
  page: number;
  keys: Uint32Array;
  /** A sliced page's: the item each key came from, parallel to `keys`. */
  items?: Uint16Array;
}

/** FNV-1a over the code's UTF-16 units: fast, and spread well enough for a per-page filter. */
export function codeHash(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The keys a code is found under: a slug as it is, a reference upper-cased (as the index). */
export const slugKey = (slug: string) => codeHash(slug);
export const referenceKey = (reference: string) => codeHash(reference.toUpperCase());
/** An order's reference (as orderReferenceOf gives it), kept apart from a ticket's own codes. */
export const orderKey = (order: string) => codeHash(`order:${order}`);
/** A ticket id as a check-in page's key (ids are whole numbers; a wrap only costs a read). */
export const ticketIdKey = (id: number) => id >>> 0;

/** Each ticket's keys, three a ticket: slug, reference, order (0 where `ordered` says none). */
export interface TicketKeys {
  keys: Uint32Array;
  ordered: Uint8Array;
}

/** The keys of a page's tickets, in page order: computed once for its codes and its frame. */
export function ticketKeys(tickets: readonly RemoteTicket[]): TicketKeys {
  const keys = new Uint32Array(3 * tickets.length);
  const ordered = new Uint8Array(tickets.length);
  tickets.forEach((t, i) => {
    keys[3 * i] = slugKey(t.slug);
    keys[3 * i + 1] = referenceKey(t.reference);
    const order = orderReferenceOf(t);
    if (order === null) return;
    keys[3 * i + 2] = orderKey(order);
    ordered[i] = 1;
  });
  return { keys, ordered };
}

/**
 * The sorted keys of one page's items (`tickets`: its tickets' keys, if computed already).
 * Answers have none: no verdict reads them.
 */
export function pageCodes(resource: Resource, items: readonly unknown[], tickets?: TicketKeys): ArrayBuffer {
  const keys: number[] = [];
  if (resource === 'tickets') {
    const { keys: each, ordered } = tickets ?? ticketKeys(items as RemoteTicket[]);
    for (let i = 0; i < ordered.length; i++) {
      keys.push(each[3 * i]!, each[3 * i + 1]!);
      if (ordered[i]) keys.push(each[3 * i + 2]!);
    }
  }
  if (resource === 'checkins') for (const c of items as RemoteCheckin[]) keys.push(ticketIdKey(c.ticketId));
  return Uint32Array.from(keys).sort().buffer as ArrayBuffer;
}

/** Items a page at most: an item's index is 16 bits. */
const ITEMS = 0x1_0000;

/**
 * A ticket page's keys sorted, each with the item it came from (`slicedCodes`): the codes of a
 * page stored as slices.
 */
export function slicedCodes({ keys: each, ordered }: TicketKeys): { codes: ArrayBuffer; items: ArrayBuffer } {
  // Each key and its item as one number, key * 2^16 + item (under 2^48, exact in a double), so a
  // typed array's own numeric sort orders them by key, then item, with no comparator to call.
  const packed = new Float64Array(2 * ordered.length + ordered.reduce((n, o) => n + o, 0));
  let at = 0;
  for (let i = 0; i < ordered.length; i++) {
    packed[at++] = each[3 * i]! * ITEMS + i;
    packed[at++] = each[3 * i + 1]! * ITEMS + i;
    if (ordered[i]) packed[at++] = each[3 * i + 2]! * ITEMS + i;
  }
  packed.sort();
  const codes = new Uint32Array(packed.length);
  const items = new Uint16Array(packed.length);
  for (let k = 0; k < packed.length; k++) {
    const value = packed[k]!;
    const item = value % ITEMS;
    items[k] = item;
    codes[k] = (value - item) / ITEMS;
  }
  return { codes: codes.buffer as ArrayBuffer, items: items.buffer as ArrayBuffer };
}

/** Where `key` is, or would be, in sorted `keys`: the first place holding `key` or more. */
function lowerBound(keys: Uint32Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a page's sorted keys hold `key` (a binary search). */
export function holds(keys: Uint32Array, key: number): boolean {
  const at = lowerBound(keys, key);
  return at < keys.length && keys[at] === key;
}

/** The items of a sliced page (`codes.items`) whose codes hash to `key`, ascending. */
export function itemsUnder(codes: PageCodes, key: number): number[] {
  const found: number[] = [];
  if (!codes.items) return found;
  for (let at = lowerBound(codes.keys, key); at < codes.keys.length && codes.keys[at] === key; at++)
    found.push(codes.items[at]!);
  return found.sort((a, b) => a - b);
}
