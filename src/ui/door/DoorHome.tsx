import { useLocation } from 'wouter';
import { t } from '../i18n/t';
import { FarewellScreen } from './FarewellScreen';
import { ForgottenElsewhereScreen } from './ForgottenElsewhereScreen';
import { JoinScreen } from './JoinScreen';
import { ScanScreen } from './ScanScreen';
import { useVerdictRehearsed, VerdictRehearsal } from './VerdictRehearsal';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { useDoorStarted, useDoorStatusOf } from '../hooks/useDoor';

/** What this screen chooses by: not the counts, which each verdict changes. */
const choosing = ({ phase, list, farewell, forgottenElsewhere }: SyncStatus) => ({
  loading: phase === 'loading',
  list: list !== null,
  farewell,
  forgottenElsewhere,
});

/** `/`: the open list's scan screen, or joining one when this device holds none. */
export function DoorHome() {
  const started = useDoorStarted();
  const status = useDoorStatusOf(choosing);
  const rehearsed = useVerdictRehearsed();
  const [, navigate] = useLocation();
  // The first verdict's work is done while the page waits for the worker (VerdictRehearsal.tsx),
  // and the scan screen waits for it when the worker was quicker than the first render.
  if (!started || status.loading || (status.list && !rehearsed))
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
