// The camera adapter: the only module that knows @zxing/browser. It is imported lazily by the
// scan screen, so the decoder (the largest dependency) never weighs on the first load.
import type { IScannerControls } from '@zxing/browser';

export type CameraProblem = 'denied' | 'busy' | 'no-camera' | 'insecure' | 'failed';

export interface CameraSession {
  stop(): void;
  /** Present only when the device's camera has a torch. */
  setTorch?: (on: boolean) => Promise<void>;
  deviceId: string | null;
}

export interface CameraOptions {
  video: HTMLVideoElement;
  /** A remembered camera; otherwise the rear camera. */
  deviceId?: string | null;
  onCode(text: string): void;
}

export function describeCameraFailure(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
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

export async function startCamera({ video, deviceId, onCode }: CameraOptions): Promise<CameraSession> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('Camera needs a secure (https) page'), { name: 'InsecureContext' });
  }
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  // The default waits 500 ms between attempts; a queue at the door cannot.
  const reader = new BrowserQRCodeReader(undefined, {
    delayBetweenScanAttempts: 40,
    delayBetweenScanSuccess: 250,
  });
  const constraints: MediaStreamConstraints = {
    audio: false,
    video: deviceId
      ? { deviceId: { exact: deviceId } }
      : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  };
  const controls: IScannerControls = await reader.decodeFromConstraints(constraints, video, (result) => {
    if (result) onCode(result.getText());
  });
  const stream = video.srcObject instanceof MediaStream ? video.srcObject : null;
  const track = stream?.getVideoTracks()[0];
  return {
    stop: () => controls.stop(),
    setTorch: controls.switchTorch,
    deviceId: track?.getSettings().deviceId ?? deviceId ?? null,
  };
}
