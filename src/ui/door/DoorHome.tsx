import { useLocation } from 'wouter';
import { t } from '../i18n/t';
import { JoinScreen } from './JoinScreen';
import { ScanScreen } from './ScanScreen';
import { VerdictRehearsal } from './VerdictRehearsal';
import { useDoorStarted, useDoorStatus } from '../hooks/useDoor';

/** `/`: the open list's scan screen, or joining one when this device holds none. */
export function DoorHome() {
  const started = useDoorStarted();
  const status = useDoorStatus();
  const [, navigate] = useLocation();
  if (!started || status.phase === 'loading')
    return (
      <>
        <p className="muted" role="status">
          {t('scanListLoading')}
        </p>
        {/* The wait for the worker is the page's idle time: the first verdict's work is done now. */}
        <VerdictRehearsal />
      </>
    );
  if (status.list) return <ScanScreen />;
  return <JoinScreen onJoined={() => navigate('/')} />;
}
