// Prepares every open check-in list before the server takes requests: door devices download
// whole lists right after a start, so the membership is built up front, and so are the records
// by change time that their `since` polls search. Ticket JSON is not kept: a page is written
// when asked for (a few ms), where keeping every ticket's JSON held 100 MB for 100,000 tickets.
import type { ServiceContext } from '../context';
import { isExpired } from '../model/checkin-list';
import { membership } from './membership';
import { answersSince, ticketsSince } from './records';

export function warmCheckinLists(ctx: ServiceContext): number {
  let tickets = 0;
  for (const list of ctx.store.all('checkin_lists')) {
    if (isExpired(list, ctx.clock.now())) continue;
    // A `since` later than every change builds the sorted records and copies none of them out.
    ticketsSince(ctx, list, Number.POSITIVE_INFINITY);
    answersSince(ctx, list, Number.POSITIVE_INFINITY);
    tickets += membership(ctx, list).members.length;
  }
  return tickets;
}
