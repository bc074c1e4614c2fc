// The check-in list as a door device sees it, with page counts (`since`-aware).
import type { ServiceContext } from '../context';
import type { CheckinList } from '../model/checkin-list';
import { membership } from './membership';
import { pageCount } from '../../http/checkin-paging';
import { answersSince, checkinsSince, ticketsSince } from './records';
import { listQuestions } from './scope';

export function checkinListJson(
  ctx: ServiceContext,
  list: CheckinList,
  since: number | null,
): Record<string, unknown> {
  const event = ctx.store.get('events', list.event_id);
  const account = event ? ctx.store.get('accounts', event.account_id) : undefined;
  const ticketPages = pageCount(ticketsSince(ctx, list, since).length);
  const checkins = checkinsSince(ctx, list, null);
  const answers = answersSince(ctx, list, null);
  return {
    id: list.id,
    title: list.title,
    slug: list.slug,
    expires_at: list.expires_at ? new Date(list.expires_at).toISOString() : null,
    show_company_name: list.show_company_name,
    show_email: list.show_email,
    show_phone_number: list.show_phone_number,
    hide_unpaid: list.hide_unpaid,
    total_pages: ticketPages,
    total_ticket_pages: ticketPages,
    tickets_count: membership(ctx, list).members.length,
    answers_count: answers.length,
    total_answer_pages: pageCount(since === null ? answers.length : answersSince(ctx, list, since).length),
    questions_count: listQuestions(ctx, list).length,
    total_checkin_pages: pageCount(since === null ? checkins.length : checkinsSince(ctx, list, since).length),
    checkins_count: checkins.filter((c) => c.deleted_at === null).length,
    account: { slug: account?.slug ?? null, name: account?.name ?? null },
    event: { slug: event?.slug ?? null, title: event?.title ?? null },
  };
}
