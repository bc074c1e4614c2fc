import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { holdScreenAwake } from '../../platform/wake-lock';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useWedgeScanner } from '../hooks/useWedgeScanner';
import { t } from '../i18n/t';
import { useCameraFailed } from './useCameraFailed';
import { useStorageHealth } from './DoorHealth';
import { FastLane, LaneToggle } from './FastLane';
import { ManualEntry } from './ManualEntry';
import { ScanMenu } from './ScanMenu';
import { ScanStatusLine } from './ScanStatusLine';
import { useScanFlow } from './useScanFlow';
import { useDoorStatus, useNow } from '../hooks/useDoor';
import { ScanFlowVerdict } from './ScanFlowVerdict';
import { coversScreen } from './beneath-verdict';
import { useBeneathVerdict } from './useBeneathVerdict';
import { handOverSearchWords } from './search-words';
import { useCameraView } from './camera-view-chunk';
import { FleetNotice } from './FleetNotice';
import { useIdentifying } from './IdentifyOverlay';
import { ReadinessPanel } from './ReadinessPanel';
import { cameraSigns, useReadinessChecks } from './useReadiness';

/** Where the controls sit beside the picture (door.css): room for the search field too. */
const BESIDE = '(min-width: 900px) and (orientation: landscape)';

/**
 * The scan screen, camera first: one status line on top, the camera's picture filling the
 * rest, and one row of controls within thumb reach (beside the picture on a landscape tablet).
 */
