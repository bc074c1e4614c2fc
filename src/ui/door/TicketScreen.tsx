import { useId, useState } from 'react';
import { Link } from 'wouter';
import { describeError } from '../error-words';
import { OWN_UNDO_MS } from '../../domain/door-roles';
import { attendeeName } from '../../domain/verdict';
import { formatAge, formatWhen } from '../format';
import { t } from '../i18n/t';
import { AnswerList } from './AnswerList';
import { ScreenHead } from './ScreenHead';
import { useSupervisorGate } from './SupervisorGate';
import { useScanFlow } from './useScanFlow';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';
import { ScanFlowVerdict } from './ScanFlowVerdict';
import { PrintBadgeButton } from './PrintBadgeButton';

export function TicketScreen({ id }: { id: number }) {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const flow = useScanFlow();
  const now = useNow();
  const [message, setMessage] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const gate = useSupervisorGate();
  const reasonId = useId();
  // Asked again when counts change: a check-in landing changes the history.
  const detail = useEngineAnswer(() => engine.ticket(id), [engine, id, status.counts], undefined);

  const answers = useEngineAnswer(() => engine.answers(id), [engine, id, status.list?.slug], []);

  if (detail === undefined) return <section className="panel" aria-busy="true" />;
  if (!detail)
    return (
      <section className="panel">
        <Link href="/door/search" className="button">
          {t('back')}
        </Link>
        <p role="alert">{t('ticketNotFound')}</p>
      </section>
    );
  const { ticket, checkins } = detail;
  const history = [...checkins].sort((a, b) => b.createdAt - a.createdAt);
  const active = history.filter((c) => c.deletedAt === null);

  const latest = active[0];
  const undo = async (key: string, retried = false) => {
    // The reason is kept in the door's audit log alone, sealed with the copy: it may name a guest.
    const result = await engine.undo(key, reason);
    // The engine had the last word (an older own admission): ask for a supervisor, then again.
    if (!result.ok && result.reason === 'supervisor-only' && !retried)
      return gate.run(() => void undo(key, true));
    setMessage(result.ok ? t('scanUndone') : t('scanUndoFailed', { reason: describeError(result) }));
    setReason('');
  };

  const rows: [string, string | null][] = [
    [t('ticketReference'), ticket.reference],
    [t('ticketRelease'), ticket.releaseTitle],
    [t('ticketEmail'), ticket.email],
    [t('ticketCompany'), ticket.companyName],
    [t('ticketPhone'), ticket.phoneNumber],
    [t('ticketState'), ticket.state],
    [t('ticketPaid'), ticket.paid === null ? null : ticket.paid ? t('ticketPaid') : t('ticketUnpaid')],
  ];

  return (
    <section className="panel" aria-labelledby="ticket-title">
      <ScreenHead id="ticket-title" title={attendeeName(ticket)} back="/door/search" />
      <div className="row ticket__action">
        {latest ? (
          <>
            <p className="ticket__inside" data-testid="ticket-inside">
              {t('ticketInsideSince', {
                age: formatAge(Math.max(0, now - latest.createdAt)),
                where: latest.deviceName ?? t('verdictAtAnotherDoor'),
              })}
            </p>
            {/* Judged like a scan: it shows "already checked in", whose "Admit anyway" asks first. */}
            <button
              type="button"
              className="button button--large"
              disabled={flow.deciding}
              onClick={() => void flow.admit(ticket.id)}
            >
              {t('ticketCheckInAgain')}
            </button>
            <button
              type="button"
              className="button button--large button--exit"
              disabled={flow.deciding}
              onClick={() => void flow.exit(ticket.id)}
            >
              {t('ticketRecordExit')}
            </button>
            {/* A lost or spoilt badge: printed again from this device's copy, and audited. */}
            <PrintBadgeButton badges={flow.badges} ticketIds={[ticket.id]} again />
          </>
        ) : (
          <button
            type="button"
            className="button button--primary button--large"
            disabled={flow.deciding}
            onClick={() => void flow.admit(ticket.id)}
          >
            {t('ticketCheckIn')}
          </button>
        )}
      </div>
      <dl className="facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {answers.length > 0 && (
        <>
          <h2>{t('ticketAnswers')}</h2>
          <AnswerList answers={answers} className="facts" />
        </>
      )}
      <h2>{t('ticketHistory')}</h2>
      {history.length === 0 ? (
        <p className="muted">{t('ticketNoHistory')}</p>
      ) : (
        <ul className="history">
          {history.map((c) => (
            <li key={c.key}>
              <span>
                {formatWhen(c.createdAt, now)} · {c.deviceName ?? t('verdictElsewhere')}
                {c.status === 'pending' && ` · ${t('ticketPending')}`}
                {c.status === 'parked' && ` · ${t('ticketParked')}`}
                {c.deletedAt !== null &&
                  ` · ${t(
                    c.endedBy === 'exit'
                      ? 'ticketExited'
                      : c.endedBy === 'undo'
                        ? 'ticketUndone'
                        : 'ticketRemoved',
                    { time: formatWhen(c.deletedAt, now) },
                  )}`}
              </span>
              {c.deletedAt === null && (
                <button
                  type="button"
                  className="button"
                  // Door staff undo their own admission of the last 30 s; anything else asks for a supervisor.
                  onClick={() =>
                    gate.run(
                      () => void undo(c.key),
                      c.clientId === null || Date.now() - c.createdAt > OWN_UNDO_MS,
                    )
                  }
                >
                  {t('ticketUndo')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {active.length > 0 && (
        <div className="field">
          <label htmlFor={reasonId}>{t('ticketUndoReason')}</label>
          {/* A reason may name a guest: the browser's form history must not keep it. */}
          <input
            id={reasonId}
            className="input"
            autoComplete="off"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
      {(message ?? flow.notice) && <p role="status">{message ?? flow.notice}</p>}
      <ScanFlowVerdict flow={flow} now={now} />
      {gate.pad}
    </section>
  );
}
