// The records of a list as the Check-in API pages them, with `since` applied. Every door polls
// `since` every few seconds, so a `since` read is a binary search in records kept sorted by
// change time (rebuilt only when their tables change), not a walk over a 100,000-ticket list.
import type { ServiceContext } from '../context';
import type { Answer } from '../model/answer';
import type { Checkin } from '../model/checkin';
import type { CheckinList } from '../model/checkin-list';
import { type ListTicket, membership } from './membership';
import { listQuestions } from './scope';

const ANSWER_TABLES = [
  'answers',
  'questions',
  'tickets',
  'registrations',
  'releases',
  'checkin_lists',
] as const;

interface ByTime<T> {
  /** Change times, ascending, one per item. */
  ms: number[];
  items: T[];
  /** Each item's place in id order, to give a `since` slice back in id order. */
  order: number[];
}

function byTime<T>(items: readonly T[], msOf: (item: T) => number): ByTime<T> {
  const times = items.map(msOf);
  const places = items.map((_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  return {
    ms: places.map((i) => times[i] as number),
    items: places.map((i) => items[i] as T),
    order: places,
  };
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
  const picked: [number, T][] = [];
  for (let i = low; i < sorted.items.length; i++)
    picked.push([sorted.order[i] as number, sorted.items[i] as T]);
  return picked.sort((a, b) => a[0] - b[0]).map(([, item]) => item);
}

export function ticketsSince(ctx: ServiceContext, list: CheckinList, since: number | null): ListTicket[] {
  const { members, changed } = membership(ctx, list);
  if (since === null) return members;
  const sorted = ctx.store.memo(
    `checkin-tickets-by-time:${list.id}`,
    ['tickets', 'registrations', 'releases', 'checkin_lists'],
    () => byTime(changed, (entry) => entry.updatedMs),
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
  const { memberIds, changedIds } = membership(ctx, list);
  const tickets = of === 'members' ? memberIds : changedIds;
  const out: Answer[] = [];
  for (const question of listQuestions(ctx, list)) {
    for (const answer of ctx.store.findBy('answers', 'byQuestion', question.id)) {
      if (tickets.has(answer.ticket_id)) out.push(answer);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
