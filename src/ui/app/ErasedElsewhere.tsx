import { t } from '../i18n/t';

const startAgain = () => window.location.replace('/');

/** In place of every screen once another tab of the app forgot this device's data. */
export function ErasedElsewhere() {
  return (
    <main id="main" className="main" tabIndex={-1}>
      <section className="panel" aria-labelledby="erased-title" data-testid="erased-elsewhere">
        <h1 id="erased-title">{t('forgetDoneTitle')}</h1>
        <p role="status">{t('forgetElsewhereBody')}</p>
        <button type="button" className="button button--primary" onClick={startAgain}>
          {t('forgetDoneStart')}
        </button>
      </section>
    </main>
  );
}
