import { memo } from 'react';
import { attendeeName, verdictTone } from '../../domain/verdict';
import type { LaneEntry } from '../../scanner/fast-lane';
import { appStore } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { formatClock } from '../format';
import { t } from '../i18n/t';
import type { ScanFlow, ShownVerdict } from './useScanFlow';
import { VERDICT_ICONS, VERDICT_TITLES, verdictTitle } from './verdict-words';

/**
 * The fast-lane switch in the scan screen's controls; kept in the device's settings. Memoised:
 * the scan screen renders again for each verdict, and a checkbox drawn again is set again.
 */
export const LaneToggle = memo(function LaneToggle() {
  const on = useAppStore((s) => s.settings.fastLane);
  return (
    // `--on`: its border says so (door.css), a class rather than :has(input:checked).
    <label className={`lane__toggle scan__control${on ? ' lane__toggle--on' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        onChange={(e) => appStore.getState().setSettings({ fastLane: e.target.checked })}
      />
      <span>{t('laneToggle')}</span>
    </label>
  );
});

/** The latest verdict, small enough to leave the camera in view; replaced by the next code. */
function LaneCard({ shown, onUndo }: { shown: ShownVerdict; onUndo?: () => void }) {
  const { verdict } = shown;
  const tone = verdictTone(verdict);
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  return (
    <div
      className={`lane__card lane__card--${tone}`}
      role="status"
      aria-live="assertive"
      data-testid="lane-verdict"
      data-verdict={verdict.kind}
      data-at={shown.at}
    >
      <span className="lane__icon" aria-hidden="true">
        {VERDICT_ICONS[tone]}
      </span>
      <div className="lane__words">
        <p className="lane__title">{verdictTitle(verdict)}</p>
        {ticket && <p className="lane__name">{attendeeName(ticket)}</p>}
        {ticket && (
          <p className="lane__meta">
            {ticket.releaseTitle && <span>{ticket.releaseTitle}</span>}
            <span className="code">{ticket.reference}</span>
          </p>
        )}
      </div>
      {onUndo && (
        <button type="button" className="button" onClick={onUndo}>
          {t('verdictUndo')}
        </button>
      )}
    </div>
  );
}

function StripItem({ entry }: { entry: LaneEntry }) {
  return (
    <li
      className={`lane__item lane__item--${entry.tone}`}
      data-verdict={entry.kind}
      data-undone={entry.undone}
      data-at={entry.at}
    >
      <span className="lane__item-icon" aria-hidden="true">
        {VERDICT_ICONS[entry.tone]}
      </span>
      <span className="lane__item-name">
        {entry.name ?? t(VERDICT_TITLES[entry.kind])}
        {entry.reference && <span className="lane__item-ref code"> {entry.reference}</span>}
      </span>
      <span className="lane__item-what">
        {/* Icon and colour say "admitted"; anything else is named. */}
        {entry.undone
          ? t('laneUndone')
          : entry.name && entry.kind !== 'admitted'
            ? t(VERDICT_TITLES[entry.kind])
            : ''}
      </span>
      <time className="lane__item-time muted">{formatClock(entry.at)}</time>
    </li>
  );
}

/** The fast lane under the camera: the current verdict and the strip of the last ones. */
export function FastLane({ flow }: { flow: ScanFlow }) {
  const { shown, lane } = flow;
  const inLane = shown && lane.stoppedBy?.at !== shown.at;
  return (
    <section className="lane" aria-label={t('laneToggle')}>
      {inLane ? (
        <LaneCard key={shown.at} shown={shown} onUndo={shown.checkin ? () => void flow.undo() : undefined} />
      ) : (
        <p className="lane__card lane__card--ready" data-testid="lane-ready">
          {t('laneReady')}
        </p>
      )}
      {lane.strip.length > 0 && (
        <ol className="lane__strip" aria-label={t('laneStrip')} data-testid="lane-strip">
          {lane.strip.map((entry) => (
            <StripItem key={entry.at} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
