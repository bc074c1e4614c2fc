import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { CheckinRow } from '../../db/rows';
import { type Verdict, verdictTone } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/confirm-online';
import { playTone, vibrate } from '../../platform/feedback';
import {
  cameraJudges,
  EMPTY_LANE,
  type Lane,
  laneAcknowledged,
  laneAfterUndo,
  laneAfterVerdict,
  stopsTheLane,
} from '../../scanner/fast-lane';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import { appStore } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';
import { useDoorEngine } from './useDoor';

export type ScanSource = 'camera' | 'wedge' | 'typed' | 'search';

export interface ShownVerdict {
  verdict: Verdict;
  /** The check-in this verdict made, while it can still be undone from here. */
  checkin: CheckinRow | null;
  basis: ScanBasis;
  at: number;
}

function feedback(verdict: Verdict) {
  const { sounds, vibration } = appStore.getState().settings;
  const tone = verdictTone(verdict);
  if (sounds) playTone(tone);
  if (vibration) vibrate(tone);
}

export type ScanFlow = ReturnType<typeof useScanFlow>;

/**
 * One scan from any input to a verdict on screen, with undo, "admit anyway" and auto-return.
 * In the fast lane the camera keeps judging while a verdict is up: the next different code
 * replaces it, and only a refusal stops the camera until staff tap "Next scan".
 */
export function useScanFlow() {
  const engine = useDoorEngine();
  const fastLane = useAppStore((s) => s.settings.fastLane);
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [lane, setLane] = useState<Lane>(EMPTY_LANE);
  const laneRef = useRef(lane);
  const fastLaneRef = useRef(fastLane);
  fastLaneRef.current = fastLane;
  // Each verdict's time is also its key on screen: two in one millisecond must still differ.
  const lastAt = useRef(0);
  const stamp = useCallback(() => {
    lastAt.current = Math.max(Date.now(), lastAt.current + 1);
    return lastAt.current;
  }, []);
  const [notice, setNotice] = useState<string | null>(null);
  const guard = useRef(createRepeatGuard());
  const held = useRef(false);
  // A scan being decided (an online check takes up to a few seconds), or a button's action in
  // flight: outside the fast lane the camera only watches meanwhile; buttons do not act twice.
  const [deciding, setDeciding] = useState(false);
  const busy = useRef(false);
  const shownRef = useRef<ShownVerdict | null>(null);

  const show = useCallback((next: ShownVerdict | null) => {
    held.current = false;
    shownRef.current = next;
    setShown(next);
    appStore.getState().setShell({ scanInProgress: next !== null });
  }, []);

  /** The lane, kept in a ref as well so a decision can see the one before it at once. */
  const updateLane = useCallback((next: (lane: Lane) => Lane) => {
    laneRef.current = next(laneRef.current);
    setLane(laneRef.current);
  }, []);
  // Fast lane: new codes read while a decision is under way wait here, in order, rather than
  // pass unjudged (a busy phone, or an online check, can take longer than a guest stands there).
  const waiting = useRef<string[]>([]);
  const drainRef = useRef<() => Promise<void>>(async () => {});

  /** One decision at a time from this screen. */
  const decide = useCallback(
    async (work: () => ReturnType<typeof engine.scan>) => {
      busy.current = true;
      setDeciding(true);
      try {
        const result = await work();
        if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
        setNotice(null);
        feedback(result.value.verdict);
        const at = stamp();
        if (fastLaneRef.current) updateLane((current) => laneAfterVerdict(current, result.value.verdict, at));
        show({ ...result.value, at });
      } finally {
        busy.current = false;
        setDeciding(false);
        if (waiting.current.length > 0) queueMicrotask(() => void drainRef.current());
      }
    },
    [show, stamp, updateLane],
  );

  // The next waiting code, once the decision before it is done (each one drains the next).
  drainRef.current = async () => {
    if (busy.current || waiting.current.length === 0) return;
    if (laneRef.current.stoppedBy) {
      // Not judged while the lane is stopped: judged afresh when seen after it runs again.
      for (const code of waiting.current) guard.current.forget(code);
      waiting.current = [];
      return;
    }
    const next = waiting.current.shift() as string;
    await decide(() => engine.scan(next));
  };

  const handle = useCallback(
    async (text: string, source: ScanSource) => {
      if (source === 'camera') {
        const judges = cameraJudges({
          fastLane: fastLaneRef.current,
          lane: laneRef.current,
          verdictUp: shownRef.current !== null,
          deciding: busy.current,
        });
        if (!judges) return guard.current.sighting(text, performance.now());
        if (!guard.current.accept(text, performance.now())) return;
        if (busy.current) {
          waiting.current.push(text);
          return;
        }
      }
      await decide(() => engine.scan(text));
    },
    [engine, decide],
  );

  /** "Check in" on a ticket found by search: judged like a scan, shown like one. */
  const admit = useCallback(
    async (ticketId: number) => {
      if (!busy.current) await decide(() => engine.admit(ticketId));
    },
    [engine, decide],
  );

  const dismiss = useCallback(() => {
    updateLane(laneAcknowledged);
    show(null);
  }, [show, updateLane]);

  const undo = useCallback(async () => {
    if (!shown?.checkin) return;
    const result = await engine.undo(shown.checkin.key);
    setNotice(result.ok ? t('scanUndone') : t('scanUndoFailed', { reason: describeError(result) }));
    if (result.ok) updateLane((current) => laneAfterUndo(current, shown.at));
    show(null);
  }, [engine, shown, show, updateLane]);

  const admitAnyway = useCallback(async () => {
    if (!shown || !('ticket' in shown.verdict) || busy.current) return;
    const ticket = shown.verdict.ticket;
    const seenActive = shown.verdict.kind === 'already-checked-in' ? shown.verdict.count : 0;
    busy.current = true;
    try {
      const result = await engine.admitAnyway(ticket.id, seenActive);
      if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
      const verdict: Verdict = { kind: 'admitted', ticket };
      feedback(verdict);
      const at = stamp();
      if (fastLaneRef.current)
        updateLane((current) => laneAfterVerdict(laneAcknowledged(current), verdict, at));
      show({ verdict, checkin: result.value, basis: { kind: 'local' }, at });
    } finally {
      busy.current = false;
    }
  }, [engine, shown, show, stamp, updateLane]);

  // Back to scanning after the configured delay; longer for anything but a plain admission,
  // and never while staff are working the verdict's buttons. A refusal in the fast lane
  // stays until it is seen.
  useEffect(() => {
    const seconds = appStore.getState().settings.autoReturnSeconds;
    if (!shown || seconds <= 0) return;
    if (fastLane && stopsTheLane(shown.verdict)) return;
    const delay = (verdictTone(shown.verdict) === 'go' ? seconds : seconds * 2) * 1000;
    const timer = window.setTimeout(() => {
      if (!held.current) show(null);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [shown, show, fastLane]);

  // Leaving the fast lane (or entering it) starts from a clean strip and a running camera.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes
  useEffect(() => {
    updateLane(() => EMPTY_LANE);
    waiting.current = [];
  }, [fastLane]);

  useEffect(() => () => appStore.getState().setShell({ scanInProgress: false }), []);

  return {
    shown,
    fastLane,
    lane,
    notice,
    deciding,
    handle,
    admit,
    /** A camera read while the camera is paused: the code stays "in view". */
    sighting: (text: string) => guard.current.sighting(text, performance.now()),
    dismiss,
    undo,
    admitAnyway,
    /** Keeps the verdict up while staff use its buttons. */
    hold: () => {
      held.current = true;
    },
  };
}
