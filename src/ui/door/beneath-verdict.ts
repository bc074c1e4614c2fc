// What the scan screen draws beneath its verdict. Guarantees: a verdict laid over the whole
// screen (every verdict but a fast-lane read that leaves the lane running, which shows in the
// lane's strip with the picture in view) is drawn first, alone: what came with it for the
// screen beneath (the status it left, "1 waiting to send") is drawn after the verdict's frame
// (useBeneathVerdict.ts), never in it, where nobody could see it; and what is drawn beneath
// never goes back to an older value than it showed.
import type { Lane } from '../../scanner/fast-lane';

/** Whether the flow's verdict lies over the whole screen: outside the fast lane always; in it, a stop. */
export function coversScreen(flow: {
  fastLane: boolean;
  shown: { at: number } | null;
  lane: Pick<Lane, 'stoppedBy'>;
}): boolean {
  return !flow.fastLane || (flow.shown !== null && flow.lane.stoppedBy?.at === flow.shown.at);
}

/**
 * What to draw beneath the verdict: the live value when no verdict covers the screen or once
 * the verdict's frame is drawn (`caughtUp`, the live value let through then); else what was
 * drawn last.
 */
export function beneathVerdict<T>(drawn: T, live: T, covered: boolean, caughtUp: T | null): T {
  return !covered || caughtUp === live ? live : drawn;
}
