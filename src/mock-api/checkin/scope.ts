// The list named in the path: the slug is the credential of the Check-in API.
import type { ServiceContext } from '../context';
import { ApiError } from '../../http/errors';
import { type CheckinList, isExpired } from '../model/checkin-list';
import type { Question } from '../model/question';

export function requireList(ctx: ServiceContext, slug: string): CheckinList {
  const list = ctx.store.findOne('checkin_lists', 'bySlug', slug);
  if (!list) throw new ApiError(404, 'Check-in list not found');
  if (isExpired(list, ctx.clock.now())) throw new ApiError(410, 'This check-in list has expired');
  return list;
}

/** The list's linked questions, or every question of the event when none are linked. */
export function listQuestions(ctx: ServiceContext, list: CheckinList): Question[] {
  const all = ctx.store.findBy('questions', 'byEvent', list.event_id);
  if (list.question_ids.length === 0) return all.sort((a, b) => a.position - b.position || a.id - b.id);
  const linked = new Set(list.question_ids);
  return all.filter((q) => linked.has(q.id)).sort((a, b) => a.position - b.position || a.id - b.id);
}
