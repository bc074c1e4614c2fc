import { t, tn } from '../i18n/t';
import type { ListMeta } from '../../api/admin-client';

interface Props {
  meta: ListMeta;
  onPage(page: number): void;
}

export function Pager({ meta, onPage }: Props) {
  if (meta.total_pages <= 1) {
    return <p className="muted org-count">{t('orgShown', { count: meta.total_count })}</p>;
  }
  return (
    <nav className="org-pager" aria-label={t('orgPages')}>
      <button
        type="button"
        className="button"
        disabled={!meta.prev_page}
        onClick={() => onPage(meta.current_page - 1)}
      >
        {t('orgPrevious')}
      </button>
      <span className="muted">
        {tn('orgPageOf', meta.total_count, { page: meta.current_page, pages: meta.total_pages })}
      </span>
      <button
        type="button"
        className="button"
        disabled={!meta.next_page}
        onClick={() => onPage(meta.current_page + 1)}
      >
        {t('orgNext')}
      </button>
    </nav>
  );
}
