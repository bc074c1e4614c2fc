import { useState } from 'react';
import { describeError } from '../error-words';
import type { AuditAction } from '../../db/rows';
import { attendeeName } from '../../domain/verdict';
import { formatWhen } from '../format';
import type { MessageKey } from '../i18n/t';
import { t } from '../i18n/t';
import { checkins } from '../shared/count-words';
import { auditFileName, downloadCsv } from '../shared/download-csv';
import { auditCsvWords } from './audit-csv-words';
import { ScreenHead } from './ScreenHead';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';

const SHOWN = 200;

const ACTIONS: Record<AuditAction, MessageKey> = {
  admit: 'auditActionAdmit',
  'admit-anyway': 'auditActionAdmitAnyway',
  undo: 'auditActionUndo',
  'forget-list': 'auditActionForgetList',
  'problem-dismissed': 'auditActionProblemDismissed',
  exit: 'auditActionExit',
  'admit-all': 'auditActionAdmitAll',
  'badge-printed': 'auditActionBadgePrinted',
  'badge-reprinted': 'auditActionBadgeReprinted',
};

const ROLES: Record<string, MessageKey> = {
  open: 'roleOpen',
  door: 'roleDoor',
  supervisor: 'roleSupervisor',
};

/** What changed on this device, newest first, and the CSV of it with the unsent check-ins. */
export function AuditScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  const [exported, setExported] = useState<string | null>(null);
  // Asked again when anything the log follows may have moved.
  const answer = useEngineAnswer<Awaited<ReturnType<typeof engine.auditLog>> | null>(
    () => engine.auditLog(SHOWN),
    [engine, status.list?.slug, status.counts, status.pending, status.parked.length, status.lists.length],
    null,
  );
  const entries = answer?.ok ? answer.value : [];

  const exportCsv = async () => {
    if (!status.list) return;
    downloadCsv(
      auditFileName(status.list.title),
      await engine.exportAudit(status.list.slug, auditCsvWords()),
    );
    setExported(t('auditExported', { unsent: checkins(status.pending) }));
  };

  return (
    <section className="panel" aria-labelledby="audit-title">
      <ScreenHead id="audit-title" title={t('auditTitle')} />
      <p className="muted">{t('auditIntro')}</p>
      {status.auditLost > 0 && (
        <p className="field-error" role="alert" data-testid="audit-lost-notice">
          {t('auditLost', { n: status.auditLost })}
        </p>
      )}
      {status.list && (
        <div className="row">
          <button type="button" className="button button--primary" onClick={() => void exportCsv()}>
            {t('auditExport')}
          </button>
        </div>
      )}
      {exported && (
        <p className="muted" role="status">
          {exported}
        </p>
      )}
      {answer && !answer.ok && <p className="field-error">{describeError(answer)}</p>}
      {answer?.ok && entries.length === 0 && <p>{t('auditNone')}</p>}
      {entries.length > 0 && (
        <table className="audit-table" data-testid="audit-log">
          <thead>
            <tr>
              <th scope="col">{t('auditWhen')}</th>
              <th scope="col">{t('auditAction')}</th>
              <th scope="col">{t('auditTicket')}</th>
              <th scope="col">{t('auditReason')}</th>
              <th scope="col">{t('auditBy')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(({ row, ticket }) => (
              <tr key={`${row.listSlug}-${row.at}-${row.id}`} data-action={row.action}>
                <td>{formatWhen(row.at, now)}</td>
                <td>
                  <strong>{t(ACTIONS[row.action] ?? 'auditActionAdmit')}</strong>
                </td>
                <td>
                  {/* Named, or by the reference alone: never by the service's internal id. */}
                  {ticket ? attendeeName(ticket) : ''}
                  {row.ticketReference && <span className="code"> {row.ticketReference}</span>}
                </td>
                <td>{row.reason}</td>
                <td>
                  {row.device} · {ROLES[row.role] ? t(ROLES[row.role]!) : row.role}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entries.length >= SHOWN && <p className="muted">{t('auditShowing', { n: SHOWN })}</p>}
    </section>
  );
}
