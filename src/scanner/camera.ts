// The camera adapter: the only module that knows @zxing/browser. It is imported lazily by the
// scan screen, so the decoder (the largest dependency) never weighs on the first load. It owns
// the stream itself, so the decoder can stop (paused to save the battery) while the picture
// stays, and a track that ends (another app took the camera) is seen and reported.

/**
 * Between decode attempts. The reader's default is 500 ms; a queue at the door cannot wait,
 * nor can the fast lane after a read: the next guest's code may be in view for half a second.
 */
const SCAN_DELAY_MS = 40;

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
  const reader = new BrowserQRCodeReader();
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
  // The decode loop, ours rather than the reader's own (which reads every whole frame): even
  // attempts read a half-size copy of the frame (a quarter of the pixels; a code held close
  // fills the frame with large, soft modules that read better there), and inverted too (a code
  // shown light on dark, from a phone in dark mode, reads only so); odd attempts read the whole
  // frame, for a code held far off. The first attempt is the cheap one: on a phone-class CPU
  // a whole 720p frame costs the first verdict about 100 ms. (The decoder itself is patched:
  // patches/README.md.)
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const attempt = (n: number): string | null => {
    if (!context || video.videoWidth === 0 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
      return null;
    const scale = n % 2 === 0 ? 0.5 : 1;
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const source = new HTMLCanvasElementLuminanceSource(canvas);
    for (const luminance of n % 2 === 0 ? [source, source.invert()] : [source]) {
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
  let timer: number | undefined;
  let attempts = 0;
  const tick = () => {
    let text: string | null = null;
    try {
      text = attempt(attempts++);
    } catch {
      // A frame the canvas cannot take (the track ending between frames): the next one may.
    }
    if (text !== null) read(text);
    // Stopped (or paused) by onCode itself: no next attempt.
    if (timer !== undefined) timer = window.setTimeout(tick, SCAN_DELAY_MS);
  };
  const halt = () => {
    window.clearTimeout(timer);
    timer = undefined;
  };
  const decode = () => {
    if (timer !== undefined) return;
    timer = window.setTimeout(tick, 0);
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
      halt();
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
      halt();
      stopTracks();
      video.srcObject = null;
    },
  };
}
