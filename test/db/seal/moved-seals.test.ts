// A sealed value opens only in the row it was sealed for: moved to another row (another page,
// another ticket, another list, another door's copy), it is a fault where it is read, never the
// other row's data taken for this one's, so no verdict is ever made from another ticket.
import { describe, expect, it } from 'vitest';
import { readAudit, recordAudit } from '../../../src/db/audit-log';
import { addCorrection, readCorrections } from '../../../src/db/copy-notes';
import { CheckinDatabase } from '../../../src/db/database';
import { readByCode, readCodeIndex } from '../../../src/db/keyed-read';
import { patchSyncState, readTicketRows, saveList, upsertTickets } from '../../../src/db/local-copy';
import type { Sealed } from '../../../src/db/rows';
import { SealBroken, sealBoxOf } from '../../../src/db/seal/seal-box';
import { readPages, storeFirstPage } from '../../../src/db/stored-pages';
import { freshDb, LIST, unlockedDb } from '../../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from '../copy-rows';
import { asWholePages } from '../whole-pages';

const PAGE = 4;
const OTHER = 'chk_potherlist000000000000';

async function twoPages(db: CheckinDatabase, slug = LIST) {
  await saveList(db, listRow(slug, { pages: { tickets: 2, checkins: 1, answers: 0 } }));
  for (const page of [1, 2])
    await storeFirstPage(
      db,
      slug,
      'tickets',
      page,
      Array.from({ length: PAGE }, (_, i) => remoteTicket((page - 1) * PAGE + i + 1)),
      2,
    );
  await storeFirstPage(db, slug, 'checkins', 1, [remoteCheckin(1, 1), remoteCheckin(2, 6)], 1);
  for (const resource of ['tickets', 'checkins', 'answers'] as const)
    await patchSyncState(db, slug, resource, { cursor: T0, firstDownload: null });
}

const bySlug = (id: number) => ({ kind: 'slug', slug: remoteTicket(id).slug }) as const;

describe('a sealed value moved to another row', () => {
  it("a ticket page's slice, put in another page's slice, does not open: no keyed read answers from it", async () => {
    const db = freshDb();
    await twoPages(db);
    const codes = (await readCodeIndex(db, LIST))!;
    // Ticket 1 is read from its own slice as ever.
    expect((await readByCode(db, LIST, codes, bySlug(1))).tickets.map((t) => t.id)).toEqual([1]);
    const [one, two] = await db.pageSlices.bulkGet([
      [LIST, 'tickets', 1, 0],
      [LIST, 'tickets', 2, 0],
    ]);
    await db.pageSlices.put({ ...one!, sealed: two!.sealed });
    await expect(readByCode(db, LIST, codes, bySlug(1))).rejects.toBeInstanceOf(SealBroken);
    await expect(readPages(db, LIST, 'tickets', () => undefined)).rejects.toBeInstanceOf(SealBroken);
  });

  it("a ticket page stored whole (before slices), put in another page's row, does not open", async () => {
    const db = freshDb();
    await twoPages(db);
    await asWholePages(db, LIST);
    const codes = (await readCodeIndex(db, LIST))!;
    expect((await readByCode(db, LIST, codes, bySlug(1))).tickets.map((t) => t.id)).toEqual([1]);
    const [one, two] = await db.pages.bulkGet([
      [LIST, 'tickets', 1],
      [LIST, 'tickets', 2],
    ]);
    await db.pages.put({ ...one!, sealed: (two as { sealed: Sealed }).sealed });
    await expect(readByCode(db, LIST, codes, bySlug(1))).rejects.toBeInstanceOf(SealBroken);
    await expect(readPages(db, LIST, 'tickets', () => undefined)).rejects.toBeInstanceOf(SealBroken);
  });

  it("a slice of one list, put in another list's row of the same slice, does not open", async () => {
    const db = freshDb();
    await twoPages(db);
    await twoPages(db, OTHER);
    const theirs = await db.pageSlices.get([OTHER, 'tickets', 1, 0]);
    await db.pageSlices.put({ ...theirs!, listSlug: LIST });
    await expect(readPages(db, LIST, 'tickets', () => undefined)).rejects.toBeInstanceOf(SealBroken);
  });

  it("a page's codes, put in another page's row, do not open", async () => {
    const db = freshDb();
    await twoPages(db);
    const two = await db.pageCodes.get([LIST, 'tickets', 2]);
    await db.pageCodes.put({ ...two!, page: 1 });
    await expect(readCodeIndex(db, LIST)).rejects.toBeInstanceOf(SealBroken);
  });

  it("a changed ticket's, under another ticket's id, does not open: not by its slug, not loading the list", async () => {
    const db = freshDb();
    await twoPages(db);
    await upsertTickets(db, LIST, [remoteTicket(500), remoteTicket(501)]);
    const codes = (await readCodeIndex(db, LIST))!;
    expect((await readByCode(db, LIST, codes, bySlug(500))).tickets.map((t) => t.id)).toEqual([500]);
    const [mine, theirs] = await db.tickets.bulkGet([
      [LIST, 500],
      [LIST, 501],
    ]);
    await db.tickets.put({ ...mine!, sealed: (theirs as { sealed: Sealed }).sealed });
    // Its digests still find row 500; what they find does not open as ticket 500.
    await expect(readByCode(db, LIST, codes, bySlug(500))).rejects.toBeInstanceOf(SealBroken);
    await expect(readTicketRows(db, LIST)).rejects.toBeInstanceOf(SealBroken);
  });

  it("an audit row's and a correction's do not open in another row", async () => {
    const db = freshDb();
    const entry = { listSlug: LIST, at: T0, device: 'Door 1', role: 'open', action: 'admit' } as const;
    await recordAudit(db, { ...entry, ticketId: 1, ticketReference: remoteTicket(1).reference });
    await recordAudit(db, { ...entry, at: T0 + 1, ticketId: 2, ticketReference: remoteTicket(2).reference });
    const [first, second] = await db.audit.toArray();
    await db.audit.put({ ...first!, sealed: (second as { sealed: Sealed }).sealed });
    await expect(readAudit(db, LIST)).rejects.toBeInstanceOf(SealBroken);

    const correction = { at: T0, ticketId: null, was: 'missing', now: 'not on the list' };
    await addCorrection(db, LIST, { ...correction, code: 'ti_pSOMETHING00000000000000' });
    await addCorrection(db, LIST, { ...correction, at: T0 + 1, code: 'ti_pELSE000000000000000000' });
    const [a, b] = await db.corrections.toArray();
    await db.corrections.put({ ...a!, sealed: (b as { sealed: Sealed }).sealed });
    await expect(readCorrections(db, LIST)).rejects.toBeInstanceOf(SealBroken);
  });

  it("another door's copy, sealed under its own key, does not open here", async () => {
    const theirs = freshDb();
    await twoPages(theirs);
    const name = `${theirs.name}-copy`;
    const mine = new CheckinDatabase(name);
    mine.seal.unlock(await sealBoxOf(crypto.getRandomValues(new Uint8Array(32))));
    for (const table of theirs.tables) await mine.table(table.name).bulkPut(await table.toArray());
    await expect(readPages(mine, LIST, 'tickets', () => undefined)).rejects.toBeInstanceOf(SealBroken);
    // Opened under the key it was sealed with, the same rows read as ever.
    const items: unknown[] = [];
    await readPages(unlockedDb(name), LIST, 'tickets', (page) => void items.push(...page));
    expect(items).toHaveLength(2 * PAGE);
  });
});
