import { useEffect, useRef, useState } from 'react';
import type { BadgeTicket } from '../../domain/badge-content';
import { overallLevel, type ReadinessCheck } from '../../domain/readiness';
import { requestPersistentStorage } from '../../pwa/persistent-storage';
import { checkReadiness } from '../../state/readiness';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { t } from '../i18n/t';
import {
  byUrgency,
  LEVEL_MARK,
  levelWord,
  readinessSummary,
  readinessText,
  readinessTitle,
} from './readiness-words';
import { useBadgePrinter } from './useBadges';
import { useReadiness } from './useReadiness';

/** The made-up guest of a test print: no attendee's name leaves the device for a test. */
function sampleBadge(): BadgeTicket {
  return {
    slug: 'test-print',
    firstName: t('readyTestFirstName'),
    lastName: t('readyTestLastName'),
    companyName: t('readyTestCompany'),
    jobTitle: null,
    releaseTitle: t('readyTestRelease'),
  };
}

/** What staff can do about an item from the panel itself, where there is something to do. */
function ItemAction({ item, onDone }: { item: ReadinessCheck; onDone(): void }) {
  const badges = useBadgePrinter();
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>) => {
    setBusy(true);
    void work().finally(() => {
      setBusy(false);
      onDone();
    });
  };
  if (item.id === 'storage-persistent' && item.level === 'amber')
    return (
      <button type="button" className="button" disabled={busy} onClick={() => run(requestPersistentStorage)}>
        {t('readyAskPersist')}
      </button>
    );
  if (item.id === 'badge-printing' && badges.layout)
    return (
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => run(() => badges.testPrint(sampleBadge()))}
      >
        {t('readyTestPrint')}
      </button>
    );
  return null;
}

/**
 * Ready before doors open? Every item with its level (in a word and a mark, not colour alone)
 * and its fix. It lies over the camera's picture and holds nothing: the camera and a scanner
 * keep reading underneath, and a verdict shows over it as anywhere on the scan screen.
 */
export function ReadinessPanel({
  status,
  now,
  onClose,
}: {
  status: SyncStatus;
  now: number;
  onClose(): void;
}) {
  const readiness = useReadiness(status, now);
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const level = overallLevel(readiness);

  const checkAgain = () => {
    setChecking(true);
    void checkReadiness().finally(() => setChecking(false));
  };
  // Opened: the platform is read again at once, and a screen reader starts at the heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens
  useEffect(() => {
    heading.current?.focus();
    checkAgain();
  }, []);

  return (
    <section
      id="readiness-panel"
      className={`readiness readiness--${level}`}
      data-testid="readiness-panel"
      data-ready={readiness.ready}
      aria-labelledby="readiness-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="readiness__head">
        <h2 id="readiness-title" className="readiness__title" ref={heading} tabIndex={-1}>
          {t('readyPanelTitle')}
        </h2>
        <button type="button" className="button readiness__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('readyClose')}</span>
        </button>
      </div>
      <p className="readiness__summary" role="status" data-testid="readiness-summary">
        <span aria-hidden="true" className="readiness__mark">
          {LEVEL_MARK[level]}
        </span>
        {readinessSummary(readiness)}
      </p>
      <ul className="readiness__items">
        {byUrgency(readiness.items).map((item) => (
          <li
            key={item.id}
            className={`readiness__item readiness__item--${item.level}`}
            data-testid="readiness-item"
            data-item={item.id}
            data-level={item.level}
          >
            <span className="readiness__mark" aria-hidden="true">
              {LEVEL_MARK[item.level]}
            </span>
            <div className="readiness__body">
              <p className="readiness__item-title">
                <strong>{readinessTitle(item.id)}</strong>
                <span className="readiness__level">{levelWord(item.level)}</span>
              </p>
              <p className="readiness__text">{readinessText(item.words)}</p>
              <ItemAction item={item} onDone={checkAgain} />
            </div>
          </li>
        ))}
      </ul>
      <div className="readiness__foot">
        <button type="button" className="button" disabled={checking} onClick={checkAgain}>
          {checking ? t('readyChecking') : t('readyCheckAgain')}
        </button>
        <span className="muted">{t('readyScanningGoesOn')}</span>
      </div>
    </section>
  );
}
