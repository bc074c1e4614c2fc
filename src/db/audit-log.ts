// The audit log: one row per action that changed something at the door (an admission, an
// "admit anyway" with its reason, an undo, a list forgotten, a sync problem dismissed), with
// the time, device, role, ticket and reason. Guarantees: writing a row never throws and never
// holds up the check-in it describes (a full disk loses the audit row, not the admission: the
// caller is told and says so); a list's rows go with the list (wipeList), the device's with
// the device wipe. Rows name a ticket by id and reference only; names are looked up to show.
// The reference and the reason are kept sealed (seal/sealed-rows.ts). A row written while the
// door is locked (a list forgotten, a refused check-in dismissed: nothing of the copy is open)
// keeps no reference, its reason plain, and its table is noted as holding plain rows: the next
// unlock seals it (seal/seal-copy.ts). So a locked door still records what it does.
import type { CheckinDatabase } from './database';
import type { AuditRow, SealedAuditRow } from './rows';
import { openAudit, sealAudit } from './seal/sealed-rows';
import { addStraight } from './straight-writes';

// The row types live with the other rows, where the schema names them; the actions stay
// importable from here, beside recordAudit, which takes them.
export type { AuditAction } from './rows';

export type AuditEntry = Omit<AuditRow, 'id' | 'ticketReference' | 'reason'> & {
  ticketReference?: string | null;
  reason?: string | null;
};

/** An audit row without what is kept sealed: readable while the door is locked. */
export type AuditFacts = Omit<AuditRow, 'ticketReference' | 'reason'>;

let serial = 0;
const newId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${(serial++).toString(36).padStart(8, '0')}-${random}`;
};

/**
 * Adds one row; resolves false (never rejects) when storage refused it. Call it after the
 * change it describes is stored, and do not make a verdict wait for it.
 */
export async function recordAudit(db: CheckinDatabase, entry: AuditEntry): Promise<boolean> {
  try {
    const row: AuditRow = { ticketReference: null, reason: null, ...entry, id: newId() };
    const box = db.seal.current();
    if (box) {
      // Straight on IndexedDB (straight-writes.ts): one follows every admission.
      const sealed = await sealAudit(box, row);
      await addStraight(db, [['audit', sealed]]);
      return true;
    }
    await db.transaction('rw', db.audit, db.plainTables, async () => {
      await db.audit.add({ ...row, ticketReference: null });
      await db.plainTables.put({ table: 'audit' });
    });
    return true;
  } catch {
    return false;
  }
}

const rowsOf = (db: CheckinDatabase, slug: string, limit?: number) => {
  const rows = db.audit
    .where('[listSlug+at+id]')
    .between([slug, -Infinity, ''], [slug, Infinity, '\uffff'])
    .reverse();
  return (limit === undefined ? rows : rows.limit(limit)).toArray();
};

/** A list's rows and the device's own, newest first; all of them without a limit. */
async function readStored(db: CheckinDatabase, listSlug: string, limit?: number) {
  const [list, device] = await Promise.all([
    rowsOf(db, listSlug, limit),
    listSlug === '' ? [] : rowsOf(db, '', limit),
  ]);
  const all = [...list, ...device].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  return limit === undefined ? all : all.slice(0, limit);
}

/** A list's rows and the device's own, newest first, opened; all of them without a limit. */
export async function readAudit(db: CheckinDatabase, listSlug: string, limit?: number): Promise<AuditRow[]> {
  const box = await db.seal.box();
  const rows = await readStored(db, listSlug, limit);
  return Promise.all(rows.map((row) => openAudit(box, row)));
}

/** The same rows without their sealed fields: nothing is opened, so no passcode is needed. */
export async function readAuditFacts(db: CheckinDatabase, listSlug: string): Promise<AuditFacts[]> {
  return (await readStored(db, listSlug)).map((row) => {
    const {
      ticketReference: _r,
      reason: _w,
      sealed: _s,
      ...facts
    } = row as AuditRow & Partial<SealedAuditRow>;
    return facts;
  });
}
