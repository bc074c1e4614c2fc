// A door updated in the field to the sealed copy: its database, written by the schema of
// version 5 with every personal row plain, opens with today's code listing its lists but opening
// none, since no passcode is chosen yet; once one is, every plain row is sealed in place (nothing
// downloaded again, nothing unsent lost) and the list opens as ever, offline. A pass killed
// midway leaves each row plain or sealed, and the next unlock finishes it.
import { describe, expect, it } from 'vitest';
import type { RemoteAnswer } from '../../../src/api/schemas';
import { readAudit } from '../../../src/db/audit-log';
import { readCorrections } from '../../../src/db/copy-notes';
import { CheckinDatabase, SEALED_TABLES } from '../../../src/db/database';
import { emptySyncState } from '../../../src/db/local-copy';
import { readOutbox } from '../../../src/db/outbox';
import { pageCodes } from '../../../src/db/page-codes';
import type { CheckinRow, OutboxRow } from '../../../src/db/rows';
import { choosePasscode } from '../../../src/db/seal/door-keyring';
import { sealPlainCopy } from '../../../src/db/seal/seal-copy';
import { isSealed } from '../../../src/db/seal/sealed-rows';
import { createSyncEngine } from '../../../src/sync/engine/sync-engine';
import { fillListIndex } from '../../../src/sync/open-list/open-list';
import { BASE, clientOver, manualClock } from '../../sync/support';
import { listRow, remoteCheckin, remoteTicket, T0 } from '../copy-rows';
import { found, serialized, storedText } from './stored-bytes';
import { OldSchema } from '../old-schemas';

const LIST = 'chk_psealupgrade000000000000';
const PAGE = 20;
const PAGES = 4;
const PASSCODE = 'east door 7 passcode';

