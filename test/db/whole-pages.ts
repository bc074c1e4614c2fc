// Ticket pages as a door kept them before slices: one sealed row a page (framed, or its items one
// JSON value as before frames) and codes without items. A door upgraded mid-event holds these,
// and must read them as they are.
import type { RemoteTicket } from '../../src/api/schemas';
import { type CheckinDatabase, pageRange } from '../../src/db/database';
import { pageCodes } from '../../src/db/page-codes';
import { sealCodes, sealPage } from '../../src/db/seal/sealed-rows';
import { readPages } from '../../src/db/stored-pages';

/** One ticket page stored whole, in place of whatever the page was; `framed: false`, before frames. */
export async function storeWholePage(
  db: CheckinDatabase,
  listSlug: string,
  page: number,
  items: RemoteTicket[],
  framed = true,
): Promise<void> {
  const box = await db.seal.box();
  const place = `pages|${listSlug}|tickets|${page}`;
  const row = framed
    ? await sealPage(box, { listSlug, resource: 'tickets', page, items })
    : { listSlug, resource: 'tickets' as const, page, sealed: await box.seal(items, place) };
  const codes = await sealCodes(box, {
    listSlug,
    resource: 'tickets',
    page,
    codes: pageCodes('tickets', items),
  });
  await db.transaction('rw', db.pages, db.pageSlices, db.pageCodes, async () => {
    await db.pageSlices
      .where('[listSlug+resource+page+slice]')
      .between([listSlug, 'tickets', page, -Infinity], [listSlug, 'tickets', page, Infinity])
      .delete();
    await db.pages.put(row);
    await db.pageCodes.put(codes);
  });
}

/** Every ticket page of a list stored again whole (`framed: false`, as before frames); how many. */
export async function asWholePages(db: CheckinDatabase, listSlug: string, framed = true): Promise<number> {
  const pages: [number, RemoteTicket[]][] = [];
  await readPages<RemoteTicket>(db, listSlug, 'tickets', (items, page) => void pages.push([page, items]));
  for (const [page, items] of pages) await storeWholePage(db, listSlug, page, items, framed);
  const slices = await db.pageSlices
    .where('[listSlug+resource+page+slice]')
    .between(...pageRange(listSlug, 'tickets'))
    .count();
  if (slices !== 0) throw new Error('Slices left after storing the pages whole');
  return pages.length;
}
