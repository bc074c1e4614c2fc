import type { ListMeta } from '../../api/admin-client';

interface Props {
  meta: ListMeta;
  onPage(page: number): void;
}

export function Pager({ meta, onPage }: Props) {
  if (meta.total_pages <= 1) {
    return <p className="muted org-count">{meta.total_count} shown</p>;
  }
  return (
    <nav className="org-pager" aria-label="Pages">
      <button
        type="button"
        className="button"
        disabled={!meta.prev_page}
        onClick={() => onPage(meta.current_page - 1)}
      >
        Previous
      </button>
      <span className="muted">
        Page {meta.current_page} of {meta.total_pages} · {meta.total_count} records
      </span>
      <button
        type="button"
        className="button"
        disabled={!meta.next_page}
        onClick={() => onPage(meta.current_page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
