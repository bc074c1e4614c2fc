// The audit log and the unsent check-ins as one CSV: every row says which it is, so an
// organiser can read what happened at this door and enter what never reached the service.
import type { RemoteTicket } from '../../api/schemas';
import type { AuditRow, OutboxRow } from '../../db/rows';
import { headedByName, toCsv } from '../../domain/csv';
import { unsentAction } from '../lists/forget-list';

export const AUDIT_CSV_COLUMNS = [
  'record',
  'time',
  'device',
  'role',
  'action',
  'ticket_id',
  'ticket_reference',
  'first_name',
  'last_name',
  'reason',
  'state',
] as const;

/**
 * The words a person reads in the file: its column headers and the two kinds of row, in the
 * language of the screen that asked for it (the UI's catalogues); without them, the column
 * names above, as a script would want.
 */
export interface AuditCsvWords {
  header: Record<(typeof AUDIT_CSV_COLUMNS)[number], string>;
  audit: string;
  unsent: string;
}

export const AUDIT_CSV_NAMES: AuditCsvWords = {
  header: headedByName(AUDIT_CSV_COLUMNS),
  audit: 'audit',
  unsent: 'unsent',
};

export function auditCsv(
  audit: readonly AuditRow[],
  unsent: readonly OutboxRow[],
  ticketOf: (id: number) => RemoteTicket | undefined,
  words: AuditCsvWords = AUDIT_CSV_NAMES,
): string {
  const auditLines = [...audit]
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((r) => {
      const t = r.ticketId === null ? undefined : ticketOf(r.ticketId);
      return [
        words.audit,
        new Date(r.at).toISOString(),
        r.device,
        r.role,
        r.action,
        r.ticketId,
        r.ticketReference ?? t?.reference,
        t?.firstName,
        t?.lastName,
        r.reason,
        '',
      ];
    });
  const unsentLines = unsent.map((r) => {
    const t = ticketOf(r.ticketId);
    return [
      words.unsent,
      new Date(r.scannedAt).toISOString(),
      r.deviceName,
      '',
      unsentAction(r),
      r.ticketId,
      t?.reference,
      t?.firstName,
      t?.lastName,
      r.parkedReason?.reason,
      r.state,
    ];
  });
  return toCsv(
    AUDIT_CSV_COLUMNS.map((c) => words.header[c]),
    [...auditLines, ...unsentLines],
  );
}
