import { type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { holdScreenAwake } from '../../platform/wake-lock';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { useWedgeScanner } from '../hooks/useWedgeScanner';
import { t } from '../i18n/t';
import { DoorHealth } from './DoorHealth';
import { DoorStatusBar } from './DoorStatusBar';
import { DownloadProgress } from './DownloadProgress';
import { FastLane, LaneToggle } from './FastLane';
import { useScanFlow } from './useScanFlow';
import { useDoorStatus, useNow } from '../hooks/useDoor';
import { ScanFlowVerdict } from './VerdictView';

// The decoder is the heaviest part of the app: it loads only when a camera view is shown.
const CameraView = lazy(() => import('./CameraView').then((m) => ({ default: m.CameraView })));

export function ScanScreen() {
  const status = useDoorStatus();
  const now = useNow();
  const flow = useScanFlow();
  const [, navigate] = useLocation();
  const cameraDeviceId = useAppStore((s) => s.settings.cameraDeviceId);
  const [manual, setManual] = useState('');
  const manualId = useId();

  useWedgeScanner((code) => void flow.handle(code, 'wedge'));
  // A long shift: the screen stays on while this screen is open (asked again when the tab returns).
  useEffect(() => holdScreenAwake(), []);

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    const text = manual.trim();
    if (!text) return;
    setManual('');
    // A code is judged at once; anything else (a name, part of one) is searched for.
    void flow.typed(text).then((search) => {
      if (search !== null) navigate(`/door/search?q=${encodeURIComponent(search)}`);
    });
  };

  const list = status.list;
  const exitMode = flow.mode === 'exit';
  const setMode = (doorMode: DoorMode) => appStore.getState().setSettings({ doorMode });
  return (
    <div className={`scan scan--${flow.mode}`}>
      <DoorStatusBar status={status} now={now} />
      <div className="scan__head">
        <div>
          <h1 className="scan__title">{list?.title ?? t('scanListLoading')}</h1>
          {list?.eventTitle && <p className="muted scan__event">{list.eventTitle}</p>}
        </div>
        <nav className="scan__actions" aria-label={t('scanTitle')}>
          <Link href="/door/search" className="button">
            {t('scanSearch')}
          </Link>
          <Link href="/door/stats" className="button">
            {t('scanStats')}
          </Link>
          <Link href="/door/lists" className="button">
            {t('scanLists')}
          </Link>
          <Link href="/door/kiosk" className="button">
            {t('scanKiosk')}
          </Link>
        </nav>
      </div>

      <div className="scan__modebar">
        <fieldset className="mode-switch" data-testid="door-mode">
          <legend className="visually-hidden">{t('doorModeLabel')}</legend>
          {(['entry', 'exit'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className={`mode-switch__option mode-switch__option--${mode}`}
              aria-pressed={flow.mode === mode}
              onClick={() => setMode(mode)}
            >
              {t(mode === 'entry' ? 'doorModeEntry' : 'doorModeExit')}
            </button>
          ))}
        </fieldset>
        <p className="scan__inside" data-testid="inside-now">
          <span className="muted">{t('insideNow')}</span>{' '}
          <strong className="scan__inside-count">{status.counts.inside}</strong>
        </p>
      </div>
      {exitMode && (
        <p className="scan__exit-banner" role="status" data-testid="exit-mode">
          <span aria-hidden="true">⇥ </span>
          {t('doorModeExitBanner')}
        </p>
      )}

      {status.download && list && <DownloadProgress download={status.download} title={list.title} />}
      {list && !status.complete && (
        <p className="scan__incomplete" role="status" data-testid="list-incomplete">
          {t('scanListIncomplete')}
        </p>
      )}

      {/* Above the camera, where staff look: below it ("Check-in undone.") a phone never shows it. */}
      {flow.deciding && (
        <p className="scan__notice" role="status" data-testid="deciding">
          {t('scanDeciding')}
        </p>
      )}
      {flow.notice && (
        <p className="scan__notice" role="status">
          {flow.notice}
        </p>
      )}
      <LaneToggle />
      {/* In the lane the camera and the verdicts share the screen: side by side where it is wide. */}
      <div className={flow.fastLane ? 'scan__lane-area' : 'scan__camera-area'}>
        <Suspense fallback={<div className="camera" />}>
          <CameraView
            paused={flow.fastLane ? flow.lane.stoppedBy !== null : flow.shown !== null}
            deviceId={cameraDeviceId}
            onDeviceChosen={(id) => appStore.getState().setSettings({ cameraDeviceId: id })}
            onCode={(text) => void flow.handle(text, 'camera')}
            onSighting={flow.sighting}
          />
        </Suspense>
        {flow.fastLane && <FastLane flow={flow} />}
      </div>

      <form className="scan__manual" onSubmit={submitManual}>
        <label htmlFor={manualId} className="visually-hidden">
          {t('scanManualLabel')}
        </label>
        <input
          id={manualId}
          className="input input--large"
          value={manual}
          onChange={(e) => setManual(e.target.value)}
          placeholder={t('scanManualPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        <button
          type="submit"
          className={`button button--large ${exitMode ? 'button--exit' : 'button--primary'}`}
        >
          {t(exitMode ? 'doorModeExit' : 'scanManualGo')}
        </button>
      </form>

      <DoorHealth status={status} now={now} />

      {(!flow.fastLane || (flow.shown && flow.lane.stoppedBy?.at === flow.shown.at)) && (
        <ScanFlowVerdict flow={flow} now={now} />
      )}
    </div>
  );
}
