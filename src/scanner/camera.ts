// The camera adapter, on @zxing/browser's camera half: BrowserCodeReader lists the video
// inputs, plays the stream in the page's <video>, says whether the track has a torch and
// switches it, reads and applies the track's constraints, and releases the stream and the
// <video> when stopped (its IScannerControls). Decoding does not go through it: its scan loop
// decodes on the page's main thread, where a decode attempt (tens of milliseconds on a phone)
// holds the verdict being drawn, and @zxing/browser cannot run in a worker. So the reader's
// `scan` is replaced by a loop that only copies frames, and @zxing/library reads them in a
// worker of its own (decoder-worker.ts, decoder-client.ts). The module is imported lazily by
// the scan screen; it owns the stream itself, so decoding can stop (paused to save the
// battery) while the picture stays, and a track that ends (another app took the camera) is
// seen and reported.
import { BrowserCodeReader, type IScannerControls } from '@zxing/browser';
import type { Reader } from '@zxing/library';
import { type Decoder, warmDecoder } from './decoder-client';
import { type FrameLoop, frameLoop } from './frame-loop';

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
  /**
   * The decoder has read the first frame of the picture: the camera works end to end. Where
   * that frame held a code, told after the code (frame-loop.ts): the verdict goes first.
   */
  onPicture?(): void;
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

/** What @zxing/browser names a camera whose label the browser hides (before permission). */
const UNNAMED = /^Video device \d+$/;

/** The video inputs; a camera the browser does not name yet has an empty label (named on screen). */
export async function listCameras(): Promise<MediaDeviceInfo[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const cameras = await BrowserCodeReader.listVideoInputDevices();
  return cameras.map((camera) =>
    UNNAMED.test(camera.label) ? ({ ...camera, label: '' } as MediaDeviceInfo) : camera,
  );
}

const REAR: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

/** BrowserCodeReader wants a reader; this one is never asked: frames go to the worker. */
const READS_IN_WORKER: Reader = {
  decode() {
    throw new Error('QR codes are read in the decoder worker, not on the page');
  },
  reset() {},
};

/** The track filter IScannerControls' getters want: the first video track. */
const firstTrack = (track: MediaStreamTrack) => [track];

/**
 * @zxing/browser's reader for its camera half. `decodeFromStream` plays the stream, then starts
 * `scan` on the <video> and wraps what it returns in the stream's controls (torch, constraints,
 * releasing the stream): `scan` is where decoding would start, and here it starts the loop that
 * hands frames to the worker.
 */
class WorkerCodeReader extends BrowserCodeReader {
  loop: FrameLoop | null = null;

  constructor(
    private readonly stream: MediaStream,
    private readonly made: Decoder,
    private readonly onRead: (text: string) => void,
    private readonly onFrameRead?: () => void,
  ) {
    super(READS_IN_WORKER);
  }

  override scan(...[element, , finalize]: Parameters<BrowserCodeReader['scan']>): IScannerControls {
    const video = element as HTMLVideoElement;
    this.loop = frameLoop(video, this.stream, this.made, this.onRead, finalize, this.onFrameRead);
    return this.loop;
  }
}

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

export async function startCamera({
  video,
  deviceId,
  onCode,
  onLost,
  onPicture,
}: CameraOptions): Promise<CameraSession> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('Camera needs a secure (https) page'), { name: 'InsecureContext' });
  }
  // The decoder loads in its worker while the camera opens (its warm-up code is its first
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
  let ended = false;
  let stopped = false;
  track?.addEventListener('ended', () => {
    ended = true;
    if (!stopped) onLost?.();
  });
  // A User Timing mark at each read: DevTools and the benches split a camera verdict's time
  // into reading the code and judging it.
  const read = (text: string) => {
    performance.mark('door:camera-read');
    onCode(text);
  };
  // Told once: the loop reads a frame every 40 ms.
  let pictured = false;
  const frameRead = () => {
    if (pictured) return;
    pictured = true;
    onPicture?.();
  };
  const reader = new WorkerCodeReader(stream, made, read, frameRead);
  let controls: IScannerControls | undefined;
  try {
    // Plays the stream in the <video> (rejects if it will not play), then starts the frame loop;
    // frames wait in the worker behind its first read while the decoder loads.
    controls = await reader.decodeFromStream(stream, video, () => undefined);
    if (video.srcObject !== stream)
      throw Object.assign(new Error('A newer start took the picture'), { name: 'AbortError' });
    await warm;
    if (made.failed)
      throw Object.assign(new Error('The code reader did not load'), { name: 'DecoderFailed' });
  } catch (error) {
    stopped = true;
    if (controls) release(controls);
    else {
      for (const t of stream.getTracks()) t.stop();
      if (video.srcObject === stream) BrowserCodeReader.cleanVideoSource(video);
    }
    throw error;
  }
  const running = controls;
  const loop = reader.loop;
  // Constraints applied replace them all: the ones the stream was opened with come along.
  const opened = running.streamVideoConstraintsGet?.(firstTrack) ?? {};
  const constrain = (constraints: MediaTrackConstraints) =>
    // Typed as returning nothing; it returns the tracks' applyConstraints, which may refuse.
    void Promise.resolve(running.streamVideoConstraintsApply?.(constraints)).catch(() => undefined);
  const switchTorch = running.switchTorch;
  return {
    deviceId: running.streamVideoSettingsGet?.(firstTrack).deviceId ?? deviceId ?? null,
    setTorch: switchTorch ? (on) => switchTorch(on) : undefined,
    pause() {
      if (stopped) return;
      loop?.pause();
      constrain({ ...opened, frameRate: { ideal: 5 } });
    },
    resume() {
      if (stopped) return;
      constrain(opened);
      loop?.resume();
    },
    // track.stop() from elsewhere fires no "ended" event: the state is read as well.
    lost: () => ended || track?.readyState === 'ended',
    stop() {
      stopped = true;
      release(running);
    },
  };
}

/** Stops the loop, the stream's tracks and the <video>; a torch left on goes out (if it can). */
function release(controls: IScannerControls) {
  void Promise.resolve(controls.stop()).catch(() => undefined);
}
