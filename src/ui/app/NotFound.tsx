import { Link } from 'wouter';
import { t } from '../i18n/t';

export function NotFound() {
  return (
    <section className="panel" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFoundTitle')}</h1>
      <p className="muted">{t('notFoundBody')}</p>
      <Link href="/" className="button">
        {t('notFoundBack')}
      </Link>
    </section>
  );
}
