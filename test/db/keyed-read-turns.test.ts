// How many turns of the database a keyed read takes: after a restart every scan of a queue is
// judged by one, and each read transaction costs the phone's worker more than the verdict does.
import { describe, expect, it, vi } from 'vitest';
import { readCodeIndex } from '../../src/db/keyed-read';
import { saveList, upsertTickets } from '../../src/db/local-copy';
import { recordCheckin } from '../../src/db/outbox';
import { itemsOn, keepRecent, type PageReads, scanReads } from '../../src/db/scan-reads';
import { openedItems } from '../../src/db/seal/page-frame';
import { storeFirstPage } from '../../src/db/stored-pages';
import { parseScannedCode } from '../../src/domain/scan-code';
import { keyedScan } from '../../src/sync/scan/keyed-lookup';
import { freshDb, LIST } from '../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from './copy-rows';

async function copy() {
  const db = freshDb();
  await saveList(db, listRow(LIST, { pages: { tickets: 2, checkins: 1, answers: 0 } }));
  // Tickets 10 and 11 are one order (copy-rows.ts: an order is two ids).
  for (const page of [1, 2])
    await storeFirstPage(
      db,
      LIST,
      'tickets',
      page,
      Array.from({ length: 20 }, (_, i) => remoteTicket((page - 1) * 20 + i + 1)),
      2,
    );
  await storeFirstPage(db, LIST, 'checkins', 1, [remoteCheckin(1, 11)], 1);
  return db;
}

describe('a keyed read of a ticket with an order', () => {
  it("asks the database twice: the order's reads join the ticket's", async () => {
    const db = await copy();
    const codes = (await readCodeIndex(db, LIST))!;
    const turns = vi.spyOn(db.backendDB(), 'transaction');
    const keyed = await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(10).slug));
    expect(keyed?.ticket?.id).toBe(10);
    expect(new Set(keyed?.facts.tickets.map((t) => t.id))).toEqual(new Set([10, 11]));
    expect(keyed?.facts.checkins.map((c) => c.ticketId)).toEqual([11]);
    expect(turns).toHaveBeenCalledTimes(2);
    db.close();
  });

  it('still finds what the order holds beyond the first reads: a ticket stored since, its check-in', async () => {
    const db = await copy();
    // A third ticket of the order sold since the download, and admitted here.
    await upsertTickets(db, LIST, [
      remoteTicket(900, { reference: 'O005-900', registrationReference: 'O005', updatedAt: T0 + 9000 }),
    ]);
    await recordCheckin(db, {
      listSlug: LIST,
      ticketId: 900,
      deviceName: 'Door 1',
      now: T0 + 9500,
      clientId: 'c',
    });
    const codes = (await readCodeIndex(db, LIST))!;
    const keyed = await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(10).slug));
    expect(new Set(keyed?.facts.tickets.map((t) => t.id))).toEqual(new Set([10, 11, 900]));
    expect(keyed?.facts.checkins.map((c) => c.ticketId).sort()).toEqual([11, 900]);
    db.close();
  });
});

describe('pages kept from one keyed scan to the next while the list loads', () => {
  it("reads an order's second ticket without reading its pages again, and sees the first's admission", async () => {
    const db = await copy();
    const codes = (await readCodeIndex(db, LIST))!;
    const pages: PageReads = new Map();
    await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(10).slug), pages);
    await recordCheckin(db, {
      listSlug: LIST,
      ticketId: 10,
      deviceName: 'Door 1',
      now: T0 + 9500,
      clientId: 'c',
    });
    const opened = new Map(pages);
    // Tickets 10 and 11 are the first slice of page 1 (seal/sealed-slices.ts).
    expect(opened.get('tickets:1/0')).toBeDefined();
    const second = await keyedScan(db, LIST, codes, parseScannedCode(remoteTicket(11).slug), pages);
    // Its slice is the one the first scan opened, not read or opened again.
    expect(pages.get('tickets:1/0')).toBe(opened.get('tickets:1/0'));
    expect(second?.ticket?.id).toBe(11);
    expect(new Set(second?.facts.checkins.map((c) => c.ticketId))).toEqual(new Set([10, 11]));
    db.close();
  });

  it('keeps only the pages used last', async () => {
    const reads = scanReads(
      new Map(
        Array.from({ length: 5 }, (_, i) => [`tickets:${i}`, Promise.resolve(openedItems<unknown>([i]))]),
      ),
    );
    await itemsOn(reads, 'tickets', [0]);
    keepRecent(reads.pages, 3);
    expect([...reads.pages.keys()]).toEqual(['tickets:3', 'tickets:4', 'tickets:0']);
  });
});
