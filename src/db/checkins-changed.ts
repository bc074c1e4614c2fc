// An admission judged on a ticket's check-ins that no longer stand as the door saw them: another
// tab of the app (an engine over the same database) or a pull of this one stored a check-in of
// the ticket after the door's index was read. Judged again, the ticket may be inside already; so
// the admission is written only if its own transaction finds nothing new, and otherwise nothing
// is written (straight-writes.ts, outbox.ts) and the door judges again (door-scan.ts).
import type { CheckinRow } from './rows';

export class CheckinsChangedError extends Error {
  override name = 'CheckinsChangedError';
  constructor(readonly ticketIds: readonly number[]) {
    super(`The check-ins of ${ticketIds.length} ticket(s) changed since they were judged`);
  }
}

/** Whether the stored check-ins of a ticket hold one its admission was not judged on. */
export type UnseenCheckins = (stored: readonly CheckinRow[]) => boolean;

/** The index a ticket's stored check-ins are read by, and its key. */
export const BY_TICKET = '[listSlug+ticketId]';
export const byTicket = (listSlug: string, ticketId: number): [string, number] => [listSlug, ticketId];
