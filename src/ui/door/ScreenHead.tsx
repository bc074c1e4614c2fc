import { Link } from 'wouter';
import { t } from '../i18n/t';

/** A door screen's title and the way back; `id` labels the screen's section. */
export function ScreenHead({ id, title, back = '/' }: { id: string; title: string; back?: string }) {
  return (
    <div className="screen-head">
      <Link href={back} className="button">
        {t('back')}
      </Link>
      <h1 id={id}>{title}</h1>
    </div>
  );
}
