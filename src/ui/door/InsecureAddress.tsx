import { useId } from 'react';
import { t } from '../i18n/t';
import './seal.css';

/**
 * The door opened where the browser gives no WebCrypto (plain http on a network address): it
 * cannot seal a list, so it keeps none, and says how to reach the app over https.
 */
export function InsecureAddress() {
  const titleId = useId();
  return (
    <section className="panel seal" aria-labelledby={titleId} data-testid="seal-unavailable">
      <h1 id={titleId}>{t('insecureTitle')}</h1>
      <p>{t('insecureWhy', { address: window.location.origin })}</p>
      <p>{t('insecureFix')}</p>
      <p className="muted">{t('insecureServer')}</p>
    </section>
  );
}
