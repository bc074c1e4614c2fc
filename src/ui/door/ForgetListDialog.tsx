import { forgetBadgeLayout } from '../../state/badge-layouts';
import { useState } from 'react';
import type { ListFacts, ListSummary } from '../../sync/engine/door-protocol';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { t } from '../i18n/t';
import { checkins, tickets, unsentWords } from '../shared/count-words';
import { downloadCsv, unsentFileName } from '../shared/download-csv';
import { useDoorEngine, useEngineAnswer } from '../hooks/useDoor';

/**
 * "Forget this list", asked with what it deletes: the list's name, its tickets and check-ins,
 * and any check-ins, exits or undos not yet sent (then only after they are exported as CSV).
 */
export function ForgetListDialog({
  list,
  onForgotten,
  onCancel,
}: {
  list: ListSummary;
  onForgotten(facts: ListFacts): void;
  onCancel(): void;
}) {
  const engine = useDoorEngine();
  const facts = useEngineAnswer<ListFacts | null | undefined>(
    () => engine.facts(list.slug),
    [list.slug],
    undefined,
  );
  const [exported, setExported] = useState(false);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const unsent = facts ? facts.unsent + facts.unsentEnds : 0;

  const forget = async () => {
    setWorking(true);
    const result = await engine.forget(list.slug, { confirmed: unsent === 0 || exported });
    setWorking(false);
    if (result.ok) {
      // The list's badge layout came with its link: it goes with the list.
      forgetBadgeLayout(list.slug);
      onForgotten(result.value);
    } else setFailed(true);
  };
  const exportUnsent = async () => {
    downloadCsv(unsentFileName(list.title), await engine.exportUnsent(list.slug));
    setExported(true);
  };

  return (
    <ConfirmDialog
      title={t('forgetListTitle', { title: list.title })}
      testId="forget-list"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('pinCancel')}
          </button>
          {unsent > 0 && (
            <button type="button" className="button button--primary" onClick={() => void exportUnsent()}>
              {t('listsExport')}
            </button>
          )}
          <button
            type="button"
            className="button button--danger-solid"
            disabled={!facts || working || (unsent > 0 && !exported)}
            onClick={() => void forget()}
          >
            {unsent > 0 ? t('listsForgetAnyway') : t('forgetListConfirm')}
          </button>
        </>
      }
    >
      {facts === undefined ? (
        <p className="muted" role="status">
          {t('forgetListCounting')}
        </p>
      ) : facts === null ? (
        <p className="field-error">{t('forgetListGone')}</p>
      ) : (
        <>
          <p>{t('forgetListDeletes')}</p>
          <ul className="dialog__facts" data-testid="forget-list-facts">
            <li>{t('forgetListTickets', { tickets: tickets(facts.tickets) })}</li>
            <li>{checkins(facts.checkins)}</li>
          </ul>
          {unsent > 0 ? (
            <p className="field-error" data-testid="forget-list-unsent">
              {t('listsForgetUnsent', { unsent: unsentWords(facts) })}
            </p>
          ) : (
            <p className="muted">{t('forgetListNothingUnsent')}</p>
          )}
          {exported && (
            <p className="muted" role="status">
              {t('forgetListExported')}
            </p>
          )}
        </>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t('forgetListFailed')}
        </p>
      )}
    </ConfirmDialog>
  );
}

/** "Forgot Main door: 2,800 tickets, 14 check-ins; nothing was unsent." */
export function forgottenMessage(facts: ListFacts): string {
  return t(facts.unsent + facts.unsentEnds > 0 ? 'forgetListDoneUnsent' : 'forgetListDone', {
    title: facts.title,
    tickets: tickets(facts.tickets),
    checkins: checkins(facts.checkins),
    unsent: unsentWords(facts),
  });
}
