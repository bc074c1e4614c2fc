import { describeError } from '../error-words';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { ScreenHead } from './ScreenHead';
import { useDoorEngine, useDoorStatus, useNow } from '../hooks/useDoor';
import { ticketWords } from './ticket-words';

/** Check-ins the service refused (a 4xx for that item): shown until staff dismiss them. */
export function ProblemsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  return (
    <section className="panel" aria-labelledby="problems-title">
      <ScreenHead id="problems-title" title={t('problemsTitle')} />
      <p className="muted">{t('problemsIntro')}</p>
      {!status.storedRead ? (
        <p className="muted" role="status">
          {t('scanListLoading')}
        </p>
      ) : status.parked.length === 0 ? (
        <p>{t('problemsNone')}</p>
      ) : (
        <ul className="history">
          {status.parked.map((p) => (
            <li key={p.outboxId}>
              <span>
                <strong>{ticketWords(p.ticket, status.counted)}</strong> · {formatWhen(p.scannedAt, now)} ·{' '}
                {p.reason.detail ?? describeError(p.reason)}
              </span>
              <button type="button" className="button" onClick={() => void engine.dismissParked(p.outboxId)}>
                {t('problemsDismiss')}
              </button>
            </li>
          ))}
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
