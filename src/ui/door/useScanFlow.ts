import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../../domain/result';
import { describeError } from '../error-words';
import { admittable } from '../../domain/order';
import { type Verdict, verdictTone } from '../../domain/verdict';
import { playTone, vibrate } from '../../platform/feedback';
import type { LaneRead, ScanOutcome } from '../../sync/engine/door-protocol';
import {
  cameraJudges,
  EMPTY_LANE,
  type Lane,
  laneAcknowledged,
  laneAfterUndo,
  laneAfterVerdict,
} from '../../scanner/fast-lane';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import type { WedgeRead } from '../../scanner/wedge-detector';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { t, tn } from '../i18n/t';
import { useDoorEngine } from '../hooks/useDoor';
import { autoReturnDelay, type ShownVerdict } from './auto-return';
import { useBadgePrinter } from './useBadges';

export type { ShownVerdict } from './auto-return';

export type ScanSource = 'camera' | 'wedge' | 'typed' | 'search';

function feedback(verdict: Verdict) {
  const { sounds, vibration } = appStore.getState().settings;
  const tone = verdictTone(verdict);
  if (sounds) playTone(tone);
  if (vibration) vibrate(tone);
}

export type ScanFlow = ReturnType<typeof useScanFlow>;

/** A decision still under way after this long says so on the scan screen. */
const DECIDING_SHOWN_AFTER_MS = 150;

/**
 * One scan from any input to a verdict on screen, with undo, "admit anyway", exits, whole orders
 * and auto-return. Scans follow the door's mode (entry or exit) unless `mode` fixes one (the
 * kiosk); `wholeOrders: false` (the attendee-facing kiosk) shows no order's other tickets.
 * In the fast lane the camera keeps judging while a verdict is up: the next different code
 * replaces it, and only a refusal stops the camera until staff tap "Next scan".
 */
