import { useRef } from 'react';
import { formatAge } from '../format';
import { t } from '../i18n/t';
import { type DownloadPoint, downloadTimeLeft } from './download-estimate';

interface Props {
  download: { done: number; total: number };
  title: string;
}

/** The first download of a list: pages so far, and a time-left estimate once the pace is known. */
export function DownloadProgress({ download, title }: Props) {
  const now: DownloadPoint = { at: Date.now(), ...download };
  const started = useRef<DownloadPoint | null>(null);
  // A changed total makes the pace so far meaningless: measure again from here.
  if (started.current?.total !== download.total) started.current = now;
  const left = downloadTimeLeft(started.current, now);
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
