import { describe, expect, it } from 'vitest';
import { createArrivals } from '../../src/domain/arrivals';
import { checkinReportCsv } from '../../src/domain/checkin-report';
import { CSV_BOM, csvCell, recordsToCsv, toCsv } from '../../src/domain/csv';
import { parseCsv } from '../fixtures/read-csv';

describe('CSV for spreadsheets', () => {
  it('quotes every field, so commas, quotes and line breaks stay inside it', () => {
    const text = toCsv(['name', 'note'], [['Smith, "Jo"', 'line one\r\nline two']]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe(`${CSV_BOM}"name","note"\r\n"Smith, ""Jo""","line one\r\nline two"\r\n`);
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Smith, "Jo"', 'line one\r\nline two'],
    ]);
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises a field a spreadsheet would run as a formula: %j',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
    },
  );

  it('leaves numbers the code wrote, and text that only contains those signs, as they are', () => {
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
  });

  it('writes records of any shape: nested objects as dotted columns, lists as JSON, chosen columns first', () => {
    const text = recordsToCsv(
      [
        { id: 1, name: 'Ada', release: { title: 'VIP', price: '25.00' }, tags: ['a', 'b'] },
        { id: 2, name: '=cmd', email: 'g@example.com', release: null },
      ],
      ['name', 'email', 'missing'],
    );
    expect(parseCsv(text)).toEqual([
      ['name', 'email', 'id', 'release.title', 'release.price', 'tags', 'release'],
      ['Ada', '', '1', 'VIP', '25.00', '["a","b"]', ''],
      ["'=cmd", 'g@example.com', '2', '', '', '', ''],
    ]);
  });

  it('keeps a key named __proto__ as a column and never touches a prototype', () => {
    const record = JSON.parse('{"__proto__": {"polluted": "yes"}, "name": "x"}') as Record<string, unknown>;
    const text = recordsToCsv([record]);
    expect(parseCsv(text)[0]).toEqual(['__proto__.polluted', 'name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the check-in report of a list', () => {
  it('has a row per check-in with who, when, when they left, the door where known and double admissions', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([
      {
        id: 1,
        reference: 'R1',
        name: 'Zoë Ålvarez',
        email: 'z@example.com',
        release: 'VIP',
        state: 'complete',
      },
      { id: 2, reference: 'R2', name: '@attacker', email: null, release: 'Standard', state: 'complete' },
    ]);
    const at = (m: number) => Date.parse('2026-11-23T19:00:00Z') + m * 60_000;
    arrivals.putCheckins([
      { uuid: 'u2', ticketId: 1, createdAt: at(5), deletedAt: null },
      { uuid: 'u1', ticketId: 1, createdAt: at(1), deletedAt: null },
      { uuid: 'u3', ticketId: 2, createdAt: at(2), deletedAt: at(50) },
      { uuid: 'u4', ticketId: 7, createdAt: at(3), deletedAt: null },
    ]);
    const rows = parseCsv(checkinReportCsv(arrivals, new Map([['u1', 'North door']])));
    expect(rows).toEqual([
      [
        'checked_in_at',
        'left_at',
        'ticket_reference',
        'name',
        'email',
        'release',
        'door',
        'double_admission',
        'checkin_uuid',
      ],
      [
        '2026-11-23T19:01:00.000Z',
        '',
        'R1',
        'Zoë Ålvarez',
        'z@example.com',
        'VIP',
        'North door',
        'yes',
        'u1',
      ],
      [
        '2026-11-23T19:02:00.000Z',
        '2026-11-23T19:50:00.000Z',
        'R2',
        "'@attacker",
        '',
        'Standard',
        '',
        'no',
        'u3',
      ],
      ['2026-11-23T19:03:00.000Z', '', 'ticket 7', '', '', '', '', 'no', 'u4'],
      ['2026-11-23T19:05:00.000Z', '', 'R1', 'Zoë Ålvarez', 'z@example.com', 'VIP', '', 'yes', 'u2'],
    ]);
  });
});
