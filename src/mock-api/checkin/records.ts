// The records of a list as the Check-in API pages them, with `since` applied.
import type { ServiceContext } from '../context';
import type { Answer } from '../model/answer';
import type { Checkin } from '../model/checkin';
import type { CheckinList } from '../model/checkin-list';
import { type ListTicket, membership } from './membership';
import { listQuestions } from './scope';

export function ticketsSince(ctx: ServiceContext, list: CheckinList, since: number | null): ListTicket[] {
  const { members, changed } = membership(ctx, list);
  return since === null ? members : changed.filter((entry) => entry.updatedMs >= since);
}

/** Every check-in of the list, deleted ones included. */
export function checkinsSince(ctx: ServiceContext, list: CheckinList, since: number | null): Checkin[] {
  const all = ctx.store.memo(`checkins-of-list:${list.id}`, ['checkins'], () =>
    ctx.store.findBy('checkins', 'byList', list.id),
  );
  return since === null ? all : all.filter((c) => Date.parse(c.updated_at) >= since);
}

export function answersSince(ctx: ServiceContext, list: CheckinList, since: number | null): Answer[] {
  if (since !== null) return collectAnswers(ctx, list, since);
  const tables = ['answers', 'questions', 'tickets', 'registrations', 'releases', 'checkin_lists'] as const;
  return ctx.store.memo(`checkin-answers:${list.id}`, tables, () => collectAnswers(ctx, list, null));
}

function collectAnswers(ctx: ServiceContext, list: CheckinList, since: number | null): Answer[] {
  const { memberIds, changedIds } = membership(ctx, list);
  const tickets = since === null ? memberIds : changedIds;
  const out: Answer[] = [];
  for (const question of listQuestions(ctx, list)) {
    for (const answer of ctx.store.findBy('answers', 'byQuestion', question.id)) {
      if (!tickets.has(answer.ticket_id)) continue;
      if (since !== null && Date.parse(answer.updated_at) < since) continue;
      out.push(answer);
    }
  }
  return out.sort((a, b) => a.id - b.id);
}
