// The camera view's code (about 8 KB: the QR decoder runs in a worker of its own) is a chunk of
// its own, asked for as soon as the door's screens load. It has arrived by the time a scan
// screen or the kiosk first renders, so they mount with their camera at once: loaded a render
// later, its evaluation and layout fell in the middle of a restart's first verdict and held its
// reply about 40 ms at a phone's speed (test/bench/cold-marks.ts, BENCH_THROTTLE=4).
import { type ComponentType, lazy, memo, useState } from 'react';
import type { CameraView as CameraViewType } from './CameraView';

type CameraViewComponent = typeof CameraViewType;

// Memoised: the scan screen renders several times a scan (the verdict, the status, the
// dismissal) and the camera's props change on none of them but the pause.
let loaded: CameraViewComponent | null = null;
const chunk = import('./CameraView').then((m) => {
  loaded = memo(m.CameraView) as unknown as CameraViewComponent;
  return { CameraView: loaded };
});
// A failed load is shown where the view renders (the lazy one throws it); not here as well.
chunk.catch(() => undefined);
const LazyCameraView = lazy(() => chunk.then((m) => ({ default: m.CameraView })));

/** The camera view for a screen: the module itself once loaded, else a lazy one (under Suspense). */
export function useCameraView(): ComponentType<Parameters<CameraViewComponent>[0]> {
  const [view] = useState<ComponentType<Parameters<CameraViewComponent>[0]>>(() => loaded ?? LazyCameraView);
  return view;
}
