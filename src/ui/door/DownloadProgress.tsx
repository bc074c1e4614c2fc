import { useRef } from 'react';
import { formatAge } from '../format';
import { t } from '../i18n/t';

interface Props {
  download: { done: number; total: number };
  title: string;
}

/** The first download of a list: pages so far, and a time-left estimate from the pace so far. */
export function DownloadProgress({ download, title }: Props) {
  const started = useRef<{ at: number; done: number } | null>(null);
  started.current ??= { at: Date.now(), done: download.done };
  const elapsed = Date.now() - started.current.at;
  const fetched = download.done - started.current.done;
  const left =
    fetched > 0 && download.total > download.done
      ? ((download.total - download.done) * elapsed) / fetched
      : null;
  const percent = download.total ? Math.floor((download.done / download.total) * 100) : 0;
  return (
    <div className="download" role="status" aria-live="polite" data-testid="download-progress">
      <p className="download__title">{t('joinProgressTitle', { title })}</p>
      <progress max={download.total || 1} value={download.done} aria-label={`${percent}%`} />
      <p className="muted download__meta">
        {t('statusDownloading', { done: download.done, total: download.total })}
        {left !== null && ` · ${t('joinProgressLeft', { time: formatAge(left) })}`}
      </p>
    </div>
  );
}
