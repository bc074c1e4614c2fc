// Loads one list's local copy into memory: first-download pages, then the records changed
// since (which win by `updatedAt`). Pages come in range reads (db/stored-pages.ts), and the
// work yields before each read, between two slices' tickets parsed and between slices of the
// index's work, so a scan that comes in meanwhile waits for one read or one slice at most.
// Pages stored before schema version 4 get their codes here (page-codes.ts), as they go by.
import type { RemoteCheckin, RemoteTicket } from '../../api/schemas';
import { serviceCheckinRow } from '../../db/checkin-row';
import type { CheckinDatabase } from '../../db/database';
import { readCheckinRows, readTicketRows } from '../../db/local-copy';
import { pagesWithoutCodes, readPages, storePageCodes } from '../../db/stored-pages';
import type { Resource } from '../../db/rows';
import { createListIndex, type ListIndex } from '../index/list-index';
import { inSlices, yieldTurn } from '../take-turns';

/** Tickets indexed per task: a scan that comes in waits for one slice at most. */
const SLICE = 250;

/**
 * Fills `index` (which may already hold what a scan read meanwhile) from the local copy.
 * `between` is awaited before each of the load's IndexedDB reads and between pages: a scan in
 * flight holds the load there, so its keyed reads never queue behind one of the load's reads
 * asked for meanwhile (IndexedDB answers a connection's requests in turn), nor its slices.
 */
export async function fillListIndex(
  db: CheckinDatabase,
  listSlug: string,
  index: ListIndex,
  between: () => Promise<void> = yieldTurn,
): Promise<void> {
  const backfill = async <T>(resource: Resource, onItems: (items: T[]) => void) => {
    await between();
    const uncoded = await pagesWithoutCodes(db, listSlug, resource);
    const writes: Promise<void>[] = [];
    await readPages<T>(
      db,
      listSlug,
      resource,
      async (items, page) => {
        await between();
        await inSlices(items, SLICE, (slice) => onItems(slice as T[]));
        if (uncoded.has(page)) writes.push(storePageCodes(db, listSlug, resource, page, items));
      },
      between,
    );
    // Codes are an aid to the next start: failing to store them loses nothing.
    await Promise.all(writes).catch(() => undefined);
  };
  await backfill<RemoteTicket>('tickets', (items) => index.putTickets(items));
  await between();
  index.putTickets(await readTicketRows(db, listSlug));
  await backfill<RemoteCheckin>('checkins', (items) =>
    index.putCheckins(items.map((c) => serviceCheckinRow(listSlug, c))),
  );
  await between();
  index.putCheckins(await readCheckinRows(db, listSlug));
}

export async function loadListIndex(db: CheckinDatabase, listSlug: string): Promise<ListIndex> {
  const index = createListIndex();
  await fillListIndex(db, listSlug, index);
  return index;
}
