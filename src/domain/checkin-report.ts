// After the event: who came through one check-in list, when, at which door (where this device
// knows it: only its own check-ins carry a door name; the Check-in API does not say), and
// which tickets were admitted more than once. One row per check-in, oldest first.
import type { Arrivals } from './arrivals';
import { toCsv } from './csv';

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

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

export function checkinReportCsv(arrivals: Arrivals, doors: ReadonlyMap<string, string>): string {
  const checkins = arrivals.checkins();
  const active = new Map<number, number>();
  for (const c of checkins)
    if (c.deletedAt === null) active.set(c.ticketId, (active.get(c.ticketId) ?? 0) + 1);
  return toCsv(
    CHECKIN_REPORT_HEADER,
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
        c.deletedAt === null && (active.get(c.ticketId) ?? 0) > 1 ? 'yes' : 'no',
        c.uuid,
      ];
    }),
  );
}
