// Admissions and refusals per door, from the doors' own reports (the fleet): the Check-in API
// does not say which door made a check-in, and knows nothing of refusals. Shown only when the
// app's server keeps a fleet and a door of this list has reported.
import { useMemo } from 'react';
import { formatCount } from '../../format';
import { t } from '../../i18n/t';
import { doorState, refusalsOf, refusalWords, sortDoors } from '../devices/door-figures';
import { useFleet } from '../devices/useFleet';
import { useFleetClient } from '../devices/useFleetClient';

export function ArrivalsByDoor({ account, event, slug }: { account: string; event: string; slug: string }) {
  const scope = useMemo(() => ({ account, event }), [account, event]);
  const access = useFleetClient();
  const fleet = useFleet(access.kind === 'ready' ? access.client : null, scope);
  const doors = sortDoors(
    (fleet.view?.devices ?? []).filter((d) => d.checkin_list.slug === slug && d.report),
    null,
  ).sort((a, b) => (b.report?.admissions ?? 0) - (a.report?.admissions ?? 0));
  if (doors.length === 0) return null;
  return (
    <div className="live-arrivals__doors" data-testid="arrivals-by-door">
      <h3 id="arrivals-doors">{t('arrByDoor')}</h3>
      <p className="muted live-arrivals__doors-note">{t('arrByDoorNote')}</p>
      <ul aria-labelledby="arrivals-doors" className="live-arrivals__list">
        {doors.map((door) => {
          const report = door.report!;
          const refusals = refusalsOf(report);
          const state = doorState(door);
          return (
            <li key={door.id} className="live-arrivals__door" data-testid="arrivals-door">
              <span className="live-arrivals__name">
                {door.name}
                {state === 'online' ? null : (
                  <span className="live-arrivals__release-tag">
                    {' '}
                    {state === 'revoked' || state === 'forgotten' ? t('devRevoked') : t('arrDoorSilent')}
                  </span>
                )}
              </span>
              <span className="live-arrivals__release-count">
                {t('devAdmitted', {
                  admitted: formatCount(report.admissions),
                  refused: formatCount(refusals.total),
                })}
              </span>
              {refusals.byReason.length > 0 ? (
                <span className="live-arrivals__door-reasons muted">
                  {refusals.byReason
                    .map(([reason, n]) =>
                      t('devRefusalReason', { reason: refusalWords(reason), n: formatCount(n) }),
                    )
                    .join(t('devSummarySeparator'))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
