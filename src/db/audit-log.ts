// The audit log: one row per action that changed something at the door (an admission, an
// "admit anyway" with its reason, an undo, a list forgotten, a sync problem dismissed), with
// the time, device, role, ticket and reason. Guarantees: writing a row never throws and never
// holds up the check-in it describes (a full disk loses the audit row, not the admission: the
// caller is told and says so); a list's rows go with the list (wipeList), the device's with
// the device wipe. Rows name a ticket by id and reference only; names are looked up to show.
import type { CheckinDatabase } from './database';
import type { AuditRow } from './rows';

// The row types live with the other rows, where the schema names them; the actions stay
// importable from here, beside recordAudit, which takes them.
export type { AuditAction } from './rows';

export type AuditEntry = Omit<AuditRow, 'id' | 'ticketReference' | 'reason'> & {
  ticketReference?: string | null;
  reason?: string | null;
};

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
    await db.audit.add({ ticketReference: null, reason: null, ...entry, id: newId() });
    return true;
  } catch {
    return false;
  }
}

/** A list's rows and the device's own, newest first; all of them without a limit. */
export async function readAudit(db: CheckinDatabase, listSlug: string, limit?: number): Promise<AuditRow[]> {
  const range = (slug: string) => {
    const rows = db.audit
      .where('[listSlug+at+id]')
      .between([slug, -Infinity, ''], [slug, Infinity, '\uffff'])
      .reverse();
    return (limit === undefined ? rows : rows.limit(limit)).toArray();
  };
  const [list, device] = await Promise.all([range(listSlug), listSlug === '' ? [] : range('')]);
  const all = [...list, ...device].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  return limit === undefined ? all : all.slice(0, limit);
}
