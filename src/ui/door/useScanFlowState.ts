import { useCallback, useEffect, useRef, useState } from 'react';
import { appStore } from '../../state/app-store';
import { initialScanFlow, type ScanFlowEvent, type ScanFlowState, scanFlow } from './scan-flow';

/** A decision still under way after this long says so on the scan screen. */
const DECIDING_SHOWN_AFTER_MS = 150;

/** What the screen draws of the flow's state. */
type ScanFlowView = Pick<ScanFlowState, 'shown' | 'lane' | 'notice' | 'deciding'>;

function viewOf({ shown, lane, notice, deciding }: ScanFlowState): ScanFlowView {
  return { shown, lane, notice, deciding };
}

/**
 * The scan flow's state for one screen, moved only by `scanFlow` (scan-flow.ts) through `send`.
 * It lives in a ref: a camera read or a button decides on the state after the last event at
 * once, not on the last render's. The screen renders `view` (verdict, lane, notice,
 * "Deciding…") and only when that changes: a decision asked or a verdict held costs the page no
 * render on the verdict's path.
 */
export function useScanFlowState() {
  const state = useRef<ScanFlowState>(initialScanFlow());
  const [view, setView] = useState<ScanFlowView>(() => viewOf(state.current));
  // "Deciding…" only once a decision has taken DECIDING_SHOWN_AFTER_MS: a verdict from the copy
  // takes a few ms, and a notice up for one frame would cost the page a render and a layout on
  // the verdict's path. `occupied` (scan-flow.ts) holds buttons and the camera from the first moment.
  const decidingTimer = useRef<number | undefined>(undefined);
  const send = useCallback((event: ScanFlowEvent) => {
    const before = state.current;
    const after = scanFlow(before, event);
    if (after === before) return;
    state.current = after;
    if (before.inFlight === 0 && after.inFlight > 0)
      decidingTimer.current = window.setTimeout(
        () => send({ type: 'deciding-overdue' }),
        DECIDING_SHOWN_AFTER_MS,
      );
    else if (before.inFlight > 0 && after.inFlight === 0) window.clearTimeout(decidingTimer.current);
    if (after.shown !== before.shown) appStore.getState().setShell({ scanInProgress: after.shown !== null });
    if (
      after.shown !== before.shown ||
      after.lane !== before.lane ||
      after.notice !== before.notice ||
      after.deciding !== before.deciding
    )
      setView(viewOf(after));
  }, []);

  useEffect(
    () => () => {
      window.clearTimeout(decidingTimer.current);
      appStore.getState().setShell({ scanInProgress: false });
    },
    [],
  );

  /** The state after the last event (not the last render's). */
  const current = useCallback(() => state.current, []);

  return { current, view, send };
}
