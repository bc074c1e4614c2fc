import { formatClock } from '../format';
import { t } from '../i18n/t';
import { ScreenHead } from './ScreenHead';
import { useDoorEngine, useDoorStatus, useEngineAnswer } from '../hooks/useDoor';

function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="bar" role="img" aria-label={label}>
      <div className="bar__fill" style={{ width: `${Math.min(100, percent)}%` }} />
    </div>
  );
}

export function StatsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  // Counted in the sync worker, where the list is; again whenever a check-in lands.
  const stats = useEngineAnswer(
    () => engine.stats(t('statsOtherDevices')),
    [
      engine,
      status.list?.slug,
      status.counts.tickets,
      status.counts.inside,
      status.pending,
      status.lastPullAt,
    ],
    null,
  );

  const peak = Math.max(1, ...(stats?.arrivals.map((a) => a.count) ?? [1]));
  return (
    <section className="panel" aria-labelledby="stats-title">
      <ScreenHead id="stats-title" title={t('statsTitle')} />
      {!stats ? (
        <p className="muted" role="status">
          {t('statsLoading')}
        </p>
      ) : (
        <>
          <p className="stats__inside" data-testid="stats-inside-now">
            <span className="muted">{t('statsInsideNow')}</span>{' '}
            <strong className="big-number">{stats.insideNow}</strong>
          </p>
          <p className="big-number" data-testid="stats-overall">
            {stats.overall.checkedIn} / {stats.overall.total}{' '}
            <span className="muted">({stats.overall.percent}%)</span>
          </p>
          <Bar percent={stats.overall.percent} label={`${stats.overall.percent}%`} />
          <h2>{t('statsByRelease')}</h2>
          <table className="table" data-testid="stats-by-release">
            <tbody>
              {stats.byRelease.map((r) => (
                <tr key={r.release}>
                  <th scope="row">{r.release}</th>
                  <td>
                    {r.progress.checkedIn} / {r.progress.total}
                  </td>
                  <td className="table__bar">
                    <Bar percent={r.progress.percent} label={`${r.progress.percent}%`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('statsByDevice')}</h2>
          <table className="table">
            <tbody>
              {stats.byDevice.map((d) => (
                <tr key={d.device}>
                  <th scope="row">{d.device}</th>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('statsFlow')}</h2>
          {stats.flow.length === 0 ? (
            <p className="muted">{t('statsNoArrivals')}</p>
          ) : (
            <table className="table flow" data-testid="stats-flow">
              <thead>
                <tr>
                  <th scope="col">{t('statsFlowTime')}</th>
                  <th scope="col">{t('statsFlowEntries')}</th>
                  <th scope="col">{t('statsFlowExits')}</th>
                  <th scope="col">{t('statsFlowInside')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.flow.slice(-24).map((q) => (
                  <tr key={q.start}>
                    <th scope="row">{formatClock(q.start)}</th>
                    <td>{q.entries}</td>
                    <td>{q.exits}</td>
                    <td>{q.inside}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="muted flow__note">{t('statsFlowNote')}</p>
          <h2>{t('statsArrivals')}</h2>
          {stats.arrivals.length === 0 ? (
            <p className="muted">{t('statsNoArrivals')}</p>
          ) : (
            <ol className="arrivals">
              {stats.arrivals.slice(-24).map((a) => (
                <li key={a.start}>
                  <span className="arrivals__time">{formatClock(a.start)}</span>
                  <Bar percent={(a.count / peak) * 100} label={String(a.count)} />
                  <span>{a.count}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
