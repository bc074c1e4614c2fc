// The fast lane: with a queue at the door, each new code replaces the verdict at once and the
// last verdicts stay in a strip. A refusal, or the same ticket again, stops the lane until staff
// have seen it, so a guest turned away is never swept off the screen by the next one in line.
import { attendeeName, stopsTheLane, type Verdict, verdictTone } from '../domain/verdict';

export interface LaneEntry {
  /** When the verdict was shown; unique per verdict, so it doubles as its key. */
  at: number;
  kind: Verdict['kind'];
  tone: ReturnType<typeof verdictTone>;
  name: string | null;
  reference: string | null;
  undone: boolean;
}

export interface Lane {
  /** The latest verdicts, newest first. */
  strip: readonly LaneEntry[];
  /** The refusal that stopped the lane, until staff acknowledge it. */
  stoppedBy: LaneEntry | null;
}

export const STRIP_LENGTH = 6;

export const EMPTY_LANE: Lane = { strip: [], stoppedBy: null };

export function laneEntry(verdict: Verdict, at: number): LaneEntry {
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  return {
    at,
    kind: verdict.kind,
    tone: verdictTone(verdict),
    name: ticket ? attendeeName(ticket) : null,
    reference: ticket?.reference ?? null,
    undone: false,
  };
}

export function laneAfterVerdict(lane: Lane, verdict: Verdict, at: number): Lane {
  const entry = laneEntry(verdict, at);
  return {
    strip: [entry, ...lane.strip].slice(0, STRIP_LENGTH),
    // Only staff can bring a new verdict while the lane is stopped (the camera waits): that is
    // the refusal seen.
    stoppedBy: stopsTheLane(verdict) ? entry : null,
  };
}

/** Staff have seen the refusal: the lane runs again. */
export function laneAcknowledged(lane: Lane): Lane {
  return lane.stoppedBy ? { ...lane, stoppedBy: null } : lane;
}

export function laneAfterUndo(lane: Lane, at: number): Lane {
  return { ...lane, strip: lane.strip.map((e) => (e.at === at ? { ...e, undone: true } : e)) };
}

export interface CameraMoment {
  fastLane: boolean;
  lane: Lane;
  /** A verdict is on screen. */
  verdictUp: boolean;
  /** A scan is being decided. */
  deciding: boolean;
}

/**
 * Whether a camera read may be judged, or only keeps its code "in view" (the repeat guard).
 * In the lane a code read while another is being decided is judged next (it waits its turn).
 */
export function cameraJudges({ fastLane, lane, verdictUp, deciding }: CameraMoment): boolean {
  if (fastLane) return lane.stoppedBy === null;
  return !deciding && !verdictUp;
}
