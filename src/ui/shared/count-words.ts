// Counts of what a door holds, in words: the door's lists and audit log, and the settings'
// device wipe, say them the same way.
import type { ListFacts } from '../../sync/forget-list';
import { countOf } from '../format';
import { t } from '../i18n/t';

export const tickets = (n: number) => countOf(n, t('nounTicket'), t('nounTickets'));
export const checkins = (n: number) => countOf(n, t('nounCheckin'), t('nounCheckins'));

/** "3 check-ins", "1 exit or undo", "3 check-ins and 1 exit or undo". */
export function unsentWords({ unsent, unsentEnds }: Pick<ListFacts, 'unsent' | 'unsentEnds'>): string {
  const ends = countOf(unsentEnds, t('nounEnd'), t('nounEnds'));
  if (unsentEnds === 0) return checkins(unsent);
  return unsent === 0 ? ends : t('unsentBoth', { checkins: checkins(unsent), ends });
}
