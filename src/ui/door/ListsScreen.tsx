import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ListSummary } from '../../sync/engine/door-protocol';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { ForgetListDialog, forgottenMessage } from './ForgetListDialog';
import { ScreenHead } from './ScreenHead';
import { useSupervisorGate } from './SupervisorGate';
import { useDoorEngine, useDoorStatus, useNow } from '../hooks/useDoor';
import './lists.css';

/** Switch lists, sync on demand, and forget a list (asked first, with what it deletes). */
export function ListsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  const [, navigate] = useLocation();
  const [forgetting, setForgetting] = useState<ListSummary | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const gate = useSupervisorGate();

  return (
    <section className="panel" aria-labelledby="lists-title">
      <ScreenHead id="lists-title" title={t('listsTitle')} />
      <p className="muted" role="status" data-testid="lists-message">
        {done}
      </p>
      <ul className="history">
        {status.lists.map((list) => (
          <li key={list.slug} className="list-entry">
            <div className="list-entry__about">
              <span>
                <strong>{list.title}</strong>
                {list.eventTitle && <> · {list.eventTitle}</>}
                {list.expiresAt && <> · {t('listsExpires', { time: formatWhen(list.expiresAt, now) })}</>}
                <span className="list-entry__door muted" data-testid="list-door">
                  {list.door === null
                    ? t('listsJoinedByAddress')
                    : list.door.revokedAt !== null
                      ? t('listsRevoked', { time: formatWhen(list.door.revokedAt, now) })
                      : t('listsJoinedByCode', { name: list.door.name })}
                </span>
              </span>
              {/* Apart from "Open now", and marked as deleting: a slip of the thumb only opens the dialog. */}
              <button
                type="button"
                className="button button--danger list-entry__forget"
                aria-label={t('listsForgetNamed', { title: list.title })}
                onClick={() =>
                  gate.run(() => {
                    setDone(null);
                    setForgetting(list);
                  })
                }
              >
                {t('listsForget')}
              </button>
            </div>
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
          </li>
        ))}
      </ul>
      {forgetting && (
        <ForgetListDialog
          list={forgetting}
          onCancel={() => setForgetting(null)}
          onForgotten={(facts) => {
            setForgetting(null);
            setDone(forgottenMessage(facts));
          }}
        />
      )}
      <div className="row">
        <button type="button" className="button" onClick={() => void engine.syncNow()}>
          {t('listsSyncNow')}
        </button>
        <Link href="/door/join" className="button button--primary">
          {t('listsJoinAnother')}
        </Link>
        <Link href="/door/audit" className="button">
          {t('roleAuditLink')}
        </Link>
      </div>
      {gate.pad}
    </section>
  );
}
