import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ListSummary } from '../../sync/sync-status';
import { formatWhen } from '../format';
import { t, tn } from '../i18n/t';
import { useDoorEngine, useDoorStatus, useNow } from './useDoor';
import { ScreenHead } from './ScreenHead';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Switch lists, sync on demand, and forget a list (the wipe), with the unsent safeguard. */
export function ListsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  const [, navigate] = useLocation();
  const [forgetting, setForgetting] = useState<{
    list: ListSummary;
    unsent: number;
    exported: boolean;
  } | null>(null);

  const askForget = async (list: ListSummary) => {
    const result = await engine.forget(list.slug);
    if (result.ok) return setForgetting(null);
    if (result.reason === 'unsent-checkins') {
      const csv = await engine.exportUnsent(list.slug);
      setForgetting({ list, unsent: Math.max(0, csv.trim().split('\n').length - 1), exported: false });
    }
  };

  return (
    <section className="panel" aria-labelledby="lists-title">
      <ScreenHead id="lists-title" title={t('listsTitle')} />
      <ul className="history">
        {status.lists.map((list) => (
          <li key={list.slug}>
            <span>
              <strong>{list.title}</strong>
              {list.eventTitle && <> · {list.eventTitle}</>}
              {list.expiresAt && <> · {t('listsExpires', { time: formatWhen(list.expiresAt, now) })}</>}
            </span>
            <span className="row">
              {status.list?.slug === list.slug ? (
                <span className="pill pill--ok">{t('listsCurrent')}</span>
              ) : (
                <button
                  type="button"
                  className="button"
                  onClick={() => void engine.open(list.slug).then(() => navigate('/'))}
                >
                  {t('listsOpen')}
                </button>
              )}
              <button type="button" className="button" onClick={() => void askForget(list)}>
                {t('listsForget')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {forgetting && (
        <div className="confirm" role="alertdialog" aria-labelledby="forget-title">
          <p id="forget-title">
            <strong>{t('listsForgetConfirm', { title: forgetting.list.title })}</strong>
          </p>
          <p className="field-error">{tn('listsForgetUnsent', forgetting.unsent)}</p>
          <div className="row">
            <button
              type="button"
              className="button button--primary"
              onClick={() =>
                void engine.exportUnsent(forgetting.list.slug).then((csv) => {
                  download(`unsent-checkins-${forgetting.list.title.replace(/\W+/g, '-')}.csv`, csv);
                  setForgetting({ ...forgetting, exported: true });
                })
              }
            >
              {t('listsExport')}
            </button>
            <button
              type="button"
              className="button"
              disabled={!forgetting.exported}
              onClick={() =>
                void engine.forget(forgetting.list.slug, { confirmed: true }).then(() => setForgetting(null))
              }
            >
              {t('listsForgetAnyway')}
            </button>
            <button type="button" className="button" onClick={() => setForgetting(null)}>
              {t('pinCancel')}
            </button>
          </div>
        </div>
      )}
      <div className="row">
        <button type="button" className="button" onClick={() => void engine.syncNow()}>
          {t('listsSyncNow')}
        </button>
        <Link href="/door/join" className="button button--primary">
          {t('listsJoinAnother')}
        </Link>
      </div>
    </section>
  );
}
