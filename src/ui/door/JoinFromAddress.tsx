import { useEffect } from 'react';
import { requestPersistentStorage } from '../../pwa/persistent-storage';
import { t } from '../i18n/t';

/** `/checkin_lists/:slug`: the list's web check-in address opened on this device. */
export function JoinFromAddress({ slug }: { slug: string }) {
  useEffect(() => {
    // Joining is the moment this device starts holding data it must not lose.
    void requestPersistentStorage();
  }, []);
  return (
    <section className="panel" aria-labelledby="join-title">
      <h1 id="join-title">{t('doorJoiningTitle')}</h1>
      <p className="muted">{t('doorJoiningBody')}</p>
      <p className="code" data-testid="joining-slug">
        {slug.slice(0, 8)}…
      </p>
      <p className="muted">{t('doorComing')}</p>
    </section>
  );
}
