import { useCallback, useEffect, useRef, useState } from 'react';
import type { CameraProblem, CameraSession } from '../../scanner/camera';
import { IDLE_PAUSE_MS, restartDelayMs, restartsByItself } from '../../scanner/camera-recovery';
import { watchForMotion } from '../../scanner/motion';
import type { MessageKey } from '../i18n/t';
import { t } from '../i18n/t';

const PROBLEM_TEXT: Record<CameraProblem, MessageKey> = {
  denied: 'cameraDenied',
  busy: 'cameraBusy',
  'no-camera': 'cameraNoCamera',
  insecure: 'cameraInsecure',
  failed: 'cameraFailed',
};

/** How often a running camera is checked for a track that ended without saying so. */
const LOST_CHECK_MS = 2000;
/** The longest the camera's start waits for its first picture read before listing the cameras. */
const FIRST_PICTURE_WAIT_MS = 1000;

interface Props {
  /** Paused while a verdict is on screen, so the same ticket is not read underneath it. */
  paused: boolean;
  deviceId: string | null;
  onDeviceChosen(deviceId: string | null): void;
  onCode(text: string): void;
  /** A code seen while paused: it is still in view, and must not be read again when scanning resumes. */
  onSighting?(text: string): void;
  /**
   * Facing attendees (the kiosk): a camera that fails shows nothing, and there are no
   * controls; staff hints such as "use a scanner or search" would only confuse them.
   */
  attendeeFacing?: boolean;
  /** With no code for this long the decoder stops until a tap, a key or motion. */
  idlePauseMs?: number;
  /**
   * When the last code was read and judged (a number that changes with each read): the aiming
   * frame flashes for it, besides the sound and vibration. Not for a code still in view.
   */
  readAt?: number | null;
  /** Told when the camera starts, runs, pauses or fails: a screen without one says so. */
  onPhase?(phase: CameraPhase): void;
  /** Told the camera's failure, and null once it runs again (the door's readiness). */
  onTrouble?(problem: CameraProblem | null): void;
  /** Told when the decoder has read the first frame of a started camera's picture. */
  onPicture?(): void;
}

export type CameraPhase = 'starting' | 'running' | 'paused' | 'failed';

type CameraState =
  | { phase: 'starting'; restarting: boolean }
  // askedFor: the camera asked for at the start, which may be gone and replaced by the rear one.
  | { phase: 'running'; session: CameraSession; askedFor: string | null }
  | { phase: 'failed'; problem: CameraProblem };

