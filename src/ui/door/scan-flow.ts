// The scan flow's state and how each event moves it. Pure: no clock, no timers, no worker; the
// events carry what the hook (useScanFlow.ts) learnt (an outcome, the time, the notice's words),
// and the hook runs every effect (asking the worker, sound, printing, timers).
//
// Guarantees: each verdict's time is later than the one before, even within one millisecond (it
// is also the verdict's key on screen); a verdict shown lets go of any hold; the lane's run
// changes whenever staff have seen a stop or the lane restarts, so reads the queue handed back
// unjudged behind a stop are judged when seen again.
import {
  EMPTY_LANE,
  type Lane,
  laneAcknowledged,
  laneAfterUndo,
  laneAfterVerdict,
} from '../../scanner/fast-lane';
import type { DoorOrder } from '../../domain/order';
import type { ShownVerdict } from './auto-return';

export interface ScanFlowState {
  /** The verdict on screen. */
  shown: ShownVerdict | null;
  /** Staff are using the verdict's buttons: it does not return to scanning by itself. */
  held: boolean;
  lane: Lane;
  /** The fast lane's run, handed to the worker with each read in the lane. */
  laneRun: number;
  /** A line over the picture: a problem, or what an undo did. */
  notice: string | null;
  /** Decisions asked from this screen and not yet settled. */
  inFlight: number;
  /** A button's action in flight ("Admit anyway", "Admit all", "Undo all"). */
  busy: boolean;
  /** "Deciding…" is on screen: a decision has taken long enough to say so. */
  deciding: boolean;
  /** The last verdict's time. */
  lastAt: number;
}

/** What a verdict holds before it is given its time on screen. */
export type Outcome = Omit<ShownVerdict, 'at'>;

export type ScanFlowEvent =
  /** A decision was asked (a scan, a typed code, "Check in", "Record exit"). */
  | { type: 'decision-asked' }
  /** A decision ended, with a verdict, a problem or nothing to show. */
  | { type: 'decision-settled' }
  /** The first decision still under way has taken long enough to say "Deciding…". */
  | { type: 'deciding-overdue' }
  /** A decision's verdict. `fastLane`: it also goes to the lane's strip. */
  | { type: 'decided'; outcome: Outcome; now: number; fastLane: boolean }
  /** "Admit anyway" let the ticket in: in the lane, staff have also seen the stop. */
  | { type: 'admitted-anyway'; outcome: Outcome; now: number; fastLane: boolean }
  /** "Admit all" answered. */
  | { type: 'order-admitted'; outcome: Outcome; now: number }
  /** The order of the verdict at `at`, which went out without it, came (order-later.ts). */
  | { type: 'order-came'; at: number; order: DoorOrder | null }
  | { type: 'problem'; notice: string }
  /** An undo answered; `at` is the undone verdict's time when it was taken back, else null. */
  | { type: 'undone'; notice: string; at: number | null }
  | { type: 'order-undone'; notice: string }
  /** "Next scan" (or a tap beside the verdict, or Escape). */
  | { type: 'dismissed' }
  | { type: 'held' }
  /** The auto-return delay of the verdict at `at` has passed. */
  | { type: 'returned'; at: number }
  /** A button's action began; `showsDeciding` says "Deciding…" at once. */
  | { type: 'action-started'; showsDeciding: boolean }
  | { type: 'action-ended' }
  /** The fast lane was switched on or off (or the screen opened): a clean strip, a new run. */
  | { type: 'lane-restarted' };

export function initialScanFlow(): ScanFlowState {
  return {
    shown: null,
    held: false,
    lane: EMPTY_LANE,
    laneRun: 1,
    notice: null,
    inFlight: 0,
    busy: false,
    deciding: false,
    lastAt: 0,
  };
}

/** A decision under way or a button's action in flight: buttons wait, the camera only watches. */
export function occupied(state: ScanFlowState): boolean {
  return state.busy || state.inFlight > 0;
}

function show(state: ScanFlowState, shown: ShownVerdict | null): ScanFlowState {
  return { ...state, shown, held: false };
}

/** A new verdict's time: now, or just after the last one. */
function stamped(state: ScanFlowState, now: number): number {
  return Math.max(now, state.lastAt + 1);
}

/** Staff have seen the verdict: the lane, if stopped, runs again in a new run. */
function acknowledged(state: ScanFlowState): ScanFlowState {
  return {
    ...state,
    lane: laneAcknowledged(state.lane),
    laneRun: state.lane.stoppedBy ? state.laneRun + 1 : state.laneRun,
  };
}

function withVerdict(state: ScanFlowState, outcome: Outcome, now: number, fastLane: boolean): ScanFlowState {
  const at = stamped(state, now);
  const lane = fastLane ? laneAfterVerdict(state.lane, outcome.verdict, at) : state.lane;
  return show({ ...state, lane, lastAt: at }, { ...outcome, at, replaced: state.shown !== null });
}

export function scanFlow(state: ScanFlowState, event: ScanFlowEvent): ScanFlowState {
  switch (event.type) {
    case 'decision-asked':
      return { ...state, inFlight: state.inFlight + 1 };
    case 'decision-settled': {
      const inFlight = state.inFlight - 1;
      return { ...state, inFlight, deciding: inFlight === 0 ? false : state.deciding };
    }
    case 'deciding-overdue':
      return state.inFlight > 0 ? { ...state, deciding: true } : state;
    case 'decided':
      return withVerdict({ ...state, notice: null }, event.outcome, event.now, event.fastLane);
    case 'admitted-anyway':
      return withVerdict(
        event.fastLane ? acknowledged(state) : state,
        event.outcome,
        event.now,
        event.fastLane,
      );
    case 'order-admitted':
      return withVerdict({ ...state, notice: null }, event.outcome, event.now, false);
    case 'order-came':
      // Only to the verdict it was asked for, and only once: what staff hold stays held.
      if (state.shown?.at !== event.at || !state.shown.orderToCome) return state;
      return { ...state, shown: { ...state.shown, order: event.order, orderToCome: false } };
    case 'problem':
      return { ...state, notice: event.notice };
    case 'undone': {
      const lane = event.at === null ? state.lane : laneAfterUndo(state.lane, event.at);
      return show({ ...state, notice: event.notice, lane }, null);
    }
    case 'order-undone':
      return show({ ...state, notice: event.notice }, null);
    case 'dismissed':
      return show(acknowledged(state), null);
    case 'held':
      return state.held ? state : { ...state, held: true };
    case 'returned':
      return state.held || state.shown?.at !== event.at ? state : show(state, null);
    case 'action-started':
      return { ...state, busy: true, deciding: event.showsDeciding || state.deciding };
    case 'action-ended':
      // "Deciding…" stays only for decisions still under way.
      return { ...state, busy: false, deciding: state.deciding && state.inFlight > 0 };
    case 'lane-restarted':
      return { ...state, lane: EMPTY_LANE, laneRun: state.laneRun + 1 };
  }
}
