// The figures of the arrivals screen: the counts, progress by release, the latest check-ins
// and double admissions. Each reads one part of the summary; nothing here fetches.
import type {
  ArrivalsSummary,
  DoubleAdmission,
  FeedItem,
  ReleaseProgress as Progress,
} from '../../../domain/arrivals';
import { t, tn } from '../../i18n/t';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export function ArrivalsTiles({ summary }: { summary: ArrivalsSummary }) {
  const { checkedIn, total, insideNow, doubles } = summary;
  return (
    <dl className="live-arrivals__tiles" aria-live="polite">
      <div className="live-arrivals__tile">
        <dt>{t('arrCheckedIn')}</dt>
        <dd>
          <span className="live-arrivals__number" data-testid="arrivals-checked-in">
            {checkedIn}
          </span>{' '}
          <span className="live-arrivals__of" data-testid="arrivals-total">
            {t('arrOfTotal', { total, percent: percentOf(checkedIn, total) })}
          </span>
          <progress max={Math.max(total, 1)} value={checkedIn} aria-hidden="true" />
        </dd>
      </div>
      <div className="live-arrivals__tile">
        <dt>{t('arrInsideNow')}</dt>
        <dd>
          <span className="live-arrivals__number" data-testid="arrivals-inside">
            {insideNow}
          </span>{' '}
          <span className="live-arrivals__of">{tn('arrInsideHelp', insideNow)}</span>
        </dd>
      </div>
      <div className={`live-arrivals__tile${doubles.length > 0 ? ' live-arrivals__tile--warn' : ''}`}>
        <dt>{t('arrDoubles')}</dt>
        <dd>
          <span className="live-arrivals__number" data-testid="arrivals-doubles">
            {doubles.length}
          </span>{' '}
          <span className="live-arrivals__of">{tn('arrDoublesHelp', doubles.length)}</span>
        </dd>
      </div>
    </dl>
  );
}

export function ReleaseProgress({ releases }: { releases: readonly Progress[] }) {
  return (
    <div className="live-arrivals__releases">
      <h3 id="arrivals-releases">{t('arrByRelease')}</h3>
      <ul aria-labelledby="arrivals-releases" className="live-arrivals__list">
        {releases.map((r) => (
          <li key={r.release} className="live-arrivals__release" data-testid="arrivals-release">
            <span className="live-arrivals__release-name">{r.release}</span>
            <span className="live-arrivals__release-count">
              {r.checkedIn} / {r.total}
            </span>
            <progress max={Math.max(r.total, 1)} value={r.checkedIn} aria-label={r.release} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LatestFeed({ items, format }: { items: readonly FeedItem[]; format(at: number): string }) {
  return (
    <div className="live-arrivals__feed">
      <h3 id="arrivals-feed">{t('arrLatest')}</h3>
      {items.length === 0 ? <p className="muted">{t('arrLatestNone')}</p> : null}
      <ol aria-labelledby="arrivals-feed" className="live-arrivals__list" data-testid="arrivals-feed">
        {items.map((item) => (
          <li
            key={item.uuid}
            className={`live-arrivals__entry${item.left ? ' live-arrivals__entry--left' : ''}`}
          >
            <time dateTime={new Date(item.at).toISOString()}>{format(item.at)}</time>
            <span className="live-arrivals__name">{item.name}</span>
            <span className="live-arrivals__release-tag">{item.release ?? ''}</span>
            {item.left ? <span className="muted">{t('arrLeft')}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function DoubleAdmissions({
  doubles,
  format,
}: {
  doubles: readonly DoubleAdmission[];
  format(at: number): string;
}) {
  return (
    <div className="live-arrivals__doubles">
      <h3 id="arrivals-doubles">{t('arrDoubles')}</h3>
      {doubles.length === 0 ? <p className="muted">{t('arrDoublesNone')}</p> : null}
      <ul
        aria-labelledby="arrivals-doubles"
        className="live-arrivals__list"
        data-testid="arrivals-double-list"
      >
        {doubles.map((d) => (
          <li key={d.ticketId} className="live-arrivals__entry live-arrivals__entry--warn">
            <span className="live-arrivals__name">{d.name}</span>
            <span className="live-arrivals__release-tag">
              {d.reference} {d.release ?? ''}
            </span>
            <span>{t('arrTimes', { times: d.times.map(format).join(', ') })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
