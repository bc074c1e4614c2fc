import type { ScanBasis } from '../../sync/engine/door-protocol';
import { formatAge } from '../format';
import { t } from '../i18n/t';

/** What a refusal stands on: checked online, or the copy's word and how old it is. */
export function basisWords(basis: ScanBasis, now: number): string | null {
  const age = (at: number | null) => (at === null ? null : formatAge(Math.max(0, now - at)));
  switch (basis.kind) {
    case 'online':
      return t('basisOnline');
    case 'synced':
      return t('basisSynced');
    case 'offline': {
      const synced = age(basis.syncedAt);
      return synced ? t('basisOffline', { age: synced }) : t('basisOfflineNever');
    }
    case 'unconfirmed': {
      const synced = age(basis.syncedAt);
      const reason = t(
        basis.reason === 'network'
          ? 'basisReasonNetwork'
          : basis.reason === 'timeout'
            ? 'basisReasonTimeout'
            : basis.reason === 'rate-limited'
              ? 'basisReasonBusy'
              : 'basisReasonOther',
      );
      return synced ? t('basisUnconfirmed', { age: synced, reason }) : t('basisUnconfirmedNever', { reason });
    }
    default:
      return null;
  }
}
