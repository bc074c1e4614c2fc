// Reads and writes of a list's local copy. Guarantees: a downloaded page and the progress
// that records it are written in one transaction (a resumed download never skips or loses a
// page); upserts keep what only this device knows (its device name, its client id, a list's
// membership of the fleet); forgetting a list deletes all of its rows in one transaction.
import type { RemoteAnswer, RemoteCheckin, RemoteTicket } from '../api/schemas';
import { serviceCheckinRow } from './checkin-row';
import { type CheckinDatabase, listRange, pageRange } from './database';
import { pageCodes } from './page-codes';
import type {
  AnswerRow,
  CheckinRow,
  ListRow,
  PageRow,
  QuestionRow,
  Resource,
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

/**
 * Stores a list's row. What the service never sends (the list's membership of the fleet) is kept
 * from the stored row when the new one lacks it, read in the same transaction: a pull's rewrite
 * of the list can never undo a revocation learnt meanwhile.
 */
export const saveList = (db: CheckinDatabase, row: ListRow) =>
  db.transaction('rw', db.lists, async () => {
    const door = row.door ?? (await db.lists.get(row.slug))?.door;
    await db.lists.put(door ? { ...row, door } : row);
  });
export const readList = (db: CheckinDatabase, slug: string) => db.lists.get(slug);
export const allLists = (db: CheckinDatabase) => db.lists.toArray();

/** Stores one first-download page, its codes (page-codes.ts) and its progress, together. */
export async function storeFirstPage(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: PageRow['items'],
  totalPages: number,
): Promise<void> {
  // Hashed before the transaction: it must not hold IndexedDB's turn while it computes.
  const codes = pageCodes(resource, items);
  await db.transaction('rw', db.pages, db.pageCodes, db.syncState, async () => {
    const state = await readSyncState(db, listSlug, resource);
    const done = new Set(state.firstDownload?.done ?? []);
    done.add(page);
    await db.pages.put({ listSlug, resource, page, items });
    await db.pageCodes.put({ listSlug, resource, page, codes });
    await db.syncState.put({
      ...state,
      firstDownload: { serverStart: null, ...state.firstDownload, totalPages, done: [...done] },
    });
  });
}

/**
 * Pages read per IndexedDB request: one range read (getAll) each, a slice a scan can come
 * between. (One a read measured no better for scans during the load, and made the load longer.)
 */
const PAGES_PER_READ = 2;

/**
 * Calls `onPage` for each stored page of a resource, in page order. Pages are read a few at a
 * time, each batch in one range read, and `onPage` may take its turn (it is awaited);
 * `beforeRead` is awaited before each read is asked for (a scan in flight holds it there).
 */
export async function readPages<T>(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  onPage: (items: T[], page: number) => void | Promise<void>,
  beforeRead: () => Promise<void> = async () => {},
): Promise<void> {
  const keys = await db.pages
    .where('[listSlug+resource+page]')
    .between(...pageRange(listSlug, resource))
    .primaryKeys();
  for (let at = 0; at < keys.length; at += PAGES_PER_READ) {
    const batch = keys.slice(at, at + PAGES_PER_READ);
    await beforeRead();
    const rows = await db.pages
      .where('[listSlug+resource+page]')
      .between(batch[0]!, batch.at(-1)!, true, true)
      .toArray();
    for (const row of rows) await onPage(row.items as T[], row.page);
  }
}

/** The pages of a resource whose codes are not stored (pages kept before schema version 4). */
export async function pagesWithoutCodes(db: CheckinDatabase, listSlug: string, resource: Resource) {
  const [pages, coded] = await Promise.all([
    db.pages
      .where('[listSlug+resource+page]')
      .between(...pageRange(listSlug, resource))
      .primaryKeys(),
    db.pageCodes
      .where('[listSlug+resource+page]')
      .between(...pageRange(listSlug, resource))
      .primaryKeys(),
  ]);
  const have = new Set(coded.map((key) => key[2]));
  return new Set(pages.map((key) => key[2]).filter((page) => !have.has(page)));
}

/** Stores the codes of a page already stored (one kept before schema version 4). */
export async function storePageCodes(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: readonly unknown[],
) {
  await db.pageCodes.put({ listSlug, resource, page, codes: pageCodes(resource, items) });
}

export async function upsertTickets(db: CheckinDatabase, listSlug: string, tickets: RemoteTicket[]) {
  const rows: TicketRow[] = tickets.map((t) => ({ ...t, listSlug }));
  await db.tickets.bulkPut(rows);
  return rows;
}

export async function upsertAnswers(db: CheckinDatabase, listSlug: string, answers: RemoteAnswer[]) {
  const rows: AnswerRow[] = answers.map((a) => ({ ...a, listSlug }));
  await db.answers.bulkPut(rows);
  return rows;
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
      // An older answer (a page of the overlap) must not undo a newer local state.
      if (before && before.updatedAt > c.updatedAt) return before;
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
export const readTicketRows = (db: CheckinDatabase, listSlug: string) =>
  db.tickets
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();
export const readAnswerRows = (db: CheckinDatabase, listSlug: string) =>
  db.answers
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();
export const readQuestionRows = (db: CheckinDatabase, listSlug: string) =>
  db.questions
    .where('[listSlug+id]')
    .between(...listRange(listSlug))
    .toArray();

/** Deletes every row of one list, in one transaction: a list is either all there or gone. */
export async function wipeList(db: CheckinDatabase, listSlug: string): Promise<void> {
  await db.transaction('rw', db.tables, () => wipeListRows(db, listSlug));
}

/** Every row of one list, deleted within the caller's transaction over all tables. */
export async function wipeListRows(db: CheckinDatabase, listSlug: string): Promise<void> {
  for (const resource of ['tickets', 'checkins', 'answers'] as const)
    for (const table of [db.pages, db.pageCodes])
      await table
        .where('[listSlug+resource+page]')
        .between(...pageRange(listSlug, resource))
        .delete();
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
