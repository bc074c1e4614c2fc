// The camera adapter. It is imported lazily by the scan screen; the QR decoder (the largest
// dependency) runs in a worker of its own (decoder-worker.ts), so it never weighs on the first
// load nor holds the page's main thread: the page only copies frames. It owns the stream
// itself, so decoding can stop (paused to save the battery) while the picture stays, and a
// track that ends (another app took the camera) is seen and reported.
import type { FrameRead, FrameToRead } from './decoder-worker';
import { attemptAt } from './frame-pixels';

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

interface Decoder {
  worker: Worker;
  failed: boolean;
  /** Reads asked for and not yet answered, by frame id. */
  waiting: Map<number, (text: string | null) => void>;
}

/** The decoder's worker: one a page, kept while the camera stops and starts again. */
let decoder: Decoder | null = null;
let frameIds = 0;

function decoderWorker(): Decoder {
  if (decoder && !decoder.failed) return decoder;
  const worker = new Worker(new URL('./decoder-worker.ts', import.meta.url), {
    type: 'module',
    name: 'qr-decoder',
  });
  const made: Decoder = { worker, failed: false, waiting: new Map() };
  worker.addEventListener('message', (event: MessageEvent<FrameRead>) => {
    made.waiting.get(event.data.id)?.(event.data.text);
    made.waiting.delete(event.data.id);
  });
  // A worker that could not load answers nothing: its reads end as null, the camera's start
  // reports it, and the next start makes a new worker.
  worker.addEventListener('error', () => {
    made.failed = true;
    for (const answer of made.waiting.values()) answer(null);
    made.waiting.clear();
  });
  decoder = made;
  return made;
}

/** One frame read in the worker: the text, or null (nothing read, or no decoder). */
function readFrame(made: Decoder, frame: Omit<FrameToRead, 'id'>): Promise<string | null> {
  if (made.failed) return Promise.resolve(null);
  const id = ++frameIds;
  return new Promise((resolve) => {
    made.waiting.set(id, resolve);
    made.worker.postMessage({ id, ...frame } satisfies FrameToRead, [frame.pixels.buffer]);
  });
}

/** The decoder's worker, asked to read a one-pixel frame: answered once its code has loaded. */
function warmDecoder() {
  const made = decoderWorker();
  const warm = readFrame(made, {
    pixels: new Uint8ClampedArray(4),
    width: 1,
    height: 1,
    alsoInverted: false,
  });
  return { made, warm };
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
  // The decoder loads in its worker while the camera opens (a one-pixel frame is its first
  // read), where the device has a camera at all: a door with none (a kiosk's scanner) never
  // spends a core on it, at the moment its first verdict is drawn.
  const hasCamera = await listCameras().then(
    (cameras) => cameras.length > 0,
    () => true,
  );
  const early = hasCamera ? warmDecoder() : null;
  const stream = await openStream(deviceId);
  const { made, warm } = early ?? warmDecoder();
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
    await warm;
    if (made.failed)
      throw Object.assign(new Error('The code reader did not load'), { name: 'DecoderFailed' });
  } catch (error) {
    stopTracks();
    throw error;
  }
  // The decode loop: each attempt copies the frame (attemptAt: a half-size copy first, read
  // normal and inverted, the whole frame every other attempt) and the worker reads it; one
  // frame is in the worker at a time. (The decoder itself is patched: patches/README.md.)
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const grab = (n: number): Omit<FrameToRead, 'id'> | null => {
    if (!context || video.videoWidth === 0 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
      return null;
    const { scale, alsoInverted } = attemptAt(n);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { pixels: data, width: canvas.width, height: canvas.height, alsoInverted };
  };
  // A User Timing mark at each read: DevTools and the benches split a camera verdict's time
  // into reading the code and judging it.
  const read = (text: string) => {
    performance.mark('door:camera-read');
    onCode(text);
  };
  // `generation` changes with every halt: a read that comes back after a pause or a stop is
  // dropped, and a loop resumed meanwhile is the only one that goes on.
  let running = false;
  let generation = 0;
  let timer: number | undefined;
  let attempts = 0;
  const tick = async (mine: number) => {
    timer = undefined;
    let text: string | null = null;
    try {
      const frame = grab(attempts++);
      if (frame) text = await readFrame(made, frame);
    } catch {
      // A frame the canvas cannot take (the track ending between frames): the next one may.
    }
    if (mine !== generation || !running) return;
    if (text !== null) read(text);
    // Stopped (or paused) by onCode itself: no next attempt.
    if (mine === generation && running) timer = window.setTimeout(() => void tick(mine), SCAN_DELAY_MS);
  };
  const halt = () => {
    running = false;
    generation++;
    window.clearTimeout(timer);
    timer = undefined;
  };
  const decode = () => {
    if (running) return;
    running = true;
    const mine = ++generation;
    timer = window.setTimeout(() => void tick(mine), 0);
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
