import { t } from '../i18n/t';

export function OrganiserHome() {
  return (
    <section className="panel" aria-labelledby="organiser-title">
      <h1 id="organiser-title">{t('organiserTitle')}</h1>
      <p className="muted">{t('organiserIntro')}</p>
      <p>{t('organiserComing')}</p>
    </section>
  );
}
