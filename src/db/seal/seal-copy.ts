// Sealing in place what the copy holds plain: a copy kept before sealing (a database upgraded
// from schema version 5: every personal row plain), and audit rows written while the door was
// locked. Guarantees:
// - Nothing is downloaded again and nothing leaves: each plain row is replaced by its sealed
//   form under the same key (a correction's key holds its code, so its row moves to the key of
//   the code's digest, in the same transaction).
// - Bounded transactions: rows are read a batch at a time, sealed outside any transaction, then
//   written in one short transaction that checks each row is still there and still plain (a list
//   forgotten meanwhile stays forgotten).
// - Resumable: a row is either plain or sealed, told apart by its `sealed` field, and a table
//   stays in `plainTables` until every row of it is sealed; a pass killed midway leaves both as
//   they were at its last commit, and the next pass (after the next unlock) finishes the job.
import type { CheckinDatabase, SealedTable } from '../database';
import { SEALED_TABLES } from '../database';
import type { AuditRow, CorrectionRow, PageRow, TicketRow, AnswerRow } from '../rows';
import type { PageCodesRow } from '../page-codes';
import type { SealBox } from './seal-box';
import {
  isSealed,
  sealAnswer,
  sealAudit,
  sealCodes,
  sealCorrection,
  sealPage,
  sealsPages,
  sealTicket,
} from './sealed-rows';

type Key = unknown;

export interface SealCopyOptions {
  /** Rows sealed per transaction; a page counts as a hundred rows. */
  rowsPerBatch?: number;
  /** Told once a batch is committed (a test stops the pass here, as a killed app would). */
  afterBatch?: (table: SealedTable, sealed: number) => void | Promise<void>;
}

/** A plain row's sealed form, or null when the row needs no sealing. */
type Sealer = (box: SealBox, row: object) => Promise<object | null>;

const sealer =
  <R extends object>(
    seal: (box: SealBox, row: R) => Promise<object>,
    needs: (row: R) => boolean = () => true,
  ): Sealer =>
  async (box, row) =>
    isSealed(row) || !needs(row as R) ? null : seal(box, row as R);

const SEALERS: Record<SealedTable, Sealer> = {
  pages: sealer<PageRow>(sealPage, (row) => sealsPages(row.resource)),
  // Slices are written sealed only (stored-pages.ts): none was ever kept plain.
  pageSlices: async () => null,
  pageCodes: sealer<PageCodesRow>(sealCodes, (row) => row.resource === 'tickets'),
  tickets: sealer<TicketRow>((box, { listSlug, ...ticket }) => sealTicket(box, listSlug, ticket)),
  answers: sealer<AnswerRow>((box, { listSlug, ...answer }) => sealAnswer(box, listSlug, answer)),
  audit: sealer<AuditRow>(sealAudit),
  corrections: sealer<CorrectionRow>(sealCorrection),
};

/** A page stands for about a hundred rows of work. */
const weightOf = (table: SealedTable) => (table === 'pages' ? 100 : 1);

async function sealTable(
  db: CheckinDatabase,
  box: SealBox,
  name: SealedTable,
  options: SealCopyOptions,
): Promise<number> {
  const table = db.table<object, Key>(name);
  const primary = table.schema.primKey.name;
  const batch = Math.max(1, Math.floor((options.rowsPerBatch ?? 500) / weightOf(name)));
  let after: Key | null = null;
  let count = 0;
  for (;;) {
    const found: { key: Key; row: object }[] = [];
    const collection = after === null ? table.toCollection() : table.where(primary).above(after);
    await collection.limit(batch).each((row, cursor) => {
      found.push({ key: cursor.primaryKey, row });
    });
    if (found.length === 0) return count;
    after = found.at(-1)!.key;
    const sealed = (
      await Promise.all(found.map(async ({ key, row }) => ({ key, row: await SEALERS[name](box, row) })))
    ).filter((s): s is { key: Key; row: object } => s.row !== null);
    if (sealed.length === 0) continue;
    await db.transaction('rw', table, async () => {
      const now = await table.bulkGet(sealed.map((s) => s.key));
      for (const [i, { key, row }] of sealed.entries()) {
        const current = now[i];
        // Forgotten meanwhile, or sealed by another pass: left as it is.
        if (!current || isSealed(current)) continue;
        // A correction's key holds its code: the sealed row has the digest's key instead.
        if (name === 'corrections') await table.delete(key);
        await table.put(row);
      }
    });
    count += sealed.length;
    await options.afterBatch?.(name, count);
  }
}

/**
 * Seals every plain row the copy holds, table by table, once the door is open; answers how
 * many rows it sealed. Cheap when nothing is plain: one read of `plainTables`.
 */
export async function sealPlainCopy(db: CheckinDatabase, options: SealCopyOptions = {}): Promise<number> {
  const box = await db.seal.box();
  const left = new Set((await db.plainTables.toArray()).map((row) => row.table));
  let count = 0;
  for (const table of SEALED_TABLES) {
    if (!left.has(table)) continue;
    count += await sealTable(db, box, table, options);
    await db.plainTables.delete(table);
  }
  return count;
}
