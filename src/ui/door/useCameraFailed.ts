import { useCallback, useState } from 'react';
import type { CameraPhase } from './CameraView';

/**
 * Whether the camera failed, for a screen that lays itself out without one (a hand scanner's
 * desk), and the `onPhase` handler that keeps it. Only that: every other phase change (starting,
 * running, paused) would render the whole screen again for nothing it shows, one of them as the
 * first frame is read. A type-only import: the camera's chunk still loads on its own.
 */
export function useCameraFailed(): [failed: boolean, onPhase: (phase: CameraPhase) => void] {
  const [failed, setFailed] = useState(false);
  const onPhase = useCallback((phase: CameraPhase) => setFailed(phase === 'failed'), []);
  return [failed, onPhase];
}
