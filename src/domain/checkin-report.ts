// After the event: who came through one check-in list, when, at which door (where this device
// knows it: only its own check-ins carry a door name; the Check-in API does not say), and
// which tickets were admitted more than once. One row per check-in, oldest first.
import type { Arrivals } from './arrivals';
import { headedByName, toCsv } from './csv';

export const CHECKIN_REPORT_HEADER = [
  'checked_in_at',
  'left_at',
  'ticket_reference',
  'name',
  'email',
  'release',
  'door',
  'double_admission',
  'checkin_uuid',
] as const;

/** The file's words in the reader's language (the UI's catalogue); the column names without. */
export interface CheckinReportWords {
  header: Record<(typeof CHECKIN_REPORT_HEADER)[number], string>;
  yes: string;
  no: string;
}

export const CHECKIN_REPORT_NAMES: CheckinReportWords = {
  header: headedByName(CHECKIN_REPORT_HEADER),
  yes: 'yes',
  no: 'no',
};

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

export function checkinReportCsv(
  arrivals: Arrivals,
  doors: ReadonlyMap<string, string>,
  words: CheckinReportWords = CHECKIN_REPORT_NAMES,
): string {
  const checkins = arrivals.checkins();
  const active = new Map<number, number>();
  for (const c of checkins)
    if (c.deletedAt === null) active.set(c.ticketId, (active.get(c.ticketId) ?? 0) + 1);
  return toCsv(
    CHECKIN_REPORT_HEADER.map((c) => words.header[c]),
    checkins.map((c) => {
      const ticket = arrivals.ticket(c.ticketId);
      return [
        iso(c.createdAt),
        iso(c.deletedAt),
        ticket?.reference ?? `ticket ${c.ticketId}`,
        ticket?.name ?? '',
        ticket?.email ?? '',
        ticket?.release ?? '',
        doors.get(c.uuid) ?? '',
        c.deletedAt === null && (active.get(c.ticketId) ?? 0) > 1 ? words.yes : words.no,
        c.uuid,
      ];
    }),
  );
}
