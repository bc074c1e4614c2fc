// A page of tickets sealed as slices of a hundred tickets: a scan's keyed read reads and opens the
// one slice its code is in (the page's codes say which item a code is on, page-codes.ts), where a
// page sealed whole made IndexedDB hand over and the box open all of its thousand tickets.
// Guarantees:
// - Each slice is sealed on its own, bound to its place (`pageSlices|list|resource|page|slice`): a
//   slice moved to another slice, page or list throws `SealBroken` where it is read, never gives
//   another ticket's data.
// - Inside its seal a slice is framed as a page is (page-frame.ts): a keyed read parses only the
//   tickets whose keys match, and reading it whole is one decode and one parse of its JSON.
// - A page's slices, in slice order, hold exactly its items in page order.
import type { RemoteTicket } from '../../api/schemas';
import type { TicketKeys } from '../page-codes';
import type { Resource, SealedSliceRow } from '../rows';
import { frameTickets, type OpenedPage, openedPlain } from './page-frame';
import type { SealBox } from './seal-box';
import { utf8Scratch } from './utf8-after';

/** Tickets a slice: a keyed read opens this many, about 42 KB of JSON, not the page's 420 KB. */
export const SLICE_ITEMS = 100;

/** The slice item `item` of a page is in. */
export const sliceOf = (item: number) => Math.floor(item / SLICE_ITEMS);

const slicePlace = (slug: string, resource: string, page: number, slice: number) =>
  `pageSlices|${slug}|${resource}|${page}|${slice}`;

/** A page's tickets as slices to store; `keys`: their keys, computed once for the page (page-codes.ts). */
export function sealSlices(
  box: SealBox,
  listSlug: string,
  resource: Resource,
  page: number,
  items: readonly RemoteTicket[],
  keys: TicketKeys,
): Promise<SealedSliceRow[]> {
  const slices: Promise<SealedSliceRow>[] = [];
  for (let slice = 0; slice * SLICE_ITEMS < items.length; slice++) {
    const from = slice * SLICE_ITEMS;
    const to = Math.min(items.length, from + SLICE_ITEMS);
    // Framed in the scratch buffer: sealBytes reads it before it returns, and the next slice reuses it.
    const framed = frameTickets(
      items.slice(from, to),
      { keys: keys.keys.subarray(3 * from, 3 * to), ordered: keys.ordered.subarray(from, to) },
      utf8Scratch,
    );
    slices.push(
      box
        .sealBytes(framed, slicePlace(listSlug, resource, page, slice))
        .then((sealed) => ({ listSlug, resource, page, slice, sealed })),
    );
  }
  return Promise.all(slices);
}

/** A stored slice opened: its tickets parsed as they are asked for (page-frame.ts). */
export async function openSlice<T>(box: SealBox, row: SealedSliceRow): Promise<OpenedPage<T>> {
  const place = slicePlace(row.listSlug, row.resource, row.page, row.slice);
  // openBytes refuses anything that is not a sealed value, with SealBroken for this place.
  return openedPlain<T>(await box.openBytes(row.sealed, place));
}
