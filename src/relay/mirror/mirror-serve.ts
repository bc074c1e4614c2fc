// Doors' reads of a mirrored list, answered from the mirror as the Check-in API answers them:
// `page` (1000 a page, past the end `[]`) and `since` (inclusive, Unix seconds or ISO 8601) over
// the relay's change times (./list-mirror), the list record with its page counts honouring
// `since`. A full ticket download leaves out void tickets, as the service does. Pure: no I/O.
// A ticket the mirror does not hold (`tickets/:slug`) returns null: the caller passes it through.
import { pageCount, pageNumber, pageOf, sinceMs } from '../../http/checkin-paging';
import { ApiError } from '../../http/errors';
import { servedCheckin } from './door-writes';
import type { ListMirror } from './list-mirror';
import type { Rec, Stamped } from './mirror-types';

export type Served = { status: number; body: unknown };

const iso = (ms: number) => new Date(ms).toISOString();
const stamped = ({ rec, seenAt }: Stamped): Rec => ({ ...rec, updated_at: iso(seenAt) });
const byId = (a: Stamped, b: Stamped) => Number(a.rec.id) - Number(b.rec.id);

function changed(items: Iterable<Stamped>, since: number | null, dropVoid: boolean): Stamped[] {
  const out: Stamped[] = [];
  for (const item of items) {
    if (since !== null ? item.seenAt < since : dropVoid && item.rec.state === 'void') continue;
    out.push(item);
  }
  return out.sort(byId);
}

export function serveRead(
  m: ListMirror,
  resource: string | undefined,
  rest: string[],
  query: string,
): Served | null {
  const url = new URL(`http://relay/?${query}`);
  try {
    const since = sinceMs(url);
    if (resource === undefined) {
      const list = m.list ?? {};
      const tickets = changed(m.tickets.values(), since, true).length;
      const checkins = changed(m.checkins.values(), since, false).length;
      const answers = changed(m.answers.values(), since, false).length;
      let active = 0;
      for (const c of m.checkins.values()) if (!c.rec.deleted_at) active++;
      return {
        status: 200,
        body: {
          ...list,
          checkins_count: active,
          total_pages: pageCount(tickets),
          total_ticket_pages: pageCount(tickets),
          total_checkin_pages: pageCount(checkins),
          total_answer_pages: pageCount(answers),
        },
      };
    }
    if (resource === 'questions') return { status: 200, body: m.questions };
    if (resource === 'tickets' && rest.length === 1) {
      for (const t of m.tickets.values())
        if (t.rec.slug === rest[0]) return { status: 200, body: stamped(t) };
      return null;
    }
    const page = pageNumber(url);
    if (resource === 'tickets')
      return { status: 200, body: pageOf(changed(m.tickets.values(), since, true), page).map(stamped) };
    if (resource === 'answers')
      return { status: 200, body: pageOf(changed(m.answers.values(), since, false), page).map(stamped) };
    if (resource === 'checkins')
      return {
        status: 200,
        body: pageOf(changed(m.checkins.values(), since, false), page).map((c) =>
          servedCheckin(m, String(c.rec.uuid)),
        ),
      };
    return null;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, body: { status: error.status, message: error.message } };
    throw error;
  }
}
