// Prepares every open check-in list before the server takes requests: door devices download
// whole lists right after a start, so the membership and the ticket JSON are built up front.
import type { ServiceContext } from '../context';
import { isExpired } from '../model/checkin-list';
import { membership } from './membership';
import { ticketJson } from './serializers';

export function warmCheckinLists(ctx: ServiceContext): number {
  let tickets = 0;
  for (const list of ctx.store.all('checkin_lists')) {
    if (isExpired(list, ctx.clock.now())) continue;
    for (const entry of membership(ctx, list).members) {
      entry.json ??= JSON.stringify(ticketJson(entry));
      tickets += 1;
    }
  }
  return tickets;
}
