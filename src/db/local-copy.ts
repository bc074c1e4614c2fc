// Reads and writes of a list's local copy (its first download's pages: stored-pages.ts).
// Guarantees: tickets and answers changed since the first download are stored only sealed and
// read opened (seal/sealed-rows.ts); upserts keep what only this device knows (its device name,
// its client id, a list's membership of the fleet); forgetting a list deletes all of its rows in
// one transaction.
import type { RemoteAnswer, RemoteCheckin, RemoteTicket } from '../api/schemas';
import { serviceCheckinRow } from './checkin-row';
import { type CheckinDatabase, listRange, pageRange } from './database';
import { openAnswer, openTicket, sealAnswer, sealTicket } from './seal/sealed-rows';
import type {
  AnswerRow,
  CheckinRow,
  ListRow,
  QuestionRow,
  SyncResource,
  SyncStateRow,
  TicketRow,
} from './rows';

export function emptySyncState(listSlug: string, resource: SyncResource): SyncStateRow {
  return {
    listSlug,
    resource,
    cursor: null,
    firstDownload: null,
    lastSuccessAt: null,
    lastError: null,
    failures: 0,
    nextAttemptAt: 0,
  };
}

export async function readSyncState(
  db: CheckinDatabase,
  listSlug: string,
  resource: SyncResource,
): Promise<SyncStateRow> {
  return (await db.syncState.get([listSlug, resource])) ?? emptySyncState(listSlug, resource);
}

export async function allSyncStates(db: CheckinDatabase, listSlug: string): Promise<SyncStateRow[]> {
  return db.syncState
    .where('[listSlug+resource]')
    .between(...listRange(listSlug))
    .toArray();
}

export async function patchSyncState(
  db: CheckinDatabase,
  listSlug: string,
  resource: SyncResource,
  patch: Partial<SyncStateRow>,
): Promise<SyncStateRow> {
  return db.transaction('rw', db.syncState, async () => {
    const next = { ...(await readSyncState(db, listSlug, resource)), ...patch };
    await db.syncState.put(next);
    return next;
  });
}

/** `joined`: only over a stored row. Answers whether the row was stored. */
const putList = (db: CheckinDatabase, row: ListRow, { joined }: { joined: boolean }) =>
  db.transaction('rw', db.lists, async () => {
    const before = await db.lists.get(row.slug);
    if (joined && !before) return false;
    const door = row.door ?? before?.door;
    await db.lists.put(door ? { ...row, door } : row);
    return true;
  });

/**
 * Stores a list's row. What the service never sends (the list's membership of the fleet) is kept
 * from the stored row when the new one lacks it, read in the same transaction: a pull's rewrite
 * of the list can never undo a revocation learnt meanwhile.
 */
export const saveList = (db: CheckinDatabase, row: ListRow) => putList(db, row, { joined: false });
/**
 * Stores a pull's new row of a list still joined, as `saveList` does; answers false, and stores
 * nothing, for a list forgotten meanwhile (here or in another tab): a pull never brings a
 * forgotten list back.
 */
export const refreshList = (db: CheckinDatabase, row: ListRow) => putList(db, row, { joined: true });

export const readList = (db: CheckinDatabase, slug: string) => db.lists.get(slug);
export const allLists = (db: CheckinDatabase) => db.lists.toArray();

/** Stores tickets changed since the first download, each sealed (seal/sealed-rows.ts). */
export async function upsertTickets(db: CheckinDatabase, listSlug: string, tickets: RemoteTicket[]) {
  const box = await db.seal.box();
  await db.tickets.bulkPut(await Promise.all(tickets.map((t) => sealTicket(box, listSlug, t))));
}

/** Stores answers changed since the first download, each sealed. */
export async function upsertAnswers(db: CheckinDatabase, listSlug: string, answers: RemoteAnswer[]) {
  const box = await db.seal.box();
  await db.answers.bulkPut(await Promise.all(answers.map((a) => sealAnswer(box, listSlug, a))));
}

export async function replaceQuestions(db: CheckinDatabase, listSlug: string, rows: QuestionRow[]) {
  await db.transaction('rw', db.questions, async () => {
    await db.questions
      .where('[listSlug+id]')
      .between(...listRange(listSlug))
      .delete();
    await db.questions.bulkPut(rows);
  });
}

/** Whether two stored check-in rows hold the same (every field, flat). */
function sameRow(a: CheckinRow, b: CheckinRow): boolean {
  const fields = Object.keys(a) as (keyof CheckinRow)[];
  return fields.length === Object.keys(b).length && fields.every((f) => a[f] === b[f]);
}

/**
 * Upserts check-ins from the service, keeping this device's own marks on ones it made. A row
 * already stored as it would be written is left alone: every pull asks again for the last
 * seconds before its cursor (the margin), so much of a page is check-ins held unchanged, and
 * rewriting them (index entries and all) was most of what a page cost.
 */
