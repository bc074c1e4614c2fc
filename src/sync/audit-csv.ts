// The audit log and the unsent check-ins as one CSV: every row says which it is, so an
// organiser can read what happened at this door and enter what never reached the service.
import type { RemoteTicket } from '../api/schemas';
import type { AuditRow, OutboxRow } from '../db/rows';
import { toCsv } from '../domain/csv';
import { unsentAction } from './forget-list';

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

export function auditCsv(
  audit: readonly AuditRow[],
  unsent: readonly OutboxRow[],
  ticketOf: (id: number) => RemoteTicket | undefined,
): string {
  const auditLines = [...audit]
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((r) => {
      const t = r.ticketId === null ? undefined : ticketOf(r.ticketId);
      return [
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
      ];
    });
  const unsentLines = unsent.map((r) => {
    const t = ticketOf(r.ticketId);
    return [
      'unsent',
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
  return toCsv(HEADER, [...auditLines, ...unsentLines]);
}
