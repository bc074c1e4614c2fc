import { useOnline } from '../hooks/useOnline';
import { t } from '../i18n/t';

export function StatusPill() {
  const online = useOnline();
  return (
    <span className={`pill ${online ? 'pill--ok' : 'pill--warn'}`} role="status" aria-live="polite">
      <span aria-hidden="true" className="pill__dot" />
      {online ? t('online') : t('offline')}
    </span>
  );
}
