// A check-in list as the Admin API shows it: open/expired from `expires_at`, and counts of the
// same tickets a door device downloads (live tickets of its releases, unpaid ones left out
// with `hide_unpaid`), so the organiser and the door agree.
import { webCheckinUrl, qrCodeUrl } from '../checkin/urls';
import { membership } from '../checkin/membership';
import { type CheckinList, isExpired } from '../model/checkin-list';
import { activityRecord } from './activity-view';
import { type Presenter, idArrays, linkedIdArrays, present, shows } from './presenter';
import { questionRecord } from './question-view';
import { releaseRecord } from './release-view';
import { at } from './scope';

export const CHECKIN_LIST_EXPANDABLE = [
  'activities',
  'activity_ids',
  'questions',
  'question_ids',
  'question_slugs',
  'releases',
  'release_ids',
  'release_slugs',
] as const;

export function checkinCounts(p: Presenter, list: CheckinList): { tickets: number; checkedIn: number } {
  const { members, isMember } = membership(p.ctx, list);
  const arrived = new Set<number>();
  for (const checkin of p.ctx.store.findBy('checkins', 'byList', list.id)) {
    if (checkin.deleted_at === null && isMember(checkin.ticket_id)) arrived.add(checkin.ticket_id);
  }
  return { tickets: members.length, checkedIn: arrived.size };
}

export function checkinListRecord(
  p: Presenter,
  list: CheckinList,
  request: Request,
): Record<string, unknown> {
  const expired = isExpired(list, p.now);
  const counts = checkinCounts(p, list);
  const activities = present(p, 'activities', list.activity_ids);
  const questions = present(p, 'questions', list.question_ids);
  const releases = present(p, 'releases', list.release_ids);
  const record: Record<string, unknown> = {
    _type: 'checkin_list',
    ...(p.extended ? { view: 'extended' } : {}),
    id: list.id,
  };
  if (p.version === '3.0') record.activity_ids = activities.map((a) => a.id);
  Object.assign(record, {
    checked_in_count: counts.checkedIn,
    expires_at: at(p, list.expires_at),
    expired,
    open: !expired,
    qr_code_url: qrCodeUrl(p.ctx, request, list.slug),
  });
  if (p.version === '3.0')
    Object.assign(record, {
      question_ids: questions.map((q) => q.id),
      release_ids: releases.map((r) => r.id),
    });
  Object.assign(record, {
    show_company_name: list.show_company_name,
    show_email: list.show_email,
    show_phone_number: list.show_phone_number,
    hide_unpaid: list.hide_unpaid,
    slug: list.slug,
    state: expired ? 'expired' : 'open',
    title: list.title,
    tickets_count: counts.tickets,
    created_at: at(p, list.created_at),
    updated_at: at(p, list.updated_at),
    checked_in_percent: counts.tickets === 0 ? 0 : Math.floor((counts.checkedIn * 100) / counts.tickets),
    web_checkin_url: webCheckinUrl(p.ctx, request, list.slug),
  });
  if (shows(p, 'activities'))
    record.activities = activities.map((a) => activityRecord(p, a, { nested: true }));
  // 3.0 embeds `checkins` and `tickets` as empty lists, as the documented sample does even for
  // a list of 184 tickets: the door's data comes from the Check-in API, not from here.
  if (p.version === '3.0' && p.extended) record.checkins = [];
  if (shows(p, 'questions')) record.questions = questions.map((q) => questionRecord(p, q, { nested: true }));
  if (shows(p, 'releases')) record.releases = releases.map((r) => releaseRecord(p, r, { nested: true }));
  if (p.version === '3.0' && p.extended) record.tickets = [];
  Object.assign(
    record,
    idArrays(
      p,
      'activities',
      'activity',
      activities.map((a) => a.id),
    ),
    linkedIdArrays(p, 'questions', 'question', questions),
    linkedIdArrays(p, 'releases', 'release', releases),
  );
  return record;
}
