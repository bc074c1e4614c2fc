// The camera view's code (about 8 KB: the QR decoder runs in a worker of its own) is a chunk of
// its own, asked for as soon as the door's screens load. It has arrived by the time a scan
// screen or the kiosk first renders, so they mount with their camera at once: loaded a render
// later, its evaluation and layout would fall in the middle of a restart's first verdict and
// hold its reply about 40 ms at a phone's speed (test/bench/cold-marks.ts, BENCH_THROTTLE=4).
// The camera's own module comes along in the same import's preload list (scripts/preload-with.ts):
// fetched now, run when the camera starts.
import { type ComponentType, lazy, memo, useState } from 'react';
import type { CameraView as CameraViewFunction } from './CameraView';

type CameraView = ComponentType<Parameters<typeof CameraViewFunction>[0]>;

// Memoised: the scan screen renders several times a scan (the verdict, the status, the
// dismissal) and the camera's props change on none of them but the pause.
let loaded: CameraView | null = null;
const chunk = import('./CameraView').then((m) => {
  loaded = memo(m.CameraView);
  return { default: loaded };
});
// A failed load is shown where the view renders (the lazy one throws it); not here as well.
chunk.catch(() => undefined);
const LazyCameraView = lazy(() => chunk);

/** The camera view for a screen: the module itself once loaded, else a lazy one (under Suspense). */
export function useCameraView(): CameraView {
  const [view] = useState<CameraView>(() => loaded ?? LazyCameraView);
  return view;
}
