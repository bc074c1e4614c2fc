import { Link } from 'wouter';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { ScreenHead } from './ScreenHead';
import { useDoorStatus, useNow } from '../hooks/useDoor';
import { ticketWords } from './ticket-words';

export function ConflictsScreen() {
  const status = useDoorStatus();
  const now = useNow();
  return (
    <section className="panel" aria-labelledby="conflicts-title">
      <ScreenHead id="conflicts-title" title={t('conflictsTitle')} />
      <p className="muted">{t('conflictsIntro')}</p>
      {!status.storedRead ? (
        <p className="muted" role="status">
          {t('scanListLoading')}
        </p>
      ) : status.conflicts.length === 0 ? (
        <p>{t('conflictsNone')}</p>
      ) : (
        <ul className="results" data-testid="conflict-list">
          {status.conflicts.map((conflict) => (
            <li key={conflict.ticketId} className="conflict">
              <Link href={`/door/tickets/${conflict.ticketId}`} className="result__name">
                {ticketWords(conflict.ticket, status.counted, { withReference: true })}
              </Link>
              <ul>
                {conflict.checkins.map((c) => (
                  <li key={`${c.uuid}-${c.createdAt}`}>
                    {formatWhen(c.createdAt, now)} ·{' '}
                    {c.source === 'this-device'
                      ? t('conflictThisDevice', { device: c.deviceName ?? '' })
                      : t('conflictElsewhere')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
