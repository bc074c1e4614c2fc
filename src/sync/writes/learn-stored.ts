// The open list's index brought up to what the database holds for one ticket's check-ins, where
// another tab of the app over the same database (or a pull) stored some after the index read
// them. Guarantees: one read of the ticket's stored check-ins; the index changes only where they
// hold news for it (index/stored-checkins.ts): a check-in it lacks, an ending of one it holds
// standing, or one of this device's own check-ins gone altogether (undone before it was sent),
// which it drops; a storage failure changes nothing. Used before a refusal (refusal-on-stored.ts,
// "Admit all"), after an admission the database refused (door-writes.ts) and after an exit that
// found the stay ended already (door-exit.ts).
import { BY_TICKET, byTicket } from '../../db/checkins-changed';
import type { CheckinDatabase } from '../../db/database';
import { stored } from '../../db/storage';
import type { ListIndex } from '../index/list-index';
import { storedNews } from '../index/stored-checkins';

/**
 * Whether the index learnt something of the ticket's check-ins from the database (which it
 * then holds); false when it held it all already, or the read failed.
 */
export async function learnStored(
  db: CheckinDatabase,
  index: ListIndex,
  listSlug: string,
  ticketId: number,
): Promise<boolean> {
  const read = await stored(() =>
    db.checkins.where(BY_TICKET).equals(byTicket(listSlug, ticketId)).toArray(),
  );
  if (!read.ok) return false;
  const news = storedNews(read.value, index.checkinsOf(ticketId));
  if (!news) return false;
  index.removeCheckins(news.gone);
  index.putCheckins(read.value);
  return true;
}
