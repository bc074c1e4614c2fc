// A page to print per check-in list and leave at the door: its QR code, its web check-in
// address and a few lines for door staff. On screen it has a Print button; on paper only the
// kit shows (print CSS hides the app around it).
import { Link } from 'wouter';
import { t } from '../../i18n/t';
import { listLink } from '../badges/saved-layouts';
import { scopedHref } from '../event-scope';
import { QrImage } from '../QrImage';
import { useListAndEvent } from './useListAndEvent';
import './arrivals.css';

const STEPS = ['kitStep1', 'kitStep2', 'kitStep3', 'kitStep4', 'kitStep5'] as const;

export function DoorKitScreen({ account, event, id }: { account: string; event: string; id: string }) {
  const scope = { account, event };
  const loaded = useListAndEvent(scope, id);
  if (!loaded.ready) return loaded.notice;
  const record = loaded.list;
  const title = String(record.title ?? '');
  // The address carries the list's badge layout, so a door joining by the kit prints it too.
  const address = listLink(record);
  return (
    <section className="panel org-section door-kit" aria-labelledby="door-kit-title">
      <div className="door-kit__screen-only org-actions">
        <Link href={scopedHref(scope, 'checkin_lists', id)}>{t('arrBack', { list: title })}</Link>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('kitPrint')}
        </button>
      </div>
      <h2 id="door-kit-title">{t('kitTitle', { list: title })}</h2>
      {loaded.event ? (
        <p className="door-kit__event">{t('kitEvent', { event: String(loaded.event.title ?? '') })}</p>
      ) : null}
      <div className="door-kit__code">
        <QrImage value={address} label={`QR code of the check-in list ${title}`} size={320} />
        <div>
          <p className="door-kit__lead">{t('kitScan')}</p>
          <p>{t('kitAddress')}</p>
          <p className="door-kit__address" data-testid="door-kit-address">
            {address}
          </p>
        </div>
      </div>
      <h3>{t('kitStepsTitle')}</h3>
      <ol className="door-kit__steps">
        {STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </section>
  );
}