export function CameraView({
  paused,
  deviceId,
  onDeviceChosen,
  onCode,
  onSighting,
  attendeeFacing = false,
  idlePauseMs = IDLE_PAUSE_MS,
  onPhase,
  onTrouble,
  onPicture,
  readAt = null,
}: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const codeHandler = useRef(onCode);
  codeHandler.current = onCode;
  const sightingHandler = useRef(onSighting);
  sightingHandler.current = onSighting;
  const deviceChosen = useRef(onDeviceChosen);
  deviceChosen.current = onDeviceChosen;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const wantedDevice = useRef(deviceId);
  wantedDevice.current = deviceId;
  const pictureHandler = useRef(onPicture);
  pictureHandler.current = onPicture;
  const [state, setState] = useState<CameraState>({ phase: 'starting', restarting: false });
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);
  const [torch, setTorch] = useState(false);
  const torchRef = useRef(torch);
  torchRef.current = torch;
  const [cameraCount, setCameraCount] = useState(0);
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<number | undefined>(undefined);
  // When someone was last at work (a code, a tap, a key, motion, the camera started). The pause
  // is due two minutes after it, however late an effect re-arms the timer: re-arming from the
  // moment the effect ran moved the deadline on by the effect's delay (seen in e2e as a camera
  // still running 2:10 after a tap).
  const activeAt = useRef(Date.now());

  const armIdle = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    const left = activeAt.current + idlePauseMs - Date.now();
    idleTimer.current = window.setTimeout(() => setIdle(true), Math.max(0, left));
  }, [idlePauseMs]);
  const markActive = useCallback(() => {
    activeAt.current = Date.now();
    armIdle();
  }, [armIdle]);

  const restart = useCallback(() => {
    setState({ phase: 'starting', restarting: true });
    setAttempt((n) => n + 1);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the camera (retry, loss, another camera)
  useEffect(() => {
    let cancelled = false;
    let session: CameraSession | null = null;
    let retry: number | undefined;
    setTorch(false);
    setIdle(false);
    // The camera's first picture read: what the camera's start waits for (a second at most once
    // it runs) before its work that is no hurry, so that work does not take the page's time
    // while the first frame, maybe a guest's code, is being read.
    let pictured: () => void = () => {};
    let pictureWait: number | undefined;
    const firstPicture = new Promise<void>((resolve) => {
      pictured = resolve;
    });
    const askedFor = wantedDevice.current;
    (async () => {
      const camera = await import('../../scanner/camera');
      try {
        if (!video.current) return;
        session = await camera.startCamera({
          video: video.current,
          deviceId: askedFor,
          onCode: (text) => {
            markActive();
            if (!pausedRef.current) codeHandler.current(text);
            else sightingHandler.current?.(text);
          },
          onLost: () => {
            if (!cancelled) restart();
          },
          onPicture: () => {
            pictured();
            if (!cancelled) pictureHandler.current?.();
          },
        });
        if (cancelled) return session.stop();
        failures.current = 0;
        activeAt.current = Date.now();
        setState({ phase: 'running', session, askedFor });
        // Which cameras there are (the switch) and the one chosen (settings) are no hurry.
        pictureWait = window.setTimeout(pictured, FIRST_PICTURE_WAIT_MS);
        await firstPicture;
        if (cancelled) return;
        setCameraCount((await camera.listCameras()).length);
        if (cancelled) return;
        if (session.deviceId && session.deviceId !== wantedDevice.current)
          deviceChosen.current(session.deviceId);
      } catch (error) {
        if (cancelled) return;
        const problem = camera.describeCameraFailure(error);
        setState({ phase: 'failed', problem });
        // Taken by another app, or gone for a moment: tried again by itself, less often each time.
        if (restartsByItself(problem))
          retry = window.setTimeout(() => setAttempt((n) => n + 1), restartDelayMs(failures.current++));
      }
    })();
    return () => {
      cancelled = true;
      window.clearTimeout(retry);
      window.clearTimeout(pictureWait);
      session?.stop();
    };
  }, [attempt]);

  const session = state.phase === 'running' ? state.session : null;
  const askedFor = state.phase === 'running' ? state.askedFor : null;

  // Another camera chosen (here or in settings): the running one gives way to it. The camera
  // asked for at the start does not count: when it was gone the rear one runs, and is saved
  // only after the first picture; restarting for it meanwhile would restart forever.
  useEffect(() => {
    if (session && deviceId && deviceId !== askedFor && deviceId !== session.deviceId)
      setAttempt((n) => n + 1);
  }, [deviceId, session, askedFor]);

  useEffect(() => {
    if (!session) return;
    const timer = window.setInterval(() => {
      if (session.lost()) restart();
    }, LOST_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [session, restart]);

  // Two minutes with no code: the decoder stops and the torch goes out until someone is back.
  useEffect(() => {
    if (!session) return;
    if (!idle) {
      armIdle();
      return () => window.clearTimeout(idleTimer.current);
    }
    const torchWasOn = torchRef.current;
    session.pause();
    if (torchWasOn) void session.setTorch?.(false).catch(() => undefined);
    const stopWatching = video.current
      ? watchForMotion(video.current, () => {
          activeAt.current = Date.now();
          setIdle(false);
        })
      : () => {};
    return () => {
      stopWatching();
      session.resume();
      if (torchWasOn) void session.setTorch?.(true).catch(() => undefined);
    };
  }, [session, idle, armIdle]);

  // Any tap or key on the page is someone at work: it wakes the camera or keeps it awake.
  useEffect(() => {
    if (!session) return;
    const active = () => {
      setIdle(false);
      markActive();
    };
    document.addEventListener('pointerdown', active, true);
    document.addEventListener('keydown', active, true);
    return () => {
      document.removeEventListener('pointerdown', active, true);
      document.removeEventListener('keydown', active, true);
    };
  }, [session, markActive]);

  const switchCamera = useCallback(async () => {
    const { listCameras } = await import('../../scanner/camera');
    const cameras = await listCameras();
    if (cameras.length < 2) return;
    const current = state.phase === 'running' ? state.session.deviceId : deviceId;
    const index = cameras.findIndex((c) => c.deviceId === current);
    onDeviceChosen(cameras[(index + 1) % cameras.length]?.deviceId ?? null);
  }, [state, deviceId, onDeviceChosen]);

  const phase: CameraPhase = idle && session ? 'paused' : state.phase;
  const phaseHandler = useRef(onPhase);
  phaseHandler.current = onPhase;
  useEffect(() => phaseHandler.current?.(phase), [phase]);
  const troubleHandler = useRef(onTrouble);
  troubleHandler.current = onTrouble;
  const problem = state.phase === 'failed' ? state.problem : state.phase === 'running' ? null : undefined;
  useEffect(() => {
    if (problem !== undefined) troubleHandler.current?.(problem);
  }, [problem]);
  return (
    <div className="camera" data-phase={phase}>
      <video ref={video} className="camera__video" muted playsInline aria-label={t('cameraLabel')} />
      {/* A new key for each read restarts the flash. */}
      <div
        key={readAt ?? 'none'}
        className={`camera__frame${readAt !== null ? ' camera__frame--read' : ''}`}
        data-testid="camera-frame"
        data-read-at={readAt ?? undefined}
        aria-hidden="true"
      />
      {state.phase === 'starting' && (
        <p className="camera__message">{t(state.restarting ? 'cameraRestarting' : 'cameraStarting')}</p>
      )}
      {phase === 'paused' && (
        <div className="camera__message camera__message--paused" role="status" data-testid="camera-paused">
          <p>{t(attendeeFacing ? 'cameraPausedAttendee' : 'cameraPaused')}</p>
          <button type="button" className="button button--primary" onClick={() => setIdle(false)}>
            {t('cameraWake')}
          </button>
        </div>
      )}
      {state.phase === 'failed' && !attendeeFacing && (
        <div className="camera__message camera__message--problem" role="alert">
          <p>{t(PROBLEM_TEXT[state.problem])}</p>
          {restartsByItself(state.problem) && <p className="camera__retrying">{t('cameraRetrying')}</p>}
          <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('cameraRetry')}
          </button>
        </div>
      )}
      {session && phase === 'running' && !attendeeFacing && (
        <div className="camera__controls">
          {cameraCount > 1 && (
            <button type="button" className="button" onClick={() => void switchCamera()}>
              {t('cameraSwitch')}
            </button>
          )}
          {session.setTorch && (
            <button
              type="button"
              className="button"
              aria-pressed={torch}
              onClick={() => {
                const next = !torch;
                void session.setTorch?.(next).then(
                  () => setTorch(next),
                  () => undefined,
                );
              }}
            >
              {torch ? t('cameraTorchOff') : t('cameraTorchOn')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
