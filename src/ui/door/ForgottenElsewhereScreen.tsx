import { useDoorEngine } from '../hooks/useDoor';
import { t } from '../i18n/t';

/**
 * Why the list open here went: another tab of the app forgot it. Without it staff would find the
 * join screen where their list was, with nothing to say what happened.
 */
export function ForgottenElsewhereScreen({ listTitle }: { listTitle: string }) {
  const engine = useDoorEngine();
  return (
    <section
      className="panel farewell"
      aria-labelledby="forgotten-elsewhere-title"
      data-testid="forgotten-elsewhere"
    >
      <h1 id="forgotten-elsewhere-title">{t('listForgottenElsewhereTitle', { title: listTitle })}</h1>
      <p className="farewell__why">{t('listForgottenElsewhereText')}</p>
      <button
        type="button"
        className="button button--primary button--large"
        onClick={() => void engine.dismissForgottenElsewhere()}
      >
        {t('farewellDone')}
      </button>
    </section>
  );
}
