// Loads one list's local copy into memory: first-download pages, then the records changed
// since (which win by `updatedAt`). One page per IndexedDB read keeps main-thread tasks short.
import type { RemoteCheckin, RemoteTicket } from '../api/schemas';
import { serviceCheckinRow } from '../db/checkin-row';
import type { CheckinDatabase } from '../db/database';
import { readCheckinRows, readPages, readTicketRows } from '../db/local-copy';
import { createListIndex, type ListIndex } from './list-index';

export async function loadListIndex(db: CheckinDatabase, listSlug: string): Promise<ListIndex> {
  const index = createListIndex();
  await readPages<RemoteTicket>(db, listSlug, 'tickets', (items) => index.putTickets(items));
  index.putTickets(await readTicketRows(db, listSlug));
  await readPages<RemoteCheckin>(db, listSlug, 'checkins', (items) =>
    index.putCheckins(items.map((c) => serviceCheckinRow(listSlug, c))),
  );
  index.putCheckins(await readCheckinRows(db, listSlug));
  return index;
}
