// How a verdict is named and marked on the door screens (staff view and kiosk alike).
import type { Verdict } from '../../domain/verdict';
import type { MessageKey } from '../i18n/en';

export const VERDICT_TITLES: Record<Verdict['kind'], MessageKey> = {
  admitted: 'verdictAdmitted',
  'already-checked-in': 'verdictAlreadyCheckedIn',
  unpaid: 'verdictUnpaid',
  void: 'verdictVoid',
  'not-on-list': 'verdictNotOnList',
  'unknown-code': 'verdictUnknownCode',
  'not-a-ticket': 'verdictNotATicket',
  'list-code': 'verdictListCode',
  'list-expired': 'verdictListExpired',
};

export const VERDICT_ICONS = { go: '✓', caution: '!', stop: '✕' } as const;
