import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { verdictTone } from '../../domain/verdict';
import { holdScreenAwake } from '../../platform/wake-lock';
import { appStore } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { PinPad } from '../components/PinPad';
import { checkKioskPin } from '../../state/kiosk-pin';
import { checkLimited } from '../../state/pin-attempts';
import { checkSupervisorPin } from './SupervisorGate';
import { useWedgeScanner } from '../hooks/useWedgeScanner';
import { t } from '../i18n/t';
import { useScanFlow } from './useScanFlow';
import { useDoorStatus } from '../hooks/useDoor';
import { kioskTitle, VERDICT_ICONS } from './verdict-words';
import { useCameraView } from './camera-view-chunk';
import { useCameraFailed } from './useCameraFailed';
import { PrintBadgeButton } from './PrintBadgeButton';
import { noteKioskOpen } from '../../state/readiness';
import { cameraSigns, useReadinessChecks } from './useReadiness';

/**
 * A tablet at the entrance, facing attendees: full screen, screen kept on, one big prompt,
 * a short result, then back to the prompt. Staff leave it only with the PIN.
 */
export function KioskScreen() {
  const CameraView = useCameraView();
  const {
    kioskPin: ownPin,
    supervisorPin,
    cameraDeviceId,
  } = useAppStore((s) => ({
    kioskPin: s.settings.kioskPin,
    supervisorPin: s.settings.supervisorPin,
    cameraDeviceId: s.settings.cameraDeviceId,
  }));
  // Leaving the kiosk is a supervisor's: with a supervisor PIN set, it is the one that lets out
  // (and unlocks supervisor actions); otherwise the kiosk PIN, as before roles.
  const kioskPin = supervisorPin ?? ownPin;
  const pinMigrating = useAppStore((s) => s.shell.pinMigrating);
  const status = useDoorStatus();
  // Attendees face the kiosk to come in: it never records exits, nor shows an order's other
  // tickets, nor follows the staff's fast lane or "only on tap": each verdict returns by itself.
  const flow = useScanFlow({ mode: 'entry', attendeeFacing: true });
  const [, navigate] = useLocation();
  const [unlocking, setUnlocking] = useState(false);
  // Without a camera the prompt takes the picture's place (door.css `.kiosk--no-camera`): a class,
  // not `.kiosk:has(.camera[data-phase="failed"])`, with which every change under the kiosk
  // (each result) restyles the whole screen.
  const [noCamera, notePhase] = useCameraFailed();
  useWedgeScanner(flow.wedge, !unlocking);
  // The device faces attendees while this screen is open: its readiness asks for a PIN (the
  // door's reports carry it; attendees are shown none of it).
  useEffect(() => {
    noteKioskOpen(appStore, true);
    return () => noteKioskOpen(appStore, false);
  }, []);
  useReadinessChecks(status.list?.slug ?? null, status.complete);

  useEffect(() => {
    if (!kioskPin) return;
    const release = holdScreenAwake();
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    // The back gesture must not leave the kiosk either.
    const stay = () => window.history.pushState(null, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => {
      release();
      window.removeEventListener('popstate', stay);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [kioskPin]);

  if (!kioskPin && pinMigrating) return null;
  if (!kioskPin)
    return (
      <section className="panel">
        <p role="alert">{t('kioskNeedsPin')}</p>
        <Link href="/settings" className="button button--primary">
          {t('navSettings')}
        </Link>
      </section>
    );

  const shown = flow.shown;
  const tone = shown ? verdictTone(shown.verdict) : null;
  return (
    <div
      className={`kiosk${tone ? ` kiosk--${tone} kiosk--result` : noCamera ? ' kiosk--no-camera' : ''}`}
      data-testid="kiosk"
    >
      <div className="kiosk__bar">
        <button type="button" className="button kiosk__exit" onClick={() => setUnlocking(true)}>
          {t('kioskExit')}
        </button>
      </div>
      {/* Stays mounted under a result, so the camera does not restart for every attendee. */}
      <div className="kiosk__camera" hidden={shown !== null}>
        <Suspense fallback={null}>
          <CameraView
            attendeeFacing
            paused={shown !== null || unlocking}
            deviceId={cameraDeviceId}
            onDeviceChosen={(id) => appStore.getState().setSettings({ cameraDeviceId: id })}
            onCode={(text) => void flow.handle(text, 'camera')}
            onSighting={flow.sighting}
            onPhase={notePhase}
            onTrouble={cameraSigns.onTrouble}
            onPicture={cameraSigns.onPicture}
          />
        </Suspense>
      </div>
      {/* A tap anywhere on a result brings the prompt back sooner, for the next attendee (door.css
          spreads the message's tap area over the whole result); its own button keeps its taps. */}
      <div
        className="kiosk__message"
        role="status"
        aria-live="assertive"
        data-testid="kiosk-message"
        onClick={(e) => shown && !(e.target as Element).closest('button') && flow.dismiss()}
        onKeyDown={(e) => shown && e.key === 'Escape' && flow.dismiss()}
      >
        {shown ? (
          <>
            <p className="kiosk__icon" aria-hidden="true">
              {tone && VERDICT_ICONS[tone]}
            </p>
            <p className="kiosk__title" data-verdict={shown.verdict.kind}>
              {kioskTitle(shown.verdict)}
            </p>
            {/* A read that came split is the attendee's to repeat, not staff's to look into. */}
            {tone !== 'go' && shown.verdict.kind !== 'scan-again' && (
              <p className="kiosk__sub">{t('kioskSeeStaff')}</p>
            )}
            {/* Printed on its own on every admission; when the door asks, the attendee taps. */}
            {flow.badges.mode === 'ask' && shown.verdict.kind === 'admitted' && shown.checkin && (
              <PrintBadgeButton
                key={shown.verdict.ticket.id}
                badges={flow.badges}
                ticketIds={[shown.verdict.ticket.id]}
                again={false}
                className="button button--primary button--large kiosk__badge"
                label={t('kioskPrintBadge')}
              />
            )}
          </>
        ) : (
          <>
            <p className="kiosk__title">{t('kioskPrompt')}</p>
            <p className="kiosk__sub">{t('kioskSub')}</p>
            {status.list && <p className="kiosk__sub">{status.list.title}</p>}
          </>
        )}
      </div>
      {unlocking && (
        <PinPad
          title={supervisorPin ? t('supervisorPinTitle') : undefined}
          check={async (pin) => {
            if (supervisorPin) return checkSupervisorPin(pin);
            const answer = await checkLimited(() => checkKioskPin(appStore, pin));
            return answer.kind === 'wait' ? { waitMs: answer.ms } : answer.kind === 'right';
          }}
          onCancel={() => setUnlocking(false)}
          onUnlock={() => {
            setUnlocking(false);
            navigate('/', { replace: true });
          }}
        />
      )}
    </div>
  );
}
