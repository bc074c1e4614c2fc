// What the organiser hands to the door: the list's QR code and address, large enough to scan
// from a laptop screen with a phone, and the progress (refreshed while the screen is open).
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { AdminRecord } from '../../api/admin-client';
import { QrImage } from './QrImage';

interface Props {
  record: AdminRecord;
  onRefresh(): void;
}

export function webCheckinAddress(record: AdminRecord): string {
  const given = typeof record.web_checkin_url === 'string' ? record.web_checkin_url : '';
  return given || `${location.origin}/checkin_lists/${String(record.slug)}`;
}

export function CheckinListPanel({ record, onRefresh }: Props) {
  const checked = Number(record.checked_in_count ?? 0);
  const total = Number(record.tickets_count ?? 0);
  const percent = total > 0 ? Math.round((checked / total) * 100) : 0;
  const address = webCheckinAddress(record);
  useEffect(() => {
    const timer = setInterval(onRefresh, 10_000);
    return () => clearInterval(timer);
  }, [onRefresh]);
  return (
    <div className="org-checkin">
      <div className="org-progress" aria-live="polite">
        <p className="org-progress__numbers" data-testid="checkin-progress">
          <strong>{checked}</strong> of <strong>{total}</strong> checked in ({percent}%)
        </p>
        <progress max={Math.max(total, 1)} value={checked} aria-label="Checked in" />
        <button type="button" className="button" onClick={onRefresh}>
          Refresh
        </button>
      </div>
      <div className="org-handover">
        <QrImage value={address} label={`QR code of the check-in list ${String(record.title)}`} size={360} />
        <div>
          <h3>Web check-in address</h3>
          <p className="org-address" data-testid="web-checkin-url">
            {address}
          </p>
          <p className="muted">
            Door staff scan this code with the door app, or open the address on their device.
          </p>
          <div className="org-actions">
            <Link
              href={`~/checkin_lists/${encodeURIComponent(String(record.slug))}`}
              className="button button--primary"
            >
              Open the door app on this device
            </Link>
            <button type="button" className="button" onClick={() => navigator.clipboard?.writeText(address)}>
              Copy address
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
