import { useLocation } from 'wouter';
import { t } from '../i18n/t';
import { JoinScreen } from './JoinScreen';
import { ScanScreen } from './ScanScreen';
import { useDoorStarted, useDoorStatus } from '../hooks/useDoor';

/** `/`: the open list's scan screen, or joining one when this device holds none. */
export function DoorHome() {
  const started = useDoorStarted();
  const status = useDoorStatus();
  const [, navigate] = useLocation();
  if (!started || status.phase === 'loading')
    return (
      <p className="muted" role="status">
        {t('scanListLoading')}
      </p>
    );
  if (status.list) return <ScanScreen />;
  return <JoinScreen onJoined={() => navigate('/')} />;
}
