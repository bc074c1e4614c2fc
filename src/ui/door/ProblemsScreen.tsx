import { describeError } from '../../api/errors';
import { attendeeName } from '../../domain/verdict';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { useDoorEngine, useDoorStatus, useNow } from './useDoor';
import { ScreenHead } from './ScreenHead';

/** Check-ins the service refused (a 4xx for that item): shown until staff dismiss them. */
export function ProblemsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  return (
    <section className="panel" aria-labelledby="problems-title">
      <ScreenHead id="problems-title" title={t('problemsTitle')} />
      <p className="muted">{t('problemsIntro')}</p>
      {status.parked.length === 0 ? (
        <p>{t('problemsNone')}</p>
      ) : (
        <ul className="history">
          {status.parked.map((p) => {
            const ticket = engine.ticket(p.ticketId)?.ticket;
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
    </section>
  );
}
