// The camera adapter: the only module that knows @zxing/browser. It is imported lazily by the
// scan screen, so the decoder (the largest dependency) never weighs on the first load. It owns
// the stream itself, so the decoder can stop (paused to save the battery) while the picture
// stays, and a track that ends (another app took the camera) is seen and reported.
import type { IScannerControls } from '@zxing/browser';

export type CameraProblem = 'denied' | 'busy' | 'no-camera' | 'insecure' | 'failed';

export interface CameraSession {
  readonly deviceId: string | null;
  /** Present only where the camera's track has a torch. */
  setTorch?: (on: boolean) => Promise<void>;
  /** Stops decoding; the picture stays, at a low frame rate where the camera allows. */
  pause(): void;
  resume(): void;
  /** True once the track has ended: taken by another app, unplugged, or stopped by the system. */
  lost(): boolean;
  stop(): void;
}

export interface CameraOptions {
  video: HTMLVideoElement;
  /** A remembered camera; otherwise the rear camera. */
  deviceId?: string | null;
  onCode(text: string): void;
  /** The track ended by itself. */
  onLost?(): void;
}

export function describeCameraFailure(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'InsecureContext') return 'insecure';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-camera';
  return 'failed';
}

export async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((d) => d.kind === 'videoinput');
}

const REAR: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

/** The remembered camera, or the rear one when it is gone (a phone replaced, a webcam unplugged). */
async function openStream(deviceId: string | null | undefined): Promise<MediaStream> {
  const media = navigator.mediaDevices;
  if (deviceId) {
    try {
      return await media.getUserMedia({ audio: false, video: { deviceId: { exact: deviceId } } });
    } catch (error) {
      if (describeCameraFailure(error) !== 'no-camera') throw error;
    }
  }
  return media.getUserMedia({ audio: false, video: REAR });
}

function hasTorch(track: MediaStreamTrack): boolean {
  const capabilities = track.getCapabilities?.() as
    | (MediaTrackCapabilities & { torch?: unknown })
    | undefined;
  return Boolean(capabilities && 'torch' in capabilities && capabilities.torch !== false);
}

export async function startCamera({
  video,
  deviceId,
  onCode,
  onLost,
}: CameraOptions): Promise<CameraSession> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('Camera needs a secure (https) page'), { name: 'InsecureContext' });
  }
  const [{ BrowserQRCodeReader, HTMLCanvasElementLuminanceSource }, { BinaryBitmap, HybridBinarizer }] =
    await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  // The default waits 500 ms between attempts; a queue at the door cannot. Nor can it wait
  // after a read: in the fast lane the next guest's code may be in view for half a second.
  const reader = new BrowserQRCodeReader(undefined, {
    delayBetweenScanAttempts: 40,
    delayBetweenScanSuccess: 40,
  });
  const stream = await openStream(deviceId);
  const track = stream.getVideoTracks()[0];
  const stopTracks = () => {
    for (const t of stream.getTracks()) t.stop();
  };
  let ended = false;
  let stopped = false;
  track?.addEventListener('ended', () => {
    ended = true;
    if (!stopped) onLost?.();
  });
  try {
    video.srcObject = stream;
    await video.play();
  } catch (error) {
    stopTracks();
    throw error;
  }
  let controls: IScannerControls | null = null;
  // Every second failed attempt is tried again on a half-size copy of the frame, a quarter of
  // the pixels: a code held close fills the frame with large, soft modules that read better
  // there, and a code shown light on dark (a phone in dark mode or with inverted colours) reads
  // only inverted. (The decoder itself is patched: patches/README.md.)
  const half = document.createElement('canvas');
  const halfContext = half.getContext('2d', { willReadFrequently: true });
  let failures = 0;
  const retryHalfSize = () => {
    if (!halfContext || video.videoWidth === 0) return null;
    half.width = Math.round(video.videoWidth / 2);
    half.height = Math.round(video.videoHeight / 2);
    halfContext.drawImage(video, 0, 0, half.width, half.height);
    const source = new HTMLCanvasElementLuminanceSource(half);
    for (const luminance of [source, source.invert()]) {
      try {
        return reader.decodeBitmap(new BinaryBitmap(new HybridBinarizer(luminance))).getText();
      } catch {
        // Not readable this way: the next, or the next frame.
      }
    }
    return null;
  };
  // A User Timing mark at each read: DevTools and the benches split a camera verdict's time
  // into reading the code and judging it.
  const read = (text: string) => {
    performance.mark('door:camera-read');
    onCode(text);
  };
  const decode = () => {
    controls ??= reader.scan(video, (result) => {
      if (result) return read(result.getText());
      failures += 1;
      if (failures % 2 !== 0) return;
      const text = retryHalfSize();
      if (text !== null) read(text);
    });
  };
  decode();
  // applyConstraints replaces every constraint: the ones the stream was opened with come along.
  const opened = track?.getConstraints() ?? {};
  return {
    deviceId: track?.getSettings().deviceId ?? deviceId ?? null,
    setTorch:
      track && hasTorch(track)
        ? (on) => track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
        : undefined,
    pause() {
      if (stopped) return;
      controls?.stop();
      controls = null;
      void track?.applyConstraints({ ...opened, frameRate: { ideal: 5 } }).catch(() => undefined);
    },
    resume() {
      if (stopped) return;
      void track?.applyConstraints(opened).catch(() => undefined);
      decode();
    },
    // track.stop() from elsewhere fires no "ended" event: the state is read as well.
    lost: () => ended || track?.readyState === 'ended',
    stop() {
      stopped = true;
      controls?.stop();
      controls = null;
      stopTracks();
      video.srcObject = null;
    },
  };
}
