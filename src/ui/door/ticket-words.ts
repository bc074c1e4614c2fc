// How a door screen names a ticket it lists (a double admission, a refused check-in): by the
// name and reference the status carries, never by the service's internal id, which staff cannot
// read. Without them, the list is still opening (its part in memory lacks the ticket), or the
// ticket is not on the open list at all.
import type { TicketNaming } from '../../sync/engine/door-protocol';
import { t } from '../i18n/t';

export function ticketWords(
  ticket: TicketNaming | null,
  listCounted: boolean,
  { withReference = false }: { withReference?: boolean } = {},
): string {
  if (ticket) return withReference ? `${ticket.name} · ${ticket.reference}` : ticket.name;
  return listCounted ? t('ticketNotFound') : t('scanListLoading');
}
