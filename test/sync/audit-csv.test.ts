import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/db/rows';
import { csvCell } from '../../src/domain/csv';
import { auditCsv } from '../../src/sync/audit/audit-csv';

const row = (patch: Partial<AuditRow>): AuditRow => ({
  listSlug: 'chk_x',
  at: Date.parse('2026-11-23T19:00:00Z'),
  id: '00000000-aa',
  device: 'North door',
  role: 'supervisor',
  action: 'admit-anyway',
  ticketId: 7,
  ticketReference: 'AB12-1',
  reason: null,
  ...patch,
});

describe('the audit CSV', () => {
  it('quotes commas, quotes and line breaks, and never lets a spreadsheet run a typed formula', () => {
    expect(csvCell('Re-entry, came back')).toBe('"Re-entry, came back"');
    expect(csvCell('said "ok"')).toBe('"said ""ok"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(null)).toBe('""');
  });

  it('puts the audit rows oldest first, then the unsent ones, each saying which it is', () => {
    const csv = auditCsv(
      [
        row({ at: Date.parse('2026-11-23T19:00:05Z'), id: '00000001-bb', action: 'undo', role: 'door' }),
        row({ reason: 'Paid at the door' }),
      ],
      [
        {
          id: 'c1',
          listSlug: 'chk_x',
          kind: 'checkin',
          ticketId: 7,
          checkinKey: 'local:c1',
          uuid: null,
          scannedAt: Date.parse('2026-11-23T19:00:06Z'),
          deviceName: 'North door',
          state: 'parked',
          attemptFloor: null,
          attempts: 1,
          parkedReason: { ok: false, reason: 'rejected', status: 422 },
        },
      ],
      (id) =>
        id === 7
          ? ({ id: 7, reference: 'AB12-1', firstName: 'Zoë', lastName: 'Ålvarez' } as never)
          : undefined,
    );
    const unquoted = (line: string) => line.replaceAll('"', '');
    expect(csv.startsWith('\uFEFF"record"')).toBe(true);
    expect(csv.slice(1).split('\r\n').map(unquoted)).toEqual([
      'record,time,device,role,action,ticket_id,ticket_reference,first_name,last_name,reason,state',
      'audit,2026-11-23T19:00:00.000Z,North door,supervisor,admit-anyway,7,AB12-1,Zoë,Ålvarez,Paid at the door,',
      'audit,2026-11-23T19:00:05.000Z,North door,door,undo,7,AB12-1,Zoë,Ålvarez,,',
      'unsent,2026-11-23T19:00:06.000Z,North door,,check-in,7,AB12-1,Zoë,Ålvarez,rejected,parked',
      '',
    ]);
  });
});
