// A ticket page is stored as slices of a hundred tickets, each sealed on its own
// (src/db/seal/sealed-slices.ts), and its codes say which item each code is on, so a scan's keyed
// read opens one slice, not the page. The slices must hold the page exactly, open only in their
// own place, go when the page is stored again or its list is wiped; and pages stored whole before
// slices must still give the same answers.
import { describe, expect, it, vi } from 'vitest';
import type { RemoteTicket } from '../../src/api/schemas';
import type { CheckinDatabase } from '../../src/db/database';
import { readByCode, readCodeIndex } from '../../src/db/keyed-read';
import { patchSyncState, saveList, wipeList } from '../../src/db/local-copy';
import { scanReads } from '../../src/db/scan-reads';
import { SealBroken } from '../../src/db/seal/seal-box';
import { readPages, storeFirstPage } from '../../src/db/stored-pages';
import { parseScannedCode } from '../../src/domain/scan-code';
import { keyedScan } from '../../src/sync/scan/keyed-lookup';
import { freshDb, LIST } from '../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from './copy-rows';
import { storeWholePage } from './whole-pages';

const OTHER = 'chk_pslicesother0000000000';
const PAGE = 250;

const ticketsOf = (page: number, size = PAGE) =>
  Array.from({ length: size }, (_, i) => remoteTicket((page - 1) * PAGE + i + 1));

/** Three pages of 250 tickets (three slices each, the last of 50) and a page of check-ins. */
async function copy(db: CheckinDatabase, slug = LIST, whole: number[] = []) {
  await saveList(db, listRow(slug, { pages: { tickets: 3, checkins: 1, answers: 0 } }));
  for (const page of [1, 2, 3]) {
    await storeFirstPage(db, slug, 'tickets', page, ticketsOf(page), 3);
    if (whole.includes(page)) await storeWholePage(db, slug, page, ticketsOf(page));
  }
  await storeFirstPage(db, slug, 'checkins', 1, [remoteCheckin(1, 130), remoteCheckin(2, 600)], 1);
  for (const resource of ['tickets', 'checkins', 'answers'] as const)
    await patchSyncState(db, slug, resource, { cursor: T0, firstDownload: null });
}

const slicesOf = (db: CheckinDatabase, slug: string) =>
  db.pageSlices.filter((row) => row.listSlug === slug).primaryKeys();

