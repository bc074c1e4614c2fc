// A check-in list's arrivals, live: the screen an organiser keeps open during the event, and
// (full screen) the one on the production desk's monitor: large, dark, nothing else on it.
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AdminRecord } from '../../../api/admin-client';
import { describeError } from '../../error-words';
import { useAppStore } from '../../../state/use-app-store';
import { t } from '../../i18n/t';
import { scopedHref } from '../event-scope';
import { ArrivalsByDoor } from './ArrivalsByDoor';
import { ArrivalsChart } from './ArrivalsChart';
import { ArrivalsTiles, DoubleAdmissions, LatestFeed, ReleaseProgress } from './ArrivalsFigures';
import { CheckinReportButton } from './CheckinReportButton';
import { timeFormat, validTimeZone } from './time-format';
import { ARRIVALS_INTERVAL_MS, useArrivals } from './useArrivals';
import { useListAndEvent } from './useListAndEvent';
import './arrivals.css';

interface Props {
  account: string;
  event: string;
  id: string;
}

export function ArrivalsScreen({ account, event, id }: Props) {
  const scope = { account, event };
  const loaded = useListAndEvent(scope, id);
  if (!loaded.ready) return loaded.notice;
  return (
    <Arrivals
      record={loaded.list}
      eventRecord={loaded.event}
      listHref={scopedHref(scope, 'checkin_lists', id)}
      byDoor={<ArrivalsByDoor account={account} event={event} slug={String(loaded.list.slug ?? id)} />}
    />
  );
}

function Arrivals({
  record,
  eventRecord,
  listHref,
  byDoor,
}: {
  record: AdminRecord;
  eventRecord: AdminRecord | null;
  listHref: string;
  /** Admissions and refusals per door, when the app's server keeps the doors as a fleet. */
  byDoor: ReactNode;
}) {
  const live = useArrivals(record);
  const theme = useAppStore((s) => s.settings.theme);
  const [location, navigate] = useLocation();
  const wall = new URLSearchParams(useSearch()).get('view') === 'wall';
  const wentFullScreen = useRef(false);
  const title = String(record.title ?? '');
  const format = timeFormat(eventRecord?.timezone);
  const timeZone = validTimeZone(eventRecord?.timezone);

  const enterWall = () => {
    navigate(`${location}?view=wall`);
    // Full screen needs the click's user activation; where it is refused, the view still fills the window.
    const request = document.documentElement.requestFullscreen?.bind(document.documentElement);
    request?.()
      .then(() => {
        wentFullScreen.current = true;
      })
      .catch(() => {});
  };
  const leaveWall = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    navigate(location, { replace: true });
  };
  useEffect(() => {
    if (!wall) return;
    const onChange = () => {
      // Escape ends full screen in the browser itself: the view follows.
      if (!document.fullscreenElement && wentFullScreen.current) {
        wentFullScreen.current = false;
        navigate(location, { replace: true });
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.fullscreenElement) navigate(location, { replace: true });
    };
    document.addEventListener('fullscreenchange', onChange);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('keydown', onKey);
    };
  }, [wall, location, navigate]);

  const summary = live.summary;
  return (
    <section
      className={`live-arrivals${wall ? ' live-arrivals--wall' : ' panel org-section'}`}
      aria-labelledby="arrivals-title"
      data-testid="arrivals"
    >
      <div className="live-arrivals__head">
        {!wall ? (
          <p className="live-arrivals__back">
            <Link href={listHref}>{t('arrBack', { list: title })}</Link>
          </p>
        ) : null}
        <h2 id="arrivals-title">{t('arrTitle', { list: title })}</h2>
        <p className="muted live-arrivals__status" role="status" data-testid="arrivals-status">
          {live.failure
            ? t('arrStale', { reason: describeError(live.failure) })
            : live.updatedAt
              ? t('arrUpdated', { time: format(live.updatedAt), seconds: ARRIVALS_INTERVAL_MS / 1000 })
              : t('arrConnecting')}
        </p>
        <div className="org-actions live-arrivals__actions">
          {wall ? (
            <button type="button" className="button" onClick={leaveWall}>
              {t('arrLeaveFullScreen')}
            </button>
          ) : (
            <>
              <button type="button" className="button button--primary" onClick={enterWall}>
                {t('arrFullScreen')}
              </button>
              <CheckinReportButton title={title} slug={String(record.slug ?? '')} arrivals={live.arrivals} />
              <Link href={`${listHref}/door-kit`} className="button">
                {t('kitOpen')}
              </Link>
            </>
          )}
        </div>
      </div>
      {summary ? (
        <div className="live-arrivals__grid">
          <ArrivalsTiles summary={summary} />
          <div className="live-arrivals__main">
            <div className="live-arrivals__chart">
              <h3>{t('arrChart')}</h3>
              <ArrivalsChart
                buckets={summary.perFiveMinutes}
                theme={wall ? 'wall' : theme}
                fontPx={wall ? 20 : 13}
                timeZone={timeZone}
              />
            </div>
            <ReleaseProgress releases={summary.byRelease} />
            {byDoor}
          </div>
          <div className="live-arrivals__side">
            <DoubleAdmissions doubles={summary.doubles} format={format} />
            <LatestFeed items={summary.latest} format={format} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
