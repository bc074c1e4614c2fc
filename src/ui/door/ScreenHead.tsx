import { Link } from 'wouter';
import { t } from '../i18n/t';
import { DoorStatusBar } from './DoorStatusBar';
import { useDoorStatus, useNow } from '../hooks/useDoor';

/**
 * A door screen's status bar (always in view while a list is open: network, unsent check-ins,
 * last sync, conflicts), its title and the way back; `id` labels the screen's section.
 */
export function ScreenHead({ id, title, back = '/' }: { id: string; title: string; back?: string }) {
  const status = useDoorStatus();
  const now = useNow();
  return (
    <>
      {status.list && <DoorStatusBar status={status} now={now} />}
      <div className="screen-head">
        <Link href={back} className="button">
          {t('back')}
        </Link>
        <h1 id={id}>{title}</h1>
      </div>
    </>
  );
}
