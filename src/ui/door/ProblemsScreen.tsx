import { describeError } from '../error-words';
import { attendeeName } from '../../domain/verdict';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { ScreenHead } from './ScreenHead';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';

/** Check-ins the service refused (a 4xx for that item): shown until staff dismiss them. */
export function ProblemsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  const ids = status.parked.map((p) => p.ticketId);
  const tickets = useEngineAnswer(() => engine.ticketsOf(ids), [engine, ids.join()], []);
  return (
    <section className="panel" aria-labelledby="problems-title">
      <ScreenHead id="problems-title" title={t('problemsTitle')} />
      <p className="muted">{t('problemsIntro')}</p>
      {status.parked.length === 0 ? (
        <p>{t('problemsNone')}</p>
      ) : (
        <ul className="history">
          {status.parked.map((p) => {
            const ticket = tickets.find((one) => one.id === p.ticketId);
            return (
              <li key={p.outboxId}>
                <span>
                  <strong>{ticket ? attendeeName(ticket) : `#${p.ticketId}`}</strong> ·{' '}
                  {formatWhen(p.scannedAt, now)} · {p.reason.detail ?? describeError(p.reason)}
                </span>
                <button
                  type="button"
                  className="button"
                  onClick={() => void engine.dismissParked(p.outboxId)}
                >
                  {t('problemsDismiss')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {status.corrections.length > 0 && (
        <>
          <h2>{t('correctionsTitle')}</h2>
          <p className="muted">{t('correctionsIntro')}</p>
          <ul className="history" data-testid="corrections">
            {status.corrections.map((c) => (
              <li key={`${c.at}-${c.code}`}>
                <span>
                  {formatWhen(c.at, now)} · {t('correctionsRow', { code: c.code, was: c.was, now: c.now })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
