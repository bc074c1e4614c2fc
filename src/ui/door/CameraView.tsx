import { useCallback, useEffect, useRef, useState } from 'react';
import type { CameraProblem, CameraSession } from '../../scanner/camera';
import type { MessageKey } from '../i18n/en';
import { t } from '../i18n/t';

const PROBLEM_TEXT: Record<CameraProblem, MessageKey> = {
  denied: 'cameraDenied',
  busy: 'cameraBusy',
  'no-camera': 'cameraNoCamera',
  insecure: 'cameraInsecure',
  failed: 'cameraFailed',
};

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
}

type CameraState =
  | { phase: 'starting' }
  | { phase: 'running'; session: CameraSession }
  | { phase: 'failed'; problem: CameraProblem };

export function CameraView({
  paused,
  deviceId,
  onDeviceChosen,
  onCode,
  onSighting,
  attendeeFacing = false,
}: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const codeHandler = useRef(onCode);
  codeHandler.current = onCode;
  const sightingHandler = useRef(onSighting);
  sightingHandler.current = onSighting;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [torch, setTorch] = useState(false);
  const [cameraCount, setCameraCount] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the camera on retry
  useEffect(() => {
    let cancelled = false;
    let session: CameraSession | null = null;
    setState({ phase: 'starting' });
    (async () => {
      const camera = await import('../../scanner/camera');
      try {
        if (!video.current) return;
        session = await camera.startCamera({
          video: video.current,
          deviceId,
          onCode: (text) => {
            if (!pausedRef.current) codeHandler.current(text);
            else sightingHandler.current?.(text);
          },
        });
        if (cancelled) return session.stop();
        setState({ phase: 'running', session });
        setCameraCount((await camera.listCameras()).length);
        if (session.deviceId && session.deviceId !== deviceId) onDeviceChosen(session.deviceId);
      } catch (error) {
        const problem =
          error instanceof Error && error.name === 'InsecureContext'
            ? 'insecure'
            : camera.describeCameraFailure(error);
        if (!cancelled) setState({ phase: 'failed', problem });
      }
    })();
    return () => {
      cancelled = true;
      session?.stop();
    };
  }, [deviceId, attempt]);

  const switchCamera = useCallback(async () => {
    const { listCameras } = await import('../../scanner/camera');
    const cameras = await listCameras();
    if (cameras.length < 2) return;
    const current = state.phase === 'running' ? state.session.deviceId : deviceId;
    const index = cameras.findIndex((c) => c.deviceId === current);
    onDeviceChosen(cameras[(index + 1) % cameras.length]?.deviceId ?? null);
  }, [state, deviceId, onDeviceChosen]);

  const session = state.phase === 'running' ? state.session : null;
  return (
    <div className="camera" data-phase={state.phase}>
      <video ref={video} className="camera__video" muted playsInline aria-label={t('cameraLabel')} />
      <div className="camera__frame" aria-hidden="true" />
      {state.phase === 'starting' && <p className="camera__message">{t('cameraStarting')}</p>}
      {state.phase === 'failed' && !attendeeFacing && (
        <div className="camera__message camera__message--problem" role="alert">
          <p>{t(PROBLEM_TEXT[state.problem])}</p>
          <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('cameraRetry')}
          </button>
        </div>
      )}
      {session && !attendeeFacing && (
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
                void session.setTorch?.(next).then(() => setTorch(next));
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
