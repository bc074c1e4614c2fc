import { Link } from 'wouter';
import { attendeeName } from '../../domain/verdict';
import { formatWhen } from '../format';
import { t } from '../i18n/t';
import { ScreenHead } from './ScreenHead';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';

export function ConflictsScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const now = useNow();
  const ids = status.conflicts.map((c) => c.ticketId);
  const tickets = useEngineAnswer(() => engine.ticketsOf(ids), [engine, ids.join()], []);
  return (
    <section className="panel" aria-labelledby="conflicts-title">
      <ScreenHead id="conflicts-title" title={t('conflictsTitle')} />
      <p className="muted">{t('conflictsIntro')}</p>
      {status.conflicts.length === 0 ? (
        <p>{t('conflictsNone')}</p>
      ) : (
        <ul className="results" data-testid="conflict-list">
          {status.conflicts.map((conflict) => {
            const ticket = tickets.find((one) => one.id === conflict.ticketId);
            return (
              <li key={conflict.ticketId} className="conflict">
                <Link href={`/door/tickets/${conflict.ticketId}`} className="result__name">
                  {ticket ? `${attendeeName(ticket)} · ${ticket.reference}` : `#${conflict.ticketId}`}
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
            );
          })}
        </ul>
      )}
    </section>
  );
}
