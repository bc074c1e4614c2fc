import { Link } from 'wouter';
import { describeError } from '../error-words';
import type { SyncStatus } from '../../sync/sync-status';
import { formatAge, formatWhen } from '../format';
import { t, tn } from '../i18n/t';

interface Props {
  status: SyncStatus;
  now: number;
}

/** Always on the door screens: the four things staff must know at a glance. */
export function DoorStatusBar({ status, now }: Props) {
  const online = status.online && status.reachable;
  const { tickets, checkedIn } = status.counts;
  const percent = tickets === 0 ? 0 : Math.floor((checkedIn / tickets) * 100);
  return (
    <div className="door-status" data-testid="door-status">
      <span className={`pill ${online ? 'pill--ok' : 'pill--warn'}`} data-testid="connection">
        <span aria-hidden="true" className="pill__dot" />
        {status.online ? (status.reachable ? t('online') : t('statusUnreachable')) : t('offline')}
      </span>
      <span className={`pill ${status.pending ? 'pill--warn' : 'pill--ok'}`} data-testid="pending">
        {status.pending
          ? `${t('statusPending', { n: status.pending })}${
              status.oldestPendingAt
                ? ` · ${t('statusPendingOldest', { age: formatAge(now - status.oldestPendingAt) })}`
                : ''
            }`
          : t('statusAllSent')}
      </span>
      <span className="door-status__text" data-testid="last-sync">
        {status.download
          ? t('statusDownloading', { done: status.download.done, total: status.download.total })
          : status.lastPullAt
            ? t('statusLastSync', { time: formatWhen(status.lastPullAt, now) })
            : t('statusNeverSynced')}
      </span>
      <Link href="/door/stats" className="door-status__text door-status__progress" data-testid="progress">
        {t('statusProgress', { done: checkedIn, total: tickets })} ({percent}%)
      </Link>
      {status.conflicts.length > 0 && (
        <Link href="/door/conflicts" className="pill pill--danger" data-testid="conflicts">
          {tn('statusConflicts', status.conflicts.length)}
        </Link>
      )}
      {status.parked.length > 0 && (
        <Link href="/door/problems" className="pill pill--danger" data-testid="parked">
          {tn('statusParked', status.parked.length)}
        </Link>
      )}
      {status.corrections.length > 0 && (
        <Link href="/door/problems" className="pill pill--warn" data-testid="corrections-pill">
          {t('statusCorrections', { n: status.corrections.length })}
        </Link>
      )}
      {status.auditLost > 0 && (
        <Link href="/door/audit" className="pill pill--warn" data-testid="audit-lost">
          {t('auditLostPill')}
        </Link>
      )}
      {status.storage && (
        <span className="pill pill--danger" role="alert">
          {t('statusStorage', { reason: describeError(status.storage) })}
        </span>
      )}
    </div>
  );
}
