// A door updated mid-event to the version that keeps ticket pages as slices: its database, written
// by the schema of version 6 (ticket pages sealed whole), opens with today's code (version 7)
// with every row as it was and no slice, and answers every scan offline from its whole pages;
// a page downloaded again is stored as slices in place of its whole row.
import { describe, expect, it } from 'vitest';
import { readByCode, readCodeIndex } from '../../src/db/keyed-read';
import { patchSyncState, saveList } from '../../src/db/local-copy';
import { readPages, storeFirstPage } from '../../src/db/stored-pages';
import { freshDb, LIST, unlockedDb } from '../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from './copy-rows';
import { storeWholePage } from './whole-pages';
import { OldSchema } from './old-schemas';

const PAGE = 150;
const ticketsOf = (page: number) =>
  Array.from({ length: PAGE }, (_, i) => remoteTicket((page - 1) * PAGE + i + 1));

/** A version 6 database holding a list of two whole ticket pages, sealed under the test key. */
async function writtenByVersionSix(name: string) {
  const made = freshDb();
  await saveList(made, listRow(LIST, { pages: { tickets: 2, checkins: 1, answers: 0 } }));
  for (const page of [1, 2]) await storeWholePage(made, LIST, page, ticketsOf(page));
  await storeFirstPage(made, LIST, 'checkins', 1, [remoteCheckin(1, 160)], 1);
  for (const resource of ['tickets', 'checkins', 'answers'] as const)
    await patchSyncState(made, LIST, resource, { cursor: T0, firstDownload: null });
  const old = new OldSchema(name, 6);
  const tables: Record<string, unknown[]> = {};
  for (const table of old.tables) {
    tables[table.name] = await made.table(table.name).toArray();
    await table.bulkPut(tables[table.name]!);
  }
  old.close();
  made.close();
  return tables;
}

describe("a version 6 database opened by today's code", () => {
  it('keeps every row, has no slice, and reads its whole pages by key and whole', async () => {
    const name = `upgrade-slices-${Math.random()}`;
    const before = await writtenByVersionSix(name);
    const db = unlockedDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    for (const [table, rows] of Object.entries(before))
      expect(await db.table(table).toArray(), table).toEqual(rows);
    expect(await db.pageSlices.count()).toBe(0);
    const ids: number[] = [];
    await readPages<{ id: number }>(db, LIST, 'tickets', (items) => void ids.push(...items.map((t) => t.id)));
    expect(ids).toEqual(Array.from({ length: 2 * PAGE }, (_, i) => i + 1));
    const codes = (await readCodeIndex(db, LIST))!;
    for (const id of [1, 100, 150, 151, 160, 300]) {
      const facts = await readByCode(db, LIST, codes, { kind: 'slug', slug: remoteTicket(id).slug });
      expect(facts.tickets.map((t) => t.id)).toEqual([id]);
      expect(facts.checkins.map((c) => c.ticketId)).toEqual(id === 160 ? [160] : []);
    }
    // Page 2 downloaded again: stored as slices, its whole row gone, the same tickets read.
    await storeFirstPage(db, LIST, 'tickets', 2, ticketsOf(2), 2);
    expect(await db.pages.get([LIST, 'tickets', 2])).toBeUndefined();
    expect(await db.pageSlices.count()).toBe(2);
    const again = (await readCodeIndex(db, LIST))!;
    const facts = await readByCode(db, LIST, again, { kind: 'slug', slug: remoteTicket(160).slug });
    expect(facts.tickets.map((t) => t.id)).toEqual([160]);
    expect(facts.checkins.map((c) => c.ticketId)).toEqual([160]);
    db.close();
  });
});
