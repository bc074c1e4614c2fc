// The CSV files speak the language on screen: the audit file's headers and row kinds, the
// check-in report's headers and yes/no, from the catalogues, in every language; the cells
// (times, references, names, uuids) stay as they are.
import { afterAll, describe, expect, it } from 'vitest';
import { createArrivals } from '../../../src/domain/arrivals';
import { checkinReportCsv } from '../../../src/domain/checkin-report';
import { LOCALES } from '../../../src/domain/locales';
import { auditCsv } from '../../../src/sync/audit/audit-csv';
import { auditCsvWords } from '../../../src/ui/door/audit-csv-words';
import { activateLocale } from '../../../src/ui/i18n/i18n';
import { checkinReportWords } from '../../../src/ui/organiser/arrivals/report-words';
import { parseCsv } from '../../fixtures/read-csv';

afterAll(async () => {
  await activateLocale('en');
});

const audit = () =>
  auditCsv(
    [
      {
        listSlug: 'chk_x',
        at: Date.parse('2026-11-23T19:00:00Z'),
        id: '00000000-aa',
        device: 'North door',
        role: 'door',
        action: 'undo',
        ticketId: 7,
        ticketReference: 'AB12-1',
        reason: null,
      },
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
        state: 'queued',
        attemptFloor: null,
        attempts: 0,
        parkedReason: null,
      },
    ],
    () => undefined,
    auditCsvWords(),
  );

const report = () => {
  const arrivals = createArrivals();
  arrivals.putTickets([
    { id: 1, reference: 'R1', name: 'Zoë', email: null, release: 'VIP', state: 'complete' },
  ]);
  arrivals.putCheckins([
    { uuid: 'u1', ticketId: 1, createdAt: Date.parse('2026-11-23T19:01:00Z'), deletedAt: null },
    { uuid: 'u2', ticketId: 1, createdAt: Date.parse('2026-11-23T19:02:00Z'), deletedAt: null },
  ]);
  return checkinReportCsv(arrivals, new Map(), checkinReportWords());
};

describe('CSV files in the language on screen', () => {
  it('writes German headers, row kinds and yes/no, and leaves the cells as they are', async () => {
    await activateLocale('de');
    const [header, first, second] = parseCsv(audit());
    expect(header).toEqual([
      'Eintrag',
      'Zeit',
      'Gerät',
      'Rolle',
      'Aktion',
      'Ticket-ID',
      'Ticketnummer',
      'Vorname',
      'Nachname',
      'Grund',
      'Status',
    ]);
    expect(first?.[0]).toBe('Protokoll');
    expect(first?.[6]).toBe('AB12-1');
    expect(second?.[0]).toBe('Nicht gesendet');
    const rows = parseCsv(report());
    expect(rows[0]?.[0]).toBe('Eingecheckt um');
    expect(rows[0]?.[7]).toBe('Doppeleinlass');
    expect(rows[1]).toEqual(['2026-11-23T19:01:00.000Z', '', 'R1', 'Zoë', '', 'VIP', '', 'ja', 'u1']);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'has every header in %s, none left in English',
    async (locale) => {
      await activateLocale('en');
      const english = [...(parseCsv(audit())[0] ?? []), ...(parseCsv(report())[0] ?? [])];
      await activateLocale(locale);
      const auditHeader = parseCsv(audit())[0] ?? [];
      const reportHeader = parseCsv(report())[0] ?? [];
      // Each file's columns are told apart.
      expect(new Set(auditHeader).size).toBe(11);
      expect(new Set(reportHeader).size).toBe(9);
      const words = [...auditHeader, ...reportHeader];
      // Words a language shares with English (Status, Action, Name) are allowed; most are not.
      const same = words.filter((w, i) => w === english[i]);
      expect(same.length).toBeLessThanOrEqual(4);
    },
  );
});
