// The records of a list as the Check-in API pages them, with `since` applied. Every door polls
// `since` every few seconds, so a `since` read is a binary search in records kept sorted by
// change time (rebuilt only when their tables change), not a walk over a 100,000-ticket list.
import type { ServiceContext } from '../context';
import type { Answer } from '../model/answer';
import type { Checkin } from '../model/checkin';
import type { CheckinList } from '../model/checkin-list';
import type { Ticket } from '../model/ticket';
import { listTicket, membership } from './membership';
import { listQuestions } from './scope';

const ANSWER_TABLES = [
  'answers',
  'questions',
  'tickets',
  'registrations',
  'releases',
  'checkin_lists',
] as const;

/**
 * Items sorted by change time, kept as numbers beside the caller's own array: a copy of the
 * items and a pair per item picked would hold several MB at 100,000 tickets.
 */
interface ByTime<T> {
  /** The items, in id order, as given. */
  items: readonly T[];
  /** Change times, ascending. */
  ms: Float64Array;
  /** For each time in `ms`, the place of its item in `items`. */
  places: Int32Array;
}

function byTime<T>(items: readonly T[], msOf: (item: T) => number): ByTime<T> {
  const times = Float64Array.from(items, msOf);
  const places = Int32Array.from(items, (_, i) => i);
  places.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  return { items, ms: Float64Array.from(places, (i) => times[i] as number), places };
}

/** Items changed at or after `since`, in their original (id) order. */
function changedSince<T>(sorted: ByTime<T>, since: number): T[] {
  let low = 0;
  let high = sorted.ms.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted.ms[mid] as number) < since) low = mid + 1;
    else high = mid;
  }
  // A typed array sorts numerically: the places, ascending, are the items' id order.
  const picked = sorted.places.slice(low).sort();
  return Array.from(picked, (i) => sorted.items[i] as T);
}

export function ticketsSince(
  ctx: ServiceContext,
  list: CheckinList,
  since: number | null,
): readonly Ticket[] {
  const { members, changed } = membership(ctx, list);
  if (since === null) return members;
  const sorted = ctx.store.memo(
    `checkin-tickets-by-time:${list.id}`,
    ['tickets', 'registrations', 'releases', 'checkin_lists'],
    () => byTime(changed, (ticket) => Date.parse(listTicket(ctx, ticket).updatedAt)),
  );
  return changedSince(sorted, since);
}

/** Parsed once per record: records are replaced, never changed in place. */
const checkinMs = new WeakMap<Checkin, number>();
function updatedMs(checkin: Checkin): number {
  let ms = checkinMs.get(checkin);
  if (ms === undefined) {
    ms = Date.parse(checkin.updated_at);
    checkinMs.set(checkin, ms);
  }
  return ms;
}

/** Every check-in of the list, deleted ones included. */
export function checkinsSince(ctx: ServiceContext, list: CheckinList, since: number | null): Checkin[] {
  const all = ctx.store.memo(`checkins-of-list:${list.id}`, ['checkins'], () =>
    ctx.store.findBy('checkins', 'byList', list.id),
  );
  return since === null ? all : all.filter((c) => updatedMs(c) >= since);
}

export function answersSince(ctx: ServiceContext, list: CheckinList, since: number | null): Answer[] {
  if (since === null) {
    return ctx.store.memo(`checkin-answers:${list.id}`, ANSWER_TABLES, () =>
      collectAnswers(ctx, list, 'members'),
    );
  }
  const sorted = ctx.store.memo(`checkin-answers-by-time:${list.id}`, ANSWER_TABLES, () =>
    byTime(collectAnswers(ctx, list, 'changed'), (answer) => Date.parse(answer.updated_at)),
  );
  return changedSince(sorted, since);
}

/** Answers to the list's questions for its members, or (for `since`) for every changed ticket. */
function collectAnswers(ctx: ServiceContext, list: CheckinList, of: 'members' | 'changed'): Answer[] {
  const { find, isMember } = membership(ctx, list);
  const onList = of === 'members' ? isMember : (id: number) => find(id) !== undefined;
  const out: Answer[] = [];
  for (const question of listQuestions(ctx, list)) {
    for (const answer of ctx.store.findBy('answers', 'byQuestion', question.id)) {
      if (onList(answer.ticket_id)) out.push(answer);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
