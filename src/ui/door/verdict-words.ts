// How a verdict is named and marked on the door screens (staff view and kiosk alike).
import type { Verdict } from '../../domain/verdict';
import type { MessageKey } from '../i18n/en';
import { t, tn } from '../i18n/t';

export const VERDICT_TITLES: Record<Verdict['kind'], MessageKey> = {
  admitted: 'verdictAdmitted',
  'just-admitted': 'verdictJustAdmitted',
  'still-downloading': 'verdictStillDownloading',
  'already-checked-in': 'verdictAlreadyCheckedIn',
  unpaid: 'verdictUnpaid',
  void: 'verdictVoid',
  'not-on-list': 'verdictNotOnList',
  'unknown-code': 'verdictUnknownCode',
  'not-a-ticket': 'verdictNotATicket',
  'list-code': 'verdictListCode',
  'list-expired': 'verdictListExpired',
  'exit-recorded': 'verdictExitRecorded',
  'not-inside': 'verdictNotInside',
  order: 'verdictOrder',
};

export const VERDICT_ICONS = { go: '✓', caution: '!', stop: '✕', info: 'i' } as const;

/** The verdict's headline, with its figures filled in. */
export function verdictTitle(verdict: Verdict): string {
  if (verdict.kind === 'admitted' && verdict.reentry) return t('verdictWelcomeBack');
  if (verdict.kind === 'order')
    return verdict.admitted > 0
      ? tn('verdictOrderAdmitted', verdict.admitted)
      : t('verdictOrder', { reference: verdict.reference });
  return verdict.kind === 'still-downloading'
    ? t('verdictStillDownloading', { percent: verdict.percent })
    : t(VERDICT_TITLES[verdict.kind]);
}
