import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { CheckinRow } from '../../db/rows';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
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
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { t, tn } from '../i18n/t';
import { useDoorEngine } from '../hooks/useDoor';

export type ScanSource = 'camera' | 'wedge' | 'typed' | 'search';

export interface ShownVerdict {
  verdict: Verdict;
  /** The check-in this verdict made, while it can still be undone from here. */
  checkin: CheckinRow | null;
  basis: ScanBasis;
  at: number;
  /** The order's other tickets (or all of them), when the ticket's order holds several. */
  order: DoorOrder | null;
  /** After "Admit all": the check-ins it made (undone together), and what it did not admit. */
  batch?: { checkins: CheckinRow[]; refused: OrderTicket[]; notOnList: number };
}

function feedback(verdict: Verdict) {
  const { sounds, vibration } = appStore.getState().settings;
  const tone = verdictTone(verdict);
  if (sounds) playTone(tone);
  if (vibration) vibrate(tone);
}

export type ScanFlow = ReturnType<typeof useScanFlow>;

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
        show({ ...result.value, order: wholeOrders ? result.value.order : null, at });
      } finally {
        busy.current = false;
        setDeciding(false);
        if (waiting.current.length > 0) queueMicrotask(() => void drainRef.current());
      }
    },
    [show, stamp, updateLane, wholeOrders],
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
      await decide(() => (doorMode === 'exit' ? engine.exitScan(text) : engine.scan(text)));
    },
    [engine, decide, doorMode],
  );

  /** "Record exit" for a ticket inside (from its verdict or its screen): judged like an exit scan. */
  const exit = useCallback(
    async (ticketId: number) => {
      if (!busy.current) await decide(() => engine.exit(ticketId));
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

  const admitAnyway = useCallback(
    async (reason: string) => {
      if (!shown || !('ticket' in shown.verdict) || busy.current) return;
      const ticket = shown.verdict.ticket;
      const seenActive = shown.verdict.kind === 'already-checked-in' ? shown.verdict.count : 0;
      busy.current = true;
      try {
        const result = await engine.admitAnyway(ticket.id, seenActive, reason);
        if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
        const verdict: Verdict = { kind: 'admitted', ticket };
        feedback(verdict);
        const at = stamp();
        if (fastLaneRef.current)
          updateLane((current) => laneAfterVerdict(laneAcknowledged(current), verdict, at));
        show({ verdict, checkin: result.value, basis: { kind: 'local' }, at, order: shown.order });
      } finally {
        busy.current = false;
      }
    },
    [engine, shown, show, stamp, updateLane],
  );

  /** "Admit all N": the tickets of the shown order that staff see as not yet in. */
  const admitOrder = useCallback(async () => {
    const order = shownRef.current?.order;
    if (!order || busy.current) return;
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
    } finally {
      busy.current = false;
      setDeciding(false);
    }
  }, [engine, show, stamp]);

  /** Takes back every check-in the last "Admit all" made. */
  const undoOrder = useCallback(async () => {
    const checkins = shownRef.current?.batch?.checkins ?? [];
    if (checkins.length === 0 || busy.current) return;
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
  }, [engine, show]);

  // Back to scanning after the configured delay; longer for anything but a plain admission,
  // and never while staff are working the verdict's buttons. A refusal in the fast lane
  // stays until it is seen.
  useEffect(() => {
    const seconds = appStore.getState().settings.autoReturnSeconds;
    if (!shown || seconds <= 0) return;
    // An order with tickets still to let in waits for staff: "Admit all" or "Next scan".
    if (shown.order && admittable(shown.order).length > 0) return;
    if (fastLane && stopsTheLane(shown.verdict)) return;
    const plain = verdictTone(shown.verdict) === 'go' || shown.verdict.kind === 'exit-recorded';
    const delay = (plain ? seconds : seconds * 2) * 1000;
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
