// The audit log and the unsent check-ins as one CSV: every row says which it is, so an
// organiser can read what happened at this door and enter what never reached the service.
import type { RemoteTicket } from '../api/schemas';
import type { AuditRow } from '../db/audit-log';
import type { OutboxRow } from '../db/rows';

const HEADER = [
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
];

/**
 * One CSV cell. Text a spreadsheet would run as a formula (a reason typed at the door, a name
 * starting with "=") is opened with an apostrophe, so it is shown, never evaluated.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(',');

export function auditCsv(
  audit: readonly AuditRow[],
  unsent: readonly OutboxRow[],
  ticketOf: (id: number) => RemoteTicket | undefined,
): string {
  const auditLines = [...audit]
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((r) => {
      const t = r.ticketId === null ? undefined : ticketOf(r.ticketId);
      return line([
        'audit',
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
      ]);
    });
  const unsentLines = unsent.map((r) => {
    const t = ticketOf(r.ticketId);
    return line([
      'unsent',
      new Date(r.scannedAt).toISOString(),
      r.deviceName,
      '',
      r.kind,
      r.ticketId,
      t?.reference,
      t?.firstName,
      t?.lastName,
      r.parkedReason?.reason,
      r.state,
    ]);
  });
  return `${[HEADER.join(','), ...auditLines, ...unsentLines].join('\r\n')}\r\n`;
}
