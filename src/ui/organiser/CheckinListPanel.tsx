// What the organiser hands to the door: the list's QR code and address, large enough to scan
// from a laptop screen with a phone, and the progress (refreshed while the screen is open).
import { t } from '../i18n/t';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { scopedHref, useEventScope } from './event-scope';
import type { AdminRecord } from '../../api/admin-client';
import { QrImage } from './QrImage';
import { listLink, withSavedLayout } from './badges/saved-layouts';

interface Props {
  record: AdminRecord;
  onRefresh(): void;
}

export function CheckinListPanel({ record, onRefresh }: Props) {
  const checked = Number(record.checked_in_count ?? 0);
  const total = Number(record.tickets_count ?? 0);
  const percent = total > 0 ? Math.round((checked / total) * 100) : 0;
  // With the list's badge layout in its fragment, once one is set (docs/badges.md).
  const address = listLink(record);
  const scope = useEventScope();
  const listHref = scope ? scopedHref(scope, 'checkin_lists', String(record.slug)) : null;
  useEffect(() => {
    const timer = setInterval(onRefresh, 10_000);
    return () => clearInterval(timer);
  }, [onRefresh]);
  return (
    <div className="org-checkin">
      <div className="org-progress" aria-live="polite">
        <p className="org-progress__numbers" data-testid="checkin-progress">
          {t('orgCheckedIn', { checked, total, percent })}
        </p>
        <progress
          max={Math.max(total, 1)}
          value={checked}
          aria-label={t('orgCheckedIn', { checked, total, percent })}
        />
        <button type="button" className="button" onClick={onRefresh}>
          {t('orgRefresh')}
        </button>
        {listHref ? (
          <>
            <Link href={`${listHref}/arrivals`} className="button button--primary">
              {t('arrOpen')}
            </Link>
            <Link href={`${listHref}/door-kit`} className="button">
              {t('kitOpen')}
            </Link>
            <Link href={`${listHref}/badges`} className="button">
              {t('badgeOpen')}
            </Link>
          </>
        ) : null}
      </div>
      <div className="org-handover">
        <QrImage value={address} label={`QR code of the check-in list ${String(record.title)}`} size={360} />
        <div>
          <h3>{t('orgWebCheckinAddress')}</h3>
          <p className="org-address" data-testid="web-checkin-url">
            {address}
          </p>
          <p className="muted">{t('orgHandoverHelp')}</p>
          <div className="org-actions">
            <Link
              href={withSavedLayout(
                String(record.slug),
                `~/checkin_lists/${encodeURIComponent(String(record.slug))}`,
              )}
              className="button button--primary"
            >
              {t('orgOpenDoorApp')}
            </Link>
            <button type="button" className="button" onClick={() => navigator.clipboard?.writeText(address)}>
              {t('orgCopyAddress')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
