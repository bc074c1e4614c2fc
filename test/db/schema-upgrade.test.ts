// A device updated in the field: its database, written by the schema before keyed reads
// (version 3), opens with today's code. Nothing is downloaded again and nothing unsent is lost:
// every ticket, check-in and outbox row is there as it was, a half-finished first download
// keeps its progress, and the page codes the old pages lack are made as the list next loads.
// Its personal rows stay plain until the door's passcode is chosen and they are sealed in place
// (test/db/seal/seal-copy.test.ts).
import { describe, expect, it } from 'vitest';
import { CheckinDatabase, SEALED_TABLES } from '../../src/db/database';
import { sealPlainCopy } from '../../src/db/seal/seal-copy';
import { readByCode, readCodeIndex } from '../../src/db/keyed-read';
import { emptySyncState } from '../../src/db/local-copy';
import type { CheckinRow, OutboxRow, SyncStateRow } from '../../src/db/rows';
import { loadListIndex } from '../../src/sync/open-list/open-list';
import { TEST_BOX } from '../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from './copy-rows';
import { OldSchema } from './old-schemas';

const LIST = 'chk_pupgrade00000000000000';

const PAGE = 50;
const syncState = (resource: string, over: Partial<SyncStateRow>): SyncStateRow => ({
  ...emptySyncState(LIST, resource as SyncStateRow['resource']),
  ...over,
});

const pending = (n: number, ticketId: number): CheckinRow => ({
  listSlug: LIST,
  key: `local:client-${n}`,
  uuid: null,
  id: null,
  ticketId,
  createdAt: T0 + 9_000_000 + n,
  updatedAt: T0 + 9_000_000 + n,
  deletedAt: null,
  deviceName: 'Door 1',
  clientId: `client-${n}`,
  status: 'pending',
});

const outboxRow = (n: number, ticketId: number, state: OutboxRow['state']): OutboxRow => ({
  id: `out-${n}`,
  listSlug: LIST,
  kind: 'checkin',
  ticketId,
  checkinKey: `local:client-${n}`,
  uuid: null,
  scannedAt: T0 + 9_000_000 + n,
  deviceName: 'Door 1',
  state,
  attemptFloor: state === 'sending' ? T0 : null,
  attempts: state === 'sending' ? 1 : 0,
  parkedReason: null,
});

/** A device mid-way through its first download, having scanned meanwhile. */
async function writtenByVersionThree(name: string) {
  const old = new OldSchema(name, 3);
  // Tickets: pages 1, 2 and 4 of 5 stored (four fetched at once, the third still in flight).
  const ticketPages = [1, 2, 4].map((page) => ({
    listSlug: LIST,
    resource: 'tickets',
    page,
    items: Array.from({ length: PAGE }, (_, i) => remoteTicket((page - 1) * PAGE + i + 1)),
  }));
  const checkinPages = [
    { listSlug: LIST, resource: 'checkins', page: 1, items: [remoteCheckin(1, 3), remoteCheckin(2, 60)] },
  ];
  await old
    .table('lists')
    .put(listRow(LIST, { ticketsCount: 5 * PAGE, pages: { tickets: 5, checkins: 1, answers: 0 } }));
  await old.table('pages').bulkPut([...ticketPages, ...checkinPages]);
  await old
    .table('syncState')
    .bulkPut([
      syncState('tickets', { firstDownload: { totalPages: 5, done: [1, 2, 4], serverStart: T0 } }),
      syncState('checkins', { firstDownload: { totalPages: 1, done: [1], serverStart: T0 } }),
      syncState('outbox', { attempt: { floor: T0, seqs: [2] } }),
    ]);
  // A ticket sold since (looked up online at a scan) and three check-ins made here, unsent.
  await old.table('tickets').put({ ...remoteTicket(999, { updatedAt: T0 + 5_000_000 }), listSlug: LIST });
  await old.table('checkins').bulkPut([pending(1, 7), pending(2, 999), pending(3, 60)]);
  await old
    .table('outbox')
    .bulkAdd([outboxRow(1, 7, 'queued'), outboxRow(2, 999, 'sending'), outboxRow(3, 60, 'queued')]);
  await old.table('audit').put({
    listSlug: LIST,
    at: T0,
    id: 'a1',
    device: 'Door 1',
    role: 'open',
    action: 'admit',
    ticketId: 7,
    ticketReference: remoteTicket(7).reference,
    reason: null,
  });
  const tables = Object.fromEntries(
    await Promise.all(old.tables.map(async (t) => [t.name, await t.toArray()] as const)),
  );
  old.close();
  return { tables, ticketPages };
}

describe("a version 3 database opened by today's code", () => {
  it("keeps every ticket, check-in, outbox row and the download's progress", async () => {
    const name = `upgrade-${Math.random()}`;
    const { tables } = await writtenByVersionThree(name);
    expect(tables.outbox).toHaveLength(3);
    const db = new CheckinDatabase(name);
    await db.open();
    // Today's schema (version 5 added the fleet's tables: schema-upgrade-fleet.test.ts; version
    // 6 the seal's; version 7 the slices of ticket pages, test/db/page-slices.test.ts).
    expect(db.verno).toBe(7);
    for (const [table, rows] of Object.entries(tables))
      expect(await db.table(table).toArray(), table).toEqual(rows);
    expect((await db.plainTables.toArray()).map((row) => row.table).sort()).toEqual(
      [...SEALED_TABLES].sort(),
    );
    expect(await db.pageCodes.count()).toBe(0);
    // The new index finds a ticket's check-ins, unsent ones included.
    const of60 = await db.checkins.where('[listSlug+ticketId]').equals([LIST, 60]).toArray();
    expect(of60.map((c) => c.key)).toEqual(['local:client-3']);
    db.close();
  });

  it('reads by key only once the list has loaded and given its old pages their codes', async () => {
    const name = `upgrade-${Math.random()}`;
    const { ticketPages } = await writtenByVersionThree(name);
    const db = new CheckinDatabase(name);
    // Old pages have no codes: a keyed read would miss their tickets, so it does not answer.
    expect(await readCodeIndex(db, LIST)).toBeNull();
    // The passcode chosen, the copy is sealed in place; then the list loads as ever.
    db.seal.unlock(TEST_BOX);
    await sealPlainCopy(db);
    const index = await loadListIndex(db, LIST);
    const codes = await readCodeIndex(db, LIST);
    expect(codes?.tickets.map((row) => row.page)).toEqual([1, 2, 4]);
    // Every ticket held, by slug and by reference, as the index finds it; and its check-ins.
    for (const ticket of ticketPages.flatMap((p) => p.items)) {
      for (const query of [
        { kind: 'slug', slug: ticket.slug } as const,
        { kind: 'reference', reference: ticket.reference.toLowerCase() } as const,
      ]) {
        const facts = await readByCode(db, LIST, codes!, query);
        expect(facts.tickets.map((t) => t.id)).toEqual([ticket.id]);
        expect(facts.checkins.map((c) => c.key).sort()).toEqual(
          index
            .checkinsOf(ticket.id)
            .map((c) => c.key)
            .sort(),
        );
      }
    }
    const sold = await readByCode(db, LIST, codes!, { kind: 'slug', slug: remoteTicket(999).slug });
    expect(sold.checkins.map((c) => c.status)).toEqual(['pending']);
    expect((await db.outbox.toArray()).map((r) => r.state)).toEqual(['queued', 'sending', 'queued']);
    db.close();
  });
});