async function allTickets(db: CheckinDatabase, slug = LIST) {
  const pages: [number, number[]][] = [];
  await readPages<RemoteTicket>(db, slug, 'tickets', (items, page) => {
    pages.push([page, items.map((t) => t.id)]);
  });
  return pages;
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('a ticket page stored as slices', () => {
  it('is a hundred tickets a slice, read back whole and in page order', async () => {
    const db = freshDb();
    await copy(db);
    expect(await slicesOf(db, LIST)).toEqual(
      [1, 2, 3].flatMap((page) => [0, 1, 2].map((slice) => [LIST, 'tickets', page, slice])),
    );
    expect(await db.pages.filter((row) => row.resource === 'tickets').count()).toBe(0);
    expect(await allTickets(db)).toEqual([
      [1, ids(1, 250)],
      [2, ids(251, 500)],
      [3, ids(501, 750)],
    ]);
  });

  it("is read back a slice a turn: a list's load opens one slice at a time and parses a hundred tickets between two turns at most", async () => {
    const db = freshDb();
    await copy(db);
    // Slices being opened at once (each is its own crypto call: its answer comes in as a task).
    const box = await db.seal.box();
    const openBytes = box.openBytes.bind(box);
    let opening = 0;
    let mostAtOnce = 0;
    const opens = vi.spyOn(box, 'openBytes').mockImplementation(async (...args) => {
      mostAtOnce = Math.max(mostAtOnce, ++opening);
      try {
        return await openBytes(...args);
      } finally {
        opening--;
      }
    });
    // Tickets parsed since the load last took its turn (a scan in flight holds it there).
    const parse = JSON.parse;
    let since = 0;
    const betweenTurns: number[] = [];
    const spy = vi.spyOn(JSON, 'parse').mockImplementation((...args: Parameters<typeof JSON.parse>) => {
      const value = parse(...args);
      if (Array.isArray(value) && value.every((item) => typeof item?.slug === 'string'))
        since += value.length;
      return value;
    });
    const read: number[] = [];
    try {
      await readPages<RemoteTicket>(
        db,
        LIST,
        'tickets',
        (items) => {
          read.push(...items.map((t) => t.id));
        },
        async () => {
          betweenTurns.push(since);
          since = 0;
        },
      );
    } finally {
      spy.mockRestore();
      opens.mockRestore();
    }
    betweenTurns.push(since);
    expect(read).toEqual(ids(1, 750));
    expect(mostAtOnce).toBe(1);
    expect(betweenTurns.reduce((a, b) => a + b, 0)).toBe(750);
    expect(Math.max(...betweenTurns)).toBe(100);
  });

  it('is read by key one slice at a time: a scan opens the slice its code is in, nothing more', async () => {
    const db = freshDb();
    await copy(db);
    const codes = (await readCodeIndex(db, LIST))!;
    const box = await db.seal.box();
    const opens = vi.spyOn(box, 'openBytes');
    const reads = scanReads();
    // Ticket 380 is item 129 of page 2: its second slice. Its order (380, 381) is there too.
    const facts = await readByCode(db, LIST, codes, { kind: 'slug', slug: remoteTicket(380).slug });
    expect(facts.tickets.map((t) => t.id)).toEqual([380]);
    const again = await readByCode(db, LIST, codes, { kind: 'reference', reference: 'o190-380' }, reads);
    expect(again.tickets.map((t) => t.id)).toEqual([380]);
    expect([...reads.pages.keys()]).toEqual(['tickets:2/1']);
    // One open a read: the slice (check-in pages are plain, and this ticket's has none).
    expect(opens).toHaveBeenCalledTimes(2);
    const order = await readByCode(db, LIST, codes, { kind: 'order', order: 'O190' }, reads);
    expect(order.tickets.map((t) => t.id)).toEqual([380, 381]);
    expect(opens).toHaveBeenCalledTimes(2);
  });

  it('finds every ticket by slug and reference, and its check-ins', async () => {
    const db = freshDb();
    await copy(db);
    const codes = (await readCodeIndex(db, LIST))!;
    for (const id of [1, 100, 101, 130, 250, 251, 600, 750]) {
      const t = remoteTicket(id);
      const bySlug = await readByCode(db, LIST, codes, { kind: 'slug', slug: t.slug });
      const byReference = await readByCode(db, LIST, codes, { kind: 'reference', reference: t.reference });
      expect(
        bySlug.tickets.map((found) => found.id),
        `${id}`,
      ).toEqual([id]);
      expect(byReference).toEqual(bySlug);
      expect(bySlug.checkins.map((c) => c.ticketId)).toEqual(id === 130 || id === 600 ? [id] : []);
    }
    expect(
      (await readByCode(db, LIST, codes, { kind: 'slug', slug: 'ti_pNOWHERE0000000000000' })).tickets,
    ).toEqual([]);
  });

  it('does not open a slice moved to another slice of its page: a fault, never the other tickets', async () => {
    const db = freshDb();
    await copy(db);
    const codes = (await readCodeIndex(db, LIST))!;
    const [first, second] = await db.pageSlices.bulkGet([
      [LIST, 'tickets', 2, 0],
      [LIST, 'tickets', 2, 1],
    ]);
    await db.pageSlices.put({ ...second!, sealed: first!.sealed });
    await expect(
      readByCode(db, LIST, codes, { kind: 'slug', slug: remoteTicket(380).slug }),
    ).rejects.toBeInstanceOf(SealBroken);
    await expect(allTickets(db)).rejects.toBeInstanceOf(SealBroken);
  });

  it('does not open codes whose `sliced` mark is flipped, either way', async () => {
    const db = freshDb();
    await copy(db, LIST, [3]);
    const [sliced, whole] = await db.pageCodes.bulkGet([
      [LIST, 'tickets', 1],
      [LIST, 'tickets', 3],
    ]);
    expect(sliced).toMatchObject({ sliced: true });
    expect(whole).not.toHaveProperty('sliced');
    const { sliced: _, ...unmarked } = sliced as typeof sliced & { sliced: true };
    await db.pageCodes.put(unmarked);
    await expect(readCodeIndex(db, LIST)).rejects.toBeInstanceOf(SealBroken);
    await db.pageCodes.put(sliced!);
    await db.pageCodes.put({ ...whole!, sliced: true });
    await expect(readCodeIndex(db, LIST)).rejects.toBeInstanceOf(SealBroken);
  });

  it('stored again, leaves nothing of what the page was: neither its old slices nor its whole row', async () => {
    const db = freshDb();
    await copy(db, LIST, [2]);
    expect(await db.pages.get([LIST, 'tickets', 2])).toBeDefined();
    // A download started over: page 1 smaller than it was, page 2 sliced where it was whole.
    await storeFirstPage(db, LIST, 'tickets', 1, ticketsOf(1, 120), 3);
    await storeFirstPage(db, LIST, 'tickets', 2, ticketsOf(2), 3);
    expect(await db.pages.get([LIST, 'tickets', 2])).toBeUndefined();
    expect((await slicesOf(db, LIST)).filter((key) => key[2] === 1)).toEqual([
      [LIST, 'tickets', 1, 0],
      [LIST, 'tickets', 1, 1],
    ]);
    expect(await allTickets(db)).toEqual([
      [1, ids(1, 120)],
      [2, ids(251, 500)],
      [3, ids(501, 750)],
    ]);
    const codes = (await readCodeIndex(db, LIST))!;
    expect(
      (await readByCode(db, LIST, codes, { kind: 'slug', slug: remoteTicket(200).slug })).tickets,
    ).toEqual([]);
  });

  it("goes with its list: a wipe deletes the list's slices, and no other list's", async () => {
    const db = freshDb();
    await copy(db);
    await copy(db, OTHER);
    await wipeList(db, LIST);
    expect(await slicesOf(db, LIST)).toEqual([]);
    expect(await slicesOf(db, OTHER)).toHaveLength(9);
    expect(await db.pageCodes.where('[listSlug+resource+page]').between([LIST], [LIST, []]).count()).toBe(0);
  });
});

describe('ticket pages stored whole before slices', () => {
  it('give every scan the same answer as the same pages stored as slices, mixed with them', async () => {
    const sliced = freshDb();
    await copy(sliced);
    const mixed = freshDb();
    await copy(mixed, LIST, [1, 3]);
    expect(await mixed.pages.count()).toBe(3); // two of tickets, one of check-ins
    expect(await allTickets(mixed)).toEqual(await allTickets(sliced));
    const [slicedCodes, mixedCodes] = await Promise.all([
      readCodeIndex(sliced, LIST),
      readCodeIndex(mixed, LIST),
    ]);
    for (let id = 1; id <= 750; id += 7) {
      const t = remoteTicket(id);
      for (const raw of [t.slug, t.reference]) {
        const code = parseScannedCode(raw);
        const [a, b] = await Promise.all([
          keyedScan(sliced, LIST, slicedCodes!, code),
          keyedScan(mixed, LIST, mixedCodes!, code),
        ]);
        expect(b?.ticket?.id, raw).toBe(id);
        expect(b?.ticket).toEqual(a?.ticket);
        expect(b?.checkins).toEqual(a?.checkins);
        expect(b?.facts).toEqual(a?.facts);
      }
    }
  });
});
