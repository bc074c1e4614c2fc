import { memo, useRef } from 'react';
import { Link } from 'wouter';
import { type MessageKey, t } from '../i18n/t';
import { DoorHealth, type DoorHealthProps } from './DoorHealth';
import { DownloadProgress } from './DownloadProgress';
import { progressWords } from './status-line';

/** The door's other screens, in the sheet's order. */
const LINKS = [
  ['/door/search', 'scanSearch'],
  ['/door/stats', 'scanStats'],
  ['/door/lists', 'scanLists'],
  ['/door/kiosk', 'scanKiosk'],
] as const satisfies readonly (readonly [string, MessageKey])[];

/**
 * What staff need now and then, one tap away from the scan screen: the list and its
 * progress, Stats, Lists, Kiosk mode, the readiness check, the fast lane's explanation and
 * the device's health.
 */
/** Memoised: the scan screen renders again for each verdict; this changes with the status. */
export const ScanMenu = memo(function ScanMenu({
  status,
  now,
  storage,
  onReadiness,
}: DoorHealthProps & { onReadiness(): void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const progress = progressWords(status);
  return (
    <details
      ref={menu}
      className="scan__menu"
      data-testid="scan-menu"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="button scan__control scan__control--icon">
        <svg className="scan__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="visually-hidden">{t('scanMore')}</span>
      </summary>
      <div className="scan__sheet">
        {status.list && (
          <p className="scan__sheet-list">
            <strong>{status.list.title}</strong>
            {status.list.eventTitle && <span className="muted">{status.list.eventTitle}</span>}
          </p>
        )}
        {status.download && status.list && (
          <DownloadProgress download={status.download} title={status.list.title} />
        )}
        <Link href="/door/stats" className="scan__progress" data-testid="progress">
          {t(progress.words.key, progress.words.values)}
          {progress.percent !== null && ` (${progress.percent}%)`}
        </Link>
        <nav className="scan__sheet-links" aria-label={t('scanMore')}>
          {LINKS.map(([href, key]) => (
            <Link key={href} href={href} className="button">
              {t(key)}
            </Link>
          ))}
          <button
            type="button"
            className="button"
            data-testid="menu-readiness"
            onClick={() => {
              if (menu.current) menu.current.open = false;
              onReadiness();
            }}
          >
            {t('scanReadiness')}
          </button>
        </nav>
        <p className="scan__sheet-help">
          <strong>{t('laneToggle')}</strong> {t('laneToggleHelp')}
        </p>
        <DoorHealth status={status} now={now} storage={storage} />
      </div>
    </details>
  );
});
