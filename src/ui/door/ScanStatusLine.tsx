import { memo } from 'react';
import { Link } from 'wouter';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { formatAge } from '../format';
import { t } from '../i18n/t';
import { ReadinessPill } from './ReadinessPill';
import { statusLine, type Words } from './status-line';

function say(words: Words): string {
  if (words.key === 'statusSyncedAgo') return t(words.key, { age: formatAge(words.values?.ms ?? 0) });
  return t(words.key, words.values);
}

/**
 * The scan screen's status in one line a glance can take (announced politely), and the one
 * thing that needs attention as a chip leading to where staff act on it.
 */
/** Memoised: the scan screen renders again for each verdict; this changes with the status. */
export const ScanStatusLine = memo(function ScanStatusLine({
  status,
  now,
  storageShare,
  readinessOpen,
  onReadiness,
  behind = false,
}: {
  status: SyncStatus;
  /**
   * The line shows the status before the one the store holds (beneath a verdict, until its frame
   * is painted: beneath-verdict.ts): marked busy, so nothing reads it as the door's word yet.
   */
  behind?: boolean;
  now: number;
  storageShare: number | null;
  readinessOpen: boolean;
  /** Opens or closes the readiness panel (a stable function: the line is memoised). */
  onReadiness(): void;
}) {
  const line = statusLine(status, now, storageShare);
  const { attention } = line;
  return (
    <div
      className="door-status scan__status"
      data-testid="door-status"
      aria-busy={behind || undefined}
      // Whether the list is whole, even while a more pressing chip stands in front of its own.
      data-list={!status.list ? 'none' : status.complete ? 'complete' : 'incomplete'}
    >
      <p className="scan__status-line" role="status">
        <span className={`scan__conn scan__conn--${line.connection}`} data-testid="connection">
          <span aria-hidden="true" className="pill__dot" />
          {say(line.connectionWords)}
        </span>
        <span
          className={line.unsentWords.key !== 'statusAllSent' ? 'scan__warn' : undefined}
          data-testid="pending"
        >
          {say(line.unsentWords)}
        </span>
        {/* Early on the line: on a phone it fits the first row, beside what is unsent, where a
            place at the end took a row of its own and the camera's picture below 60 %. */}
        <ReadinessPill status={status} now={now} open={readinessOpen} onToggle={onReadiness} />
        <span data-testid="last-sync">{say(line.dataWords)}</span>
        <span data-testid="inside-now">
          <strong className="scan__inside-count">{line.inside ?? '…'}</strong> {t('statusInside')}
        </span>
      </p>
      {attention && (
        <Link
          href={attention.href}
          className={`pill pill--${attention.tone} scan__chip`}
          data-testid={attention.testId}
          data-kind={attention.kind}
        >
          {say(attention.words)}
          {line.moreAttention > 0 && ` ${t('chipMore', { n: line.moreAttention })}`}
        </Link>
      )}
    </div>
  );
});