export function ScanScreen() {
  const CameraView = useCameraView();
  const live = useDoorStatus();
  const now = useNow();
  const flow = useScanFlow();
  // Beneath a verdict over the whole screen, the status it left is drawn after the verdict's
  // frame, not in it (beneath-verdict.ts).
  const covering = coversScreen(flow);
  const status = useBeneathVerdict(live, covering && flow.shown !== null);
  const storage = useStorageHealth(status.pending);
  const [, navigate] = useLocation();
  const cameraDeviceId = useAppStore((s) => s.settings.cameraDeviceId);
  const [searchOpen, setSearchOpen] = useState(false);
  const [noCamera, notePhase] = useCameraFailed();
  // The last read judged (camera, scanner or typed): the aiming frame flashes for it. Kept
  // while rendering, not set by an effect: that would render the whole screen again per verdict.
  const lastReadAt = useRef<number | null>(null);
  if (flow.shown) lastReadAt.current = flow.shown.at;
  const readAt = lastReadAt.current;
  const manualInput = useRef<HTMLInputElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  // The shell around this screen takes its whole height (door.css `.shell--scan`), from its
  // first paint: a class while this screen is there, not `.shell:has(.scan)`, whose every
  // verdict restyled the shell's header and main and laid the whole page out again.
  useLayoutEffect(() => {
    const shell = screen.current?.closest('.shell');
    shell?.classList.add('shell--scan');
    return () => shell?.classList.remove('shell--scan');
  }, []);

  useWedgeScanner(flow.wedge);
  // The camera's handlers stay the same functions (the camera view is memoised) and reach the
  // flow as it is now, entry or exit, through a ref.
  const flowNow = useRef(flow);
  flowNow.current = flow;
  const onCameraCode = useCallback((text: string) => void flowNow.current.handle(text, 'camera'), []);
  const onSighting = useCallback((text: string) => flowNow.current.sighting(text), []);
  const chooseCamera = useCallback(
    (id: string) => appStore.getState().setSettings({ cameraDeviceId: id }),
    [],
  );
  const [readinessOpen, setReadinessOpen] = useState(false);
  const toggleReadiness = useCallback(() => setReadinessOpen((open) => !open), []);
  const openReadiness = useCallback(() => setReadinessOpen(true), []);
  useReadinessChecks(status.list?.slug ?? null, status.complete);
  // A long shift: the screen stays on while this screen is open (asked again when the tab returns).
  useEffect(() => holdScreenAwake(), []);
  // The door showing who it is lies over a verdict: that verdict waits for staff, not for a timer.
  const identifying = useIdentifying();
  const shownAt = flow.shown?.at ?? null;
  useEffect(() => {
    if (identifying && shownAt !== null) flowNow.current.hold();
  }, [identifying, shownAt]);

  const beside = useMediaQuery(BESIDE);
  // The search field: always there without a camera (a hand scanner's desk) or where there is
  // room beside the picture; a tap away under a phone's picture.
  const fieldAlways = noCamera || beside;
  const manualShown = searchOpen || fieldAlways;
  useEffect(() => {
    if (searchOpen) manualInput.current?.focus();
  }, [searchOpen]);

  // The same functions from render to render: the field is memoised (a verdict or a status
  // renders this screen again, and an input drawn again has its attributes set again).
  const listSlug = status.list?.slug ?? null;
  const submitManual = useCallback(
    (text: string) => {
      // A code is judged at once; anything else (a name, part of one) is searched for.
      void flowNow.current.typed(text).then((search) => {
        if (search === null) return;
        handOverSearchWords(listSlug, search);
        navigate('/door/search');
      });
    },
    [navigate, listSlug],
  );
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  const list = status.list;
  const exitMode = flow.mode === 'exit';
  const storageShare =
    storage?.usage != null && storage.quota ? Math.min(1, storage.usage / storage.quota) : null;
  return (
    <div ref={screen} className={`scan scan--${flow.mode}${flow.fastLane ? ' scan--lane' : ''}`}>
      <ScanStatusLine
        status={status}
        now={now}
        storageShare={storageShare}
        readinessOpen={readinessOpen}
        onReadiness={toggleReadiness}
        behind={status !== live}
      />

      <div className={`scan__stage${noCamera ? ' scan__stage--no-camera' : ''}`}>
        <Suspense fallback={<div className="camera" />}>
          <CameraView
            paused={flow.fastLane ? flow.lane.stoppedBy !== null : flow.shown !== null}
            deviceId={cameraDeviceId}
            onDeviceChosen={chooseCamera}
            onCode={onCameraCode}
            onSighting={onSighting}
            onPhase={notePhase}
            onTrouble={cameraSigns.onTrouble}
            onPicture={cameraSigns.onPicture}
            readAt={readAt}
          />
        </Suspense>
        {/* Over the picture's top, where staff look: they take none of its height. */}
        <div className="scan__overlay">
          <h1 className="scan__title">{list?.title ?? t('scanListLoading')}</h1>
          {exitMode && (
            <p className="scan__exit-banner" role="status" data-testid="exit-mode">
              <span aria-hidden="true" className="mirror-rtl">
                ⇥
              </span>{' '}
              {t('doorModeExitBanner')}
            </p>
          )}
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
          <FleetNotice status={status} />
        </div>
      </div>

      {/* Over the picture, never over the controls: the camera and a scanner keep reading. */}
      {readinessOpen && <ReadinessPanel status={status} now={now} onClose={() => setReadinessOpen(false)} />}

      {flow.fastLane && <FastLane flow={flow} />}

      <div className="scan__side">
        {noCamera && (
          <p className="scan__ready" data-testid="scanner-ready">
            {t('scanReadyForScanner')}
          </p>
        )}
        {manualShown && (
          <ManualEntry
            inputRef={manualInput}
            exitMode={exitMode}
            onSubmit={submitManual}
            onEscape={closeSearch}
          />
        )}
        <div className="scan__controls" data-testid="scan-controls">
          {!fieldAlways && (
            <button
              type="button"
              className="button scan__control scan__control--icon"
              aria-expanded={searchOpen}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <svg className="scan__icon" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="M15.5 15.5 21 21" />
              </svg>
              <span className="visually-hidden">{t('scanSearch')}</span>
            </button>
          )}
          <ModeSwitch mode={flow.mode} />
          <LaneToggle />
          <ScanMenu status={status} now={now} storage={storage} onReadiness={openReadiness} />
        </div>
      </div>

      {covering && <ScanFlowVerdict flow={flow} now={now} />}
    </div>
  );
}

const setMode = (doorMode: DoorMode) => appStore.getState().setSettings({ doorMode });

/** Entry or exit. Memoised: the scan screen renders again for each verdict; this changes with the mode. */
const ModeSwitch = memo(function ModeSwitch({ mode: current }: { mode: DoorMode }) {
  return (
    <fieldset className="mode-switch" data-testid="door-mode">
      <legend className="visually-hidden">{t('doorModeLabel')}</legend>
      {(['entry', 'exit'] as const).map((mode) => (
        <button
          key={mode}
          type="button"
          className={`mode-switch__option mode-switch__option--${mode}`}
          aria-pressed={current === mode}
          onClick={() => setMode(mode)}
        >
          {t(mode === 'entry' ? 'doorModeEntry' : 'doorModeExit')}
        </button>
      ))}
    </fieldset>
  );
});