const answer = (id: number, ticketId: number, response: string): RemoteAnswer => ({
  id,
  ticketId,
  questionId: 1,
  response,
  updatedAt: T0 + id,
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

const queued = (n: number, ticketId: number): OutboxRow => ({
  id: `out-${n}`,
  listSlug: LIST,
  kind: 'checkin',
  ticketId,
  checkinKey: `local:client-${n}`,
  uuid: null,
  scannedAt: T0 + 9_000_000 + n,
  deviceName: 'Door 1',
  state: 'queued',
  attemptFloor: null,
  attempts: 0,
  parkedReason: null,
});

const RENAMED = 'Marmadukette';
const ANSWER = 'Arrives by the river ferry';
const CHANGED_ANSWER = 'Leaves before the encore';
const REASON = 'Guest3 Example came back from the car park';
const LATE_CODE = 'ti_pSOLDLATER000000000000';

/** What the plain copy names, for the byte search. */
const needles = () => [
  ...Array.from({ length: PAGES * PAGE }, (_, i) => {
    const t = remoteTicket(i + 1);
    return [t.firstName!, t.email!, t.buyerName!, t.buyerEmail!, t.reference, t.slug];
  }).flat(),
  'Café Noir',
  RENAMED,
  ANSWER,
  CHANGED_ANSWER,
  REASON,
  LATE_CODE,
];

/** A door's copy as version 5 kept it: a complete list, changes since, unsent check-ins, notes. */
async function writtenByVersionFive(name: string) {
  const old = new OldSchema(name, 5);
  const tickets = Array.from({ length: PAGES }, (_, p) =>
    Array.from({ length: PAGE }, (_, i) => remoteTicket(p * PAGE + i + 1)),
  );
  const checkins = [remoteCheckin(1, 3), remoteCheckin(2, 30)];
  const answers = tickets.flat().map((t) => answer(t.id, t.id, `${ANSWER} ${t.id}`));
  await old.table('lists').put(
    listRow(LIST, {
      ticketsCount: PAGES * PAGE,
      pages: { tickets: PAGES, checkins: 1, answers: 1 },
      questionsCount: 1,
    }),
  );
  const pages = [
    ...tickets.map((items, p) => ({ listSlug: LIST, resource: 'tickets', page: p + 1, items })),
    { listSlug: LIST, resource: 'checkins', page: 1, items: checkins },
    { listSlug: LIST, resource: 'answers', page: 1, items: answers },
  ];
  await old.table('pages').bulkPut(pages);
  await old
    .table('pageCodes')
    .bulkPut(
      pages.map(({ items, ...key }) => ({ ...key, codes: pageCodes(key.resource as 'tickets', items) })),
    );
  await old.table('syncState').bulkPut(
    ['tickets', 'checkins', 'answers'].map((r) => ({
      ...emptySyncState(LIST, r as 'tickets'),
      cursor: T0 + 100_000,
    })),
  );
  await old.table('questions').put({ listSlug: LIST, id: 1, title: 'How do you arrive?', description: null });
  // Pulled since: a ticket renamed, one sold; an answer changed.
  await old.table('tickets').bulkPut([
    { ...remoteTicket(2, { firstName: RENAMED, updatedAt: T0 + 200_000 }), listSlug: LIST },
    { ...remoteTicket(999, { updatedAt: T0 + 200_000 }), listSlug: LIST },
  ]);
  await old
    .table('answers')
    .put({ ...answer(5, 5, CHANGED_ANSWER), updatedAt: T0 + 200_000, listSlug: LIST });
  // Two admitted here, unsent.
  await old.table('checkins').bulkPut([pending(1, 7), pending(2, 999)]);
  await old.table('outbox').bulkAdd([queued(1, 7), queued(2, 999)]);
  const base = { listSlug: LIST, device: 'Door 1', role: 'open', action: 'admit' };
  await old.table('audit').bulkPut([
    { ...base, at: T0 + 1, id: 'a1', ticketId: 7, ticketReference: remoteTicket(7).reference, reason: null },
    {
      ...base,
      at: T0 + 2,
      id: 'a2',
      action: 'admit-anyway',
      ticketId: 3,
      ticketReference: remoteTicket(3).reference,
      reason: REASON,
    },
  ]);
  await old
    .table('corrections')
    .put({ listSlug: LIST, at: T0 + 3, ticketId: 999, code: LATE_CODE, was: 'missing', now: 'complete' });
  old.close();
}

/** A door's engine over the database, offline (every request fails); its list's load tells when it begins. */
function door(db: CheckinDatabase) {
  let requests = 0;
  let loadBegan: () => void = () => {};
  const loading = new Promise<void>((resolve) => {
    loadBegan = resolve;
  });
  const engine = createSyncEngine({
    db,
    clientFor: clientOver(async () => {
      requests++;
      throw new TypeError('offline');
    }),
    defaultBaseUrl: BASE,
    deviceName: () => 'Door 1',
    clock: manualClock(T0 + 10_000_000),
    random: () => 0.5,
    online: false,
    fillIndex: (...args) => {
      loadBegan();
      return fillListIndex(...args);
    },
  });
  return { engine, loading, requests: () => requests };
}

/** The copy sealed whole, as the door reads it: every name found by search, nothing unsent lost. */
async function expectSealedAndWhole(db: CheckinDatabase, engine: ReturnType<typeof door>['engine']) {
  expect(await db.plainTables.count()).toBe(0);
  const keptPlain = (table: string, row: { resource?: string }) =>
    (table === 'pages' && row.resource === 'checkins') ||
    (table === 'pageCodes' && row.resource !== 'tickets');
  for (const table of SEALED_TABLES)
    for (const row of await db.table(table).toArray())
      if (!keptPlain(table, row)) expect(isSealed(row), table).toBe(true);
  expect(found(await storedText(db), needles())).toEqual([]);
  // Everything is still there, opened: the list whole in memory, the notes as they were.
  expect(engine.status()).toMatchObject({ list: { slug: LIST }, counted: true });
  expect(engine.status().counts?.tickets).toBe(PAGES * PAGE + 1);
  expect((await engine.search(RENAMED)).map((r) => r.ticket.id)).toEqual([2]);
  expect((await engine.search('guest44')).map((r) => r.ticket.id)).toEqual([44]);
  expect((await readAudit(db, LIST)).map((r) => [r.ticketReference, r.reason])).toEqual([
    [remoteTicket(3).reference, REASON],
    [remoteTicket(7).reference, null],
  ]);
  expect(await readCorrections(db, LIST)).toMatchObject([{ code: LATE_CODE, was: 'missing' }]);
  expect((await readOutbox(db, LIST)).map((r) => r.id)).toEqual(['out-1', 'out-2']);
  // Judged by its sealed copy: one admitted here before, one not yet.
  expect(await engine.scan(remoteTicket(7).slug)).toMatchObject({
    ok: true,
    value: { verdict: { kind: 'already-checked-in' } },
  });
  expect(await engine.scan(remoteTicket(8).reference)).toMatchObject({
    ok: true,
    value: { verdict: { kind: 'admitted' } },
  });
}

describe('a copy kept before sealing', () => {
  it('is listed, not opened, until a passcode is chosen; then sealed in place and opened as ever', async () => {
    const name = `seal-upgrade-${Math.random()}`;
    await writtenByVersionFive(name);
    // The control: the byte search finds the plain copy's names where version 5 kept them.
    const before = new OldSchema(name, 5);
    const plain = new Map(
      await Promise.all(before.tables.map(async (t) => [t.name, serialized(await t.toArray())] as const)),
    );
    before.close();
    const hits = found(plain, needles());
    for (const needle of needles())
      expect(
        hits.some((hit) => hit.endsWith(`: ${needle}`)),
        needle,
      ).toBe(true);

    const db = new CheckinDatabase(name);
    const { engine, loading, requests } = door(db);
    await engine.start();
    expect(engine.status()).toMatchObject({ seal: 'none', list: null });
    expect(engine.status().lists.map((l) => l.slug)).toEqual([LIST]);
    expect(await engine.join(LIST)).toMatchObject({ ok: false, reason: 'passcode-needed' });
    expect(await engine.open(LIST)).toMatchObject({ ok: false, reason: 'passcode-needed' });

    expect(await engine.choosePasscode(PASSCODE)).toEqual({ ok: true, value: undefined });
    expect(engine.status().seal).toBe('open');
    await loading;
    await engine.loaded();
    await expectSealedAndWhole(db, engine);
    // Nothing was downloaded again: offline, nothing could be.
    expect(requests()).toBe(0);
    await engine.stop();
  });

  it('killed midway through its sealing, is left part plain, part sealed; the next unlock finishes it', async () => {
    const name = `seal-upgrade-${Math.random()}`;
    await writtenByVersionFive(name);
    const first = new CheckinDatabase(name);
    expect(await choosePasscode(first, PASSCODE, T0, 1000)).toEqual({ ok: true, value: undefined });
    // One page a transaction; the app is killed once two pages are sealed.
    await expect(
      sealPlainCopy(first, {
        rowsPerBatch: 100,
        afterBatch: (table, sealed) => {
          if (table === 'pages' && sealed === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    // Pages go in key order: the answers' page, the check-ins' (plain by design), then tickets.
    expect((await first.pages.toArray()).map((p) => [p.resource, p.page, isSealed(p)])).toEqual([
      ['answers', 1, true],
      ['checkins', 1, false],
      ['tickets', 1, true],
      ['tickets', 2, false],
      ['tickets', 3, false],
      ['tickets', 4, false],
    ]);
    // Nothing else was touched yet, and every table still waits for its turn.
    expect((await first.tickets.toArray()).some(isSealed)).toBe(false);
    expect(await first.plainTables.count()).toBe(SEALED_TABLES.length);
    first.close();

    // Started again: locked until the passcode is typed, then sealed whole and opened.
    const db = new CheckinDatabase(name);
    const { engine, loading, requests } = door(db);
    await engine.start();
    expect(engine.status()).toMatchObject({ seal: 'locked', list: null });
    expect(await engine.unlock(PASSCODE)).toEqual({ ok: true, value: undefined });
    await loading;
    await engine.loaded();
    await expectSealedAndWhole(db, engine);
    expect(requests()).toBe(0);
    await engine.stop();
  });
});
