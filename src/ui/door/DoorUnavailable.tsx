import { useId } from 'react';
import { t } from '../i18n/t';

/**
 * The door's worker could not load its code (src/ui/app/door-runtime.ts): no scan would ever be
 * answered, so no door screen shows. What the device holds stays where it is; a reload loads
 * the code again (from the network, when the browser's copy of it is gone).
 */
export function DoorUnavailable() {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="door-unavailable">
      <h1 id={titleId}>{t('doorUnavailableTitle')}</h1>
      <p>{t('doorUnavailableWhy')}</p>
      <p>{t('doorUnavailableKept')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('doorUnavailableReload')}
      </button>
    </section>
  );
}
