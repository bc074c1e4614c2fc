// Prepares every open check-in list before the server takes requests: door devices download
// whole lists right after a start, so the membership and the ticket JSON are built up front,
// and so are the records by change time that their `since` polls search.
import type { ServiceContext } from '../context';
import { isExpired } from '../model/checkin-list';
import { membership } from './membership';
import { answersSince, ticketsSince } from './records';
import { ticketJson } from './serializers';

export function warmCheckinLists(ctx: ServiceContext): number {
  let tickets = 0;
  for (const list of ctx.store.all('checkin_lists')) {
    if (isExpired(list, ctx.clock.now())) continue;
    ticketsSince(ctx, list, 0);
    answersSince(ctx, list, 0);
    for (const entry of membership(ctx, list).members) {
      entry.json ??= JSON.stringify(ticketJson(entry));
      tickets += 1;
    }
  }
  return tickets;
}