export function useScanFlow({ mode, wholeOrders = true }: { mode?: DoorMode; wholeOrders?: boolean } = {}) {
  const engine = useDoorEngine();
  const storedMode = useAppStore((s) => s.settings.doorMode);
  const doorMode = mode ?? storedMode;
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
  // Badges print for admissions only: a refusal, the same ticket again or an exit never prints.
  const badges = useBadgePrinter();
  const printAdmitted = useCallback(
    (ticketIds: readonly number[]) =>
      void badges.admitted(ticketIds).then((printed) => {
        if (printed && !printed.ok) setNotice(t('badgeFailed', { reason: describeError(printed) }));
      }),
    [badges.admitted],
  );
  const guard = useRef(createRepeatGuard());
  const held = useRef(false);
  // Decisions under way (an online check takes up to a few seconds), and a button's action in
  // flight: outside the fast lane the camera only watches meanwhile; buttons do not act twice.
  // Scans themselves wait in the worker's one queue (sync/scan/scan-queue.ts), not here.
  // Shown only once a decision has taken DECIDING_SHOWN_AFTER_MS: a verdict from the copy takes
  // a few ms, and a notice up for one frame would cost the page a render and a layout on the
  // verdict's path. `occupied()` holds buttons and the camera from the first moment.
  const [deciding, setDeciding] = useState(false);
  const inFlight = useRef(0);
  const decidingTimer = useRef<number | undefined>(undefined);
  const busy = useRef(false);
  const occupied = useCallback(() => busy.current || inFlight.current > 0, []);
  // The fast lane's run: a new one each time staff have seen a stop (or the lane restarts), so
  // codes read behind a refusal, which the queue hands back unjudged, are judged when seen again.
  const laneRun = useRef(1);
  // The last decision asked for, settled or not: an answer made here waits for it, so answers
  // still show in the order they were asked.
  const lastDecision = useRef<Promise<unknown>>(Promise.resolve());
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
  /** One decision from this screen, shown when it ends (decisions end in the order asked). */
  const decide = useCallback(
    async (work: () => Promise<Result<ScanOutcome> | null>, read?: string) => {
      if (inFlight.current++ === 0)
        decidingTimer.current = window.setTimeout(() => setDeciding(true), DECIDING_SHOWN_AFTER_MS);
      try {
        const asked = work();
        lastDecision.current = asked.catch(() => undefined);
        const result = await asked;
        if (!result) return;
        if (!result.ok) {
          // Read behind a stop of the lane: not judged, so judged afresh when it is shown again.
          if (result.reason === 'lane-stopped') return read !== undefined && guard.current.forget(read);
          return setNotice(t('scanProblem', { reason: describeError(result) }));
        }
        setNotice(null);
        feedback(result.value.verdict);
        const at = stamp();
        if (fastLaneRef.current) updateLane((current) => laneAfterVerdict(current, result.value.verdict, at));
        show({ ...result.value, order: wholeOrders ? result.value.order : null, at });
        const { verdict, checkin } = result.value;
        if (verdict.kind === 'admitted' && checkin) printAdmitted([verdict.ticket.id]);
      } finally {
        if (--inFlight.current === 0) {
          window.clearTimeout(decidingTimer.current);
          setDeciding(false);
        }
      }
    },
    [show, stamp, updateLane, wholeOrders, printAdmitted],
  );

  const handle = useCallback(
    async (text: string, source: ScanSource) => {
      const judge = (lane?: LaneRead) =>
        doorMode === 'exit' ? engine.exitScan(text, lane) : engine.scan(text, lane);
      if (source !== 'camera') return decide(() => judge());
      const judges = cameraJudges({
        fastLane: fastLaneRef.current,
        lane: laneRef.current,
        verdictUp: shownRef.current !== null,
        deciding: occupied(),
      });
      if (!judges) return guard.current.sighting(text, performance.now());
      if (!guard.current.accept(text, performance.now())) return;
      // In the lane a read goes straight to the queue, behind any still being decided.
      await decide(() => judge(fastLaneRef.current ? { run: laneRun.current } : undefined), text);
    },
    [engine, decide, doorMode, occupied],
  );

  /**
   * A scanner's read: a code is judged as any scan; a read that came split is answered "scan
   * again" (nothing judged, nothing recorded) once the decisions asked before it have shown.
   */
  const wedge = useCallback(
    (read: WedgeRead) => {
      if (read.kind === 'code') return void handle(read.text, 'wedge');
      const before = lastDecision.current;
      void decide(async () => {
        await before;
        const again: ScanOutcome = {
          verdict: { kind: 'scan-again', text: read.text },
          checkin: null,
          basis: { kind: 'local' },
          order: null,
        };
        return { ok: true, value: again } satisfies Result<ScanOutcome>;
      });
    },
    [handle, decide],
  );

  /** What staff typed: judged as a code, or the text to search for (the worker parses it once). */
  const typed = useCallback(
    async (text: string): Promise<string | null> => {
      let search: string | null = null;
      await decide(async () => {
        const result = await engine.typed(text, doorMode);
        if (!result.ok || !('search' in result.value)) return result as Result<ScanOutcome>;
        search = result.value.search;
        return null;
      });
      return search;
    },
    [engine, decide, doorMode],
  );

  /** "Record exit" for a ticket inside (from its verdict or its screen): judged like an exit scan. */
  const exit = useCallback(
    async (ticketId: number) => {
      if (!occupied()) await decide(() => engine.exit(ticketId));
    },
    [engine, decide, occupied],
  );

  /** "Check in" on a ticket found by search: judged like a scan, shown like one. */
  const admit = useCallback(
    async (ticketId: number) => {
      if (!occupied()) await decide(() => engine.admit(ticketId));
    },
    [engine, decide, occupied],
  );

  /** Staff have seen the verdict: the lane, if stopped, runs again in a new run. */
  const acknowledge = useCallback(() => {
    if (laneRef.current.stoppedBy) laneRun.current++;
    updateLane(laneAcknowledged);
  }, [updateLane]);

  const dismiss = useCallback(() => {
    acknowledge();
    show(null);
  }, [show, acknowledge]);

  const undo = useCallback(async () => {
    if (!shown?.checkin) return;
    const result = await engine.undo(shown.checkin.key);
    setNotice(result.ok ? t('scanUndone') : t('scanUndoFailed', { reason: describeError(result) }));
    if (result.ok) updateLane((current) => laneAfterUndo(current, shown.at));
    show(null);
  }, [engine, shown, show, updateLane]);

  const admitAnyway = useCallback(
    async (reason: string) => {
      if (!shown || !('ticket' in shown.verdict) || occupied()) return;
      const ticket = shown.verdict.ticket;
      const seenActive = shown.verdict.kind === 'already-checked-in' ? shown.verdict.count : 0;
      busy.current = true;
      try {
        const result = await engine.admitAnyway(ticket.id, seenActive, reason);
        if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
        const verdict: Verdict = { kind: 'admitted', ticket };
        feedback(verdict);
        const at = stamp();
        if (fastLaneRef.current) {
          acknowledge();
          updateLane((current) => laneAfterVerdict(current, verdict, at));
        }
        show({ verdict, checkin: result.value, basis: { kind: 'local' }, at, order: shown.order });
        printAdmitted([ticket.id]);
      } finally {
        busy.current = false;
      }
    },
    [engine, shown, show, stamp, updateLane, acknowledge, occupied, printAdmitted],
  );

  /** "Admit all N": the tickets of the shown order that staff see as not yet in. */
  const admitOrder = useCallback(async () => {
    const order = shownRef.current?.order;
    if (!order || occupied()) return;
    const ids = admittable(order).map((o) => o.ticket.id);
    if (ids.length === 0) return;
    busy.current = true;
    setDeciding(true);
    try {
      const result = await engine.admitOrder(order.reference, ids);
      if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
      const { verdict, order: whole, checkins, refused, notOnList } = result.value;
      setNotice(null);
      feedback(verdict);
      show({
        verdict,
        order: whole,
        checkin: null,
        basis: { kind: 'local' },
        at: stamp(),
        batch: { checkins, refused, notOnList },
      });
      if (checkins.length > 0) printAdmitted(checkins.map((checkin) => checkin.ticketId));
    } finally {
      busy.current = false;
      setDeciding(inFlight.current > 0);
    }
  }, [engine, show, stamp, occupied, printAdmitted]);

  /** Takes back every check-in the last "Admit all" made. */
  const undoOrder = useCallback(async () => {
    const checkins = shownRef.current?.batch?.checkins ?? [];
    if (checkins.length === 0 || occupied()) return;
    busy.current = true;
    try {
      // One transaction for the order's check-ins (engine.undoAll), each checked against the role.
      const results = await engine.undoAll(checkins.map((checkin) => checkin.key));
      const each = results.ok ? results.value : [results];
      const undone = each.filter((result) => result.ok).length;
      const refused = each.find((result) => !result.ok);
      const failure = refused && !refused.ok ? describeError(refused) : null;
      setNotice(failure ? t('scanUndoFailed', { reason: failure }) : tn('orderUndone', undone));
      show(null);
    } finally {
      busy.current = false;
    }
  }, [engine, show, occupied]);

  // Back to scanning after the configured delay (auto-return.ts), unless staff are working the
  // verdict's buttons.
  useEffect(() => {
    const delay = shown && autoReturnDelay(shown, appStore.getState().settings.autoReturnSeconds, fastLane);
    if (!delay) return;
    const timer = window.setTimeout(() => {
      if (!held.current) show(null);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [shown, show, fastLane]);

  // Leaving the fast lane (or entering it) starts from a clean strip and a running camera.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes
  useEffect(() => {
    updateLane(() => EMPTY_LANE);
    laneRun.current++;
  }, [fastLane]);

  useEffect(
    () => () => {
      window.clearTimeout(decidingTimer.current);
      appStore.getState().setShell({ scanInProgress: false });
    },
    [],
  );

  return {
    shown,
    badges,
    fastLane,
    lane,
    notice,
    deciding,
    handle,
    wedge,
    typed,
    admit,
    exit,
    mode: doorMode,
    /** A camera read while the camera is paused: the code stays "in view". */
    sighting: (text: string) => guard.current.sighting(text, performance.now()),
    dismiss,
    undo,
    admitAnyway,
    admitOrder,
    undoOrder,
    /** Keeps the verdict up while staff use its buttons. */
    hold: () => {
      held.current = true;
    },
  };
}
