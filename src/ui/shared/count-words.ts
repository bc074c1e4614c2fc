// Counts of what a door holds, in words: the door's lists and audit log, and the settings'
// device wipe, say them the same way. Each is an ICU plural in the catalogue.
import type { ListFacts } from '../../sync/engine/door-protocol';
import { t } from '../i18n/t';

export const tickets = (n: number) => t('countTickets', { n });
export const checkins = (n: number) => t('countCheckins', { n });
export const lists = (n: number) => t('countLists', { n });

/** "3 check-ins", "1 exit or undo", "3 check-ins and 1 exit or undo". */
export function unsentWords({ unsent, unsentEnds }: Pick<ListFacts, 'unsent' | 'unsentEnds'>): string {
  const ends = t('countEnds', { n: unsentEnds });
  if (unsentEnds === 0) return checkins(unsent);
  return unsent === 0 ? ends : t('unsentBoth', { checkins: checkins(unsent), ends });
}
