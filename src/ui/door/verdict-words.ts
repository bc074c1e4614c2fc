// How a verdict is named and marked on the door screens (staff view and kiosk alike).
import { attendeeName, type Verdict } from '../../domain/verdict';
import { formatShare } from '../format';
import type { MessageKey } from '../i18n/t';
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
  'device-revoked': 'verdictDeviceRevoked',
  'exit-recorded': 'verdictExitRecorded',
  'not-inside': 'verdictNotInside',
  order: 'verdictOrder',
  'order-exit': 'verdictOrder',
  'scan-again': 'verdictScanAgain',
};

/** `look` (the same ticket again) is a repeat mark: neither the admission's tick nor a warning. */
export const VERDICT_ICONS = { go: '✓', caution: '!', stop: '✕', info: 'i', look: '↻' } as const;

/** The verdict's headline, with its figures filled in. */
export function verdictTitle(verdict: Verdict): string {
  if (verdict.kind === 'admitted' && verdict.reentry) return t('verdictWelcomeBack');
  if (verdict.kind === 'order-exit') return t('verdictOrder', { reference: verdict.reference });
  if (verdict.kind === 'order')
    return verdict.admitted > 0
      ? tn('verdictOrderAdmitted', verdict.admitted)
      : t('verdictOrder', { reference: verdict.reference });
  return verdict.kind === 'still-downloading'
    ? t('verdictStillDownloading', { percent: formatShare(verdict.percent, 100) })
    : t(VERDICT_TITLES[verdict.kind]);
}

/**
 * The kiosk's headline, aimed at the attendee: a welcome for an admission only. The same ticket
 * again says it was just used, never the attendee's name, so a copy of a ticket held up after
 * its holder went in is not greeted like the holder.
 */
export function kioskTitle(verdict: Verdict): string {
  if (verdict.kind === 'admitted') return t('kioskWelcome', { name: attendeeName(verdict.ticket) });
  if (verdict.kind === 'just-admitted') return t('kioskJustUsed');
  if (verdict.kind === 'scan-again') return t('kioskScanAgain');
  return verdictTitle(verdict);
}
