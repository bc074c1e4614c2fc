import { Link } from 'wouter';
import { describeError } from '../error-words';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { formatAge, formatWhen } from '../format';
import { t } from '../i18n/t';
import { attentions, connectionKey, connectionOf, progressWords, unsentWordsOf } from './status-line';

interface Props {
  status: SyncStatus;
  now: number;
}

/** Always on the door screens: the four things staff must know at a glance. */
export function DoorStatusBar({ status, now }: Props) {
  const connection = connectionOf(status);
  const progress = progressWords(status);
  const unsent = unsentWordsOf(status);
  return (
    <div className="door-status" data-testid="door-status">
      <span
        className={`pill ${connection === 'online' ? 'pill--ok' : 'pill--warn'}`}
        data-testid="connection"
      >
        <span aria-hidden="true" className="pill__dot" />
        {t(connectionKey(connection))}
      </span>
      <span
        className={`pill ${unsent.key === 'statusAllSent' ? 'pill--ok' : 'pill--warn'}`}
        data-testid="pending"
      >
        {t(unsent.key, unsent.values)}
        {status.pending > 0 &&
          status.oldestPendingAt !== null &&
          ` · ${t('statusPendingOldest', { age: formatAge(now - status.oldestPendingAt) })}`}
      </span>
      <span className="door-status__text" data-testid="last-sync">
        {status.download
          ? t('statusDownloading', { done: status.download.done, total: status.download.total })
          : status.lastPullAt
            ? t('statusLastSync', { time: formatWhen(status.lastPullAt, now) })
            : t('statusNeverSynced')}
      </span>
      <Link href="/door/stats" className="door-status__text door-status__progress" data-testid="progress">
        {t(progress.words.key, progress.words.values)}
        {progress.percent !== null && ` (${progress.percent}%)`}
      </Link>
      {attentions(status, null)
        // The storage trouble says its reason below; the download is the sync text's.
        .filter((a) => a.kind !== 'storage' && a.kind !== 'downloading')
        .map((a) => (
          <Link key={a.kind} href={a.href} className={`pill pill--${a.tone}`} data-testid={a.testId}>
            {t(a.words.key, a.words.values)}
          </Link>
        ))}
      {status.storage && (
        <span className="pill pill--danger" role="alert">
          {t('statusStorage', { reason: describeError(status.storage) })}
        </span>
      )}
    </div>
  );
}
