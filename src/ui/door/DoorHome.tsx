import { useLocation } from 'wouter';
import { t } from '../i18n/t';
import { FarewellScreen } from './FarewellScreen';
import { ForgottenElsewhereScreen } from './ForgottenElsewhereScreen';
import { JoinScreen } from './JoinScreen';
import { ScanScreen } from './ScanScreen';
import { useVerdictRehearsed, VerdictRehearsal } from './VerdictRehearsal';
import { useDoorStarted, useDoorStatus } from '../hooks/useDoor';

/** `/`: the open list's scan screen, or joining one when this device holds none. */
export function DoorHome() {
  const started = useDoorStarted();
  const status = useDoorStatus();
  const rehearsed = useVerdictRehearsed();
  const [, navigate] = useLocation();
  // The first verdict's work is done while the page waits for the worker (VerdictRehearsal.tsx),
  // and the scan screen waits for it when the worker was quicker than the first render.
  if (!started || status.phase === 'loading' || (status.list && !rehearsed))
    return (
      <>
        <p className="muted" role="status">
          {t('scanListLoading')}
        </p>
        <VerdictRehearsal />
      </>
    );
  if (status.list) return <ScanScreen />;
  // A revoked list went: why, before anything else.
  if (status.farewell) return <FarewellScreen farewell={status.farewell} />;
  // The list open here was forgotten in another tab: why, before the join screen in its place.
  if (status.forgottenElsewhere)
    return <ForgottenElsewhereScreen listTitle={status.forgottenElsewhere.listTitle} />;
  // And while a person types or scans the list's code.
  return (
    <>
      <JoinScreen onJoined={() => navigate('/')} />
      <VerdictRehearsal />
    </>
  );
}