export async function upsertCheckins(
  db: CheckinDatabase,
  listSlug: string,
  checkins: RemoteCheckin[],
): Promise<CheckinRow[]> {
  return db.transaction('rw', db.checkins, async () => {
    const existing = await db.checkins.bulkGet(checkins.map((c) => [listSlug, c.uuid] as [string, string]));
    // This device's own check-ins keep their local key: find them by uuid.
    const missing = checkins.filter((_, i) => !existing[i]).map((c) => [listSlug, c.uuid]);
    const own = new Map(
      missing.length === 0
        ? []
        : (await db.checkins.where('[listSlug+uuid]').anyOf(missing).toArray()).map((r) => [r.uuid, r]),
    );
    const changed: CheckinRow[] = [];
    const rows = checkins.map((c, i) => {
      const before = existing[i] ?? own.get(c.uuid);
      // An older answer (a page of the overlap) must not undo a newer local state; nor does an
      // active record undo an ending: the service never makes a deleted check-in stand again (a
      // guest back in is a new one), and an exit or undo recorded here is stamped by this
      // device's clock over a record stamped by the service's, which may run minutes ahead.
      if (before && (before.updatedAt > c.updatedAt || (before.deletedAt !== null && c.deletedAt === null)))
        return before;
      const row = serviceCheckinRow(listSlug, c, before);
      if (!before || !sameRow(before, row)) changed.push(row);
      return row;
    });
    if (changed.length) await db.checkins.bulkPut(changed);
    return rows;
  });
}

/** The local row of a check-in the service knows by `uuid`. */
export const checkinByUuid = (db: CheckinDatabase, listSlug: string, uuid: string) =>
  db.checkins.where('[listSlug+uuid]').equals([listSlug, uuid]).first();

/** One stored check-in by its key (one of the first download lives only in its page). */
export const readCheckin = (db: CheckinDatabase, listSlug: string, key: string) =>
  db.checkins.get([listSlug, key]);

export const readCheckinRows = (db: CheckinDatabase, listSlug: string) =>
  db.checkins
    .where('[listSlug+key]')
    .between(...listRange(listSlug))
    .toArray();
/** The tickets changed since the first download, opened (with their list's slug, as stored). */
export async function readTicketRows(db: CheckinDatabase, listSlug: string): Promise<TicketRow[]> {
  const box = await db.seal.box();
  const rows = await db.tickets
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();
  return Promise.all(rows.map(async (row) => ({ ...(await openTicket(box, row)), listSlug })));
}
/** The answers changed since the first download, opened. */
export async function readAnswerRows(db: CheckinDatabase, listSlug: string): Promise<AnswerRow[]> {
  const box = await db.seal.box();
  const rows = await db.answers
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();
  return Promise.all(rows.map(async (row) => ({ ...(await openAnswer(box, row)), listSlug })));
}
export const readQuestionRows = (db: CheckinDatabase, listSlug: string) =>
  db.questions
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();

/** Deletes every row of one list, in one transaction: a list is either all there or gone. */
export async function wipeList(db: CheckinDatabase, listSlug: string): Promise<void> {
  await db.transaction('rw', db.tables, () => wipeListRows(db, listSlug));
}

/** A list's first-download pages, with their codes and slices, within the caller's transaction. */
async function deleteListPages(db: CheckinDatabase, listSlug: string): Promise<void> {
  for (const resource of ['tickets', 'checkins', 'answers'] as const) {
    for (const table of [db.pages, db.pageCodes])
      await table
        .where('[listSlug+resource+page]')
        .between(...pageRange(listSlug, resource))
        .delete();
    await db.pageSlices
      .where('[listSlug+resource+page+slice]')
      .between(...pageRange(listSlug, resource))
      .delete();
  }
}

/**
 * What a pull stored of a list forgotten while it ran (here or in another tab), deleted in one
 * transaction that first looks for the list's row: a list joined again meanwhile keeps it all.
 * Answers whether the list was gone. Its check-ins and outbox stay as they are: they name no
 * attendee, and an unsent row goes only with a forget the person confirmed.
 */
export async function dropForgottenPull(db: CheckinDatabase, listSlug: string): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    if (await db.lists.get(listSlug)) return false;
    await deleteListPages(db, listSlug);
    for (const table of [db.tickets, db.answers, db.questions, db.syncState])
      await table
        .where(table.schema.primKey.name)
        .between(...listRange(listSlug))
        .delete();
    return true;
  });
}

/** Every row of one list, deleted within the caller's transaction over all tables. */
export async function wipeListRows(db: CheckinDatabase, listSlug: string): Promise<void> {
  await deleteListPages(db, listSlug);
  for (const table of [
    db.tickets,
    db.checkins,
    db.answers,
    db.questions,
    db.syncState,
    db.conflicts,
    db.corrections,
    db.audit,
  ])
    await table
      .where(table.schema.primKey.name)
      .between(...listRange(listSlug))
      .delete();
  await db.outbox.where('listSlug').equals(listSlug).delete();
  await db.tallies.delete(listSlug);
  await db.lists.delete(listSlug);
}

/**
 * The whole device's copy gone: every table emptied in one transaction first, so nothing is
 * left even while another tab keeps the database open, then the database itself deleted (auto
 * open disabled, so nothing recreates it). Answers whether the deletion finished before
 * `giveUp` settled: another connection can hold it back indefinitely.
 */
export async function eraseDatabase(db: CheckinDatabase, giveUp: Promise<void>): Promise<boolean> {
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) await table.clear();
  });
  return Promise.race([db.delete({ disableAutoOpen: true }).then(() => true), giveUp.then(() => false)]);
}
