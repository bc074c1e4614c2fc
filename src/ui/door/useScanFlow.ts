import { useCallback, useEffect, useRef } from 'react';
import type { Result } from '../../domain/result';
import { describeError } from '../error-words';
import { admittable } from '../../domain/order';
import { type Verdict, verdictTone } from '../../domain/verdict';
import { playTone, vibrate } from '../../platform/feedback';
import type { LaneRead, ScanOutcome } from '../../sync/engine/door-protocol';
import { cameraJudges } from '../../scanner/fast-lane';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import type { WedgeRead } from '../../scanner/wedge-detector';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { t, tn } from '../i18n/t';
import { useDoorEngine } from '../hooks/useDoor';
import { outcomeFor, returnDelay, runsFastLane } from './auto-return';
import { occupied } from './scan-flow';
import { useScanFlowState } from './useScanFlowState';
import { useBadgePrinter } from './useBadges';
import { useOrderToCome } from './useOrderToCome';

export type { ShownVerdict } from './auto-return';

export type ScanSource = 'camera' | 'wedge' | 'typed' | 'search';

function feedback(verdict: Verdict) {
  const { sounds, vibration } = appStore.getState().settings;
  const tone = verdictTone(verdict);
  if (sounds) playTone(tone);
  if (vibration) vibrate(tone);
}

export type ScanFlow = ReturnType<typeof useScanFlow>;

type ScanFlowOptions = { mode?: DoorMode; attendeeFacing?: boolean };

/**
 * One scan from any input to a verdict on screen, with undo, "admit anyway", exits, whole orders
 * and auto-return. Scans follow the door's mode (entry or exit) unless `mode` fixes one (the
 * kiosk). `attendeeFacing` (the kiosk) shows no order's other tickets and takes none of the
 * staff's fast lane and auto-return settings: its verdicts return after delays of their own.
 * In the fast lane the camera keeps judging while a verdict is up: the next different code
 * replaces it, and only a refusal stops the camera until staff tap "Next scan".
 */
export function useScanFlow({ mode, attendeeFacing = false }: ScanFlowOptions = {}) {
  const engine = useDoorEngine();
  const storedMode = useAppStore((s) => s.settings.doorMode);
  const doorMode = mode ?? storedMode;
  const fastLaneSetting = useAppStore((s) => s.settings.fastLane);
  const fastLane = runsFastLane({ fastLane: fastLaneSetting, attendeeFacing });
  const fastLaneRef = useRef(fastLane);
  fastLaneRef.current = fastLane;
  const { current, view, send } = useScanFlowState();
  const problem = useCallback(
    (failure: Parameters<typeof describeError>[0]) =>
      send({ type: 'problem', notice: t('scanProblem', { reason: describeError(failure) }) }),
    [send],
  );
  // Badges print for admissions only: a refusal, the same ticket again or an exit never prints.
  const badges = useBadgePrinter();
  const printAdmitted = useCallback(
    (ticketIds: readonly number[]) =>
      void badges.admitted(ticketIds).then((printed) => {
        if (printed && !printed.ok)
          send({ type: 'problem', notice: t('badgeFailed', { reason: describeError(printed) }) });
      }),
    [badges.admitted, send],
  );
  const guard = useRef(createRepeatGuard());
  // Scans themselves wait in the worker's one queue (sync/scan/scan-queue.ts), not here. The last
  // decision asked for, settled or not: an answer made here waits for it, so answers still show
  // in the order they were asked.
  const lastDecision = useRef<Promise<unknown>>(Promise.resolve());

  /** One decision from this screen, shown when it ends (decisions end in the order asked). */
  const decide = useCallback(
    async (work: () => Promise<Result<ScanOutcome> | null>, read?: string) => {
      send({ type: 'decision-asked' });
      try {
        const asked = work();
        lastDecision.current = asked.catch(() => undefined);
        const result = await asked;
        if (!result) return;
        if (!result.ok) {
          // Read behind a stop of the lane: not judged, so judged afresh when it is shown again.
          if (result.reason === 'lane-stopped') return read !== undefined && guard.current.forget(read);
          return problem(result);
        }
        feedback(result.value.verdict);
        const outcome = outcomeFor(result.value, attendeeFacing);
        send({ type: 'decided', outcome, now: Date.now(), fastLane: fastLaneRef.current });
        const { verdict, checkin } = result.value;
        if (verdict.kind === 'admitted' && checkin) printAdmitted([verdict.ticket.id]);
      } finally {
        send({ type: 'decision-settled' });
      }
    },
    [send, problem, attendeeFacing, printAdmitted],
  );

  const handle = useCallback(
    async (text: string, source: ScanSource) => {
      const judge = (lane?: LaneRead) =>
        doorMode === 'exit' ? engine.exitScan(text, lane) : engine.scan(text, lane);
      if (source !== 'camera') return decide(() => judge());
      const now = current();
      const judges = cameraJudges({
        fastLane: fastLaneRef.current,
        lane: now.lane,
        verdictUp: now.shown !== null,
        deciding: occupied(now),
      });
      if (!judges) return guard.current.sighting(text, performance.now());
      if (!guard.current.accept(text, performance.now())) return;
      // In the lane a read goes straight to the queue, behind any still being decided.
      await decide(() => judge(fastLaneRef.current ? { run: current().laneRun } : undefined), text);
    },
    [engine, decide, doorMode, current],
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
      if (!occupied(current())) await decide(() => engine.exit(ticketId));
    },
    [engine, decide, current],
  );

  /** "Check in" on a ticket found by search: judged like a scan, shown like one. */
  const admit = useCallback(
    async (ticketId: number) => {
      if (!occupied(current())) await decide(() => engine.admit(ticketId));
    },
    [engine, decide, current],
  );

  const dismiss = useCallback(() => send({ type: 'dismissed' }), [send]);
  // The same functions from render to render: the verdict (ScanFlowVerdict.tsx) is memoised on them.
  const hold = useCallback(() => send({ type: 'held' }), [send]);
  const sighting = useCallback((text: string) => guard.current.sighting(text, performance.now()), []);

  const shown = view.shown;
  const undo = useCallback(async () => {
    if (!shown?.checkin) return;
    const result = await engine.undo(shown.checkin.key);
    send(
      result.ok
        ? { type: 'undone', notice: t('scanUndone'), at: shown.at }
        : { type: 'undone', notice: t('scanUndoFailed', { reason: describeError(result) }), at: null },
    );
  }, [engine, shown, send]);

  /** One of a verdict's buttons at a time: none acts while a decision or another is under way. */
  const action = useCallback(
    async (work: () => Promise<void>, showsDeciding = false) => {
      if (occupied(current())) return;
      send({ type: 'action-started', showsDeciding });
      try {
        await work();
      } finally {
        send({ type: 'action-ended' });
      }
    },
    [send, current],
  );

  const admitAnyway = useCallback(
    async (reason: string) => {
      if (!shown || !('ticket' in shown.verdict)) return;
      const { ticket } = shown.verdict;
      const seenActive = shown.verdict.kind === 'already-checked-in' ? shown.verdict.count : 0;
      await action(async () => {
        const result = await engine.admitAnyway(ticket.id, seenActive, reason);
        if (!result.ok) return problem(result);
        // The admission, or (another door's check-in came in meanwhile) the ticket as it now stands.
        const { verdict, checkin } = result.value;
        feedback(verdict);
        // The order staff saw; one still to come is the answer's (read from the loaded list).
        const outcome = { ...result.value, order: shown.orderToCome ? result.value.order : shown.order };
        send({ type: 'admitted-anyway', outcome, now: Date.now(), fastLane: fastLaneRef.current });
        if (verdict.kind === 'admitted' && checkin) printAdmitted([ticket.id]);
      });
    },
    [engine, shown, send, action, problem, printAdmitted],
  );

  /** "Admit all N": the tickets of the shown order that staff see as not yet in. */
  const admitOrder = useCallback(async () => {
    const order = current().shown?.order;
    if (!order) return;
    const ids = admittable(order).map((o) => o.ticket.id);
    if (ids.length === 0) return;
    await action(async () => {
      const result = await engine.admitOrder(order.reference, ids);
      if (!result.ok) return problem(result);
      const { verdict, order: whole, checkins, refused, notOnList } = result.value;
      feedback(verdict);
      const batch = { checkins, refused, notOnList };
      const outcome = { verdict, order: whole, checkin: null, basis: { kind: 'local' as const }, batch };
      send({ type: 'order-admitted', outcome, now: Date.now() });
      if (checkins.length > 0) printAdmitted(checkins.map((checkin) => checkin.ticketId));
    }, true);
  }, [engine, send, action, problem, printAdmitted, current]);

  /** Takes back every check-in the last "Admit all" made. */
  const undoOrder = useCallback(async () => {
    const checkins = current().shown?.batch?.checkins ?? [];
    if (checkins.length === 0) return;
    await action(async () => {
      // One transaction for the order's check-ins (engine.undoAll), each checked against the role.
      const results = await engine.undoAll(checkins.map((checkin) => checkin.key));
      const each = results.ok ? results.value : [results];
      const undone = each.filter((result) => result.ok).length;
      const refused = each.find((result) => !result.ok);
      const failure = refused && !refused.ok ? describeError(refused) : null;
      send({
        type: 'order-undone',
        notice: failure ? t('scanUndoFailed', { reason: failure }) : tn('orderUndone', undone),
      });
    });
  }, [engine, send, action, current]);

  useOrderToCome(shown, engine, send);

  // Back to scanning after the configured delay, or the kiosk's own (auto-return.ts), unless
  // staff are working the verdict's buttons.
  useEffect(() => {
    const { autoReturnSeconds } = appStore.getState().settings;
    const delay = shown && returnDelay(shown, { attendeeFacing, fastLane, autoReturnSeconds });
    if (!shown || !delay) return;
    const timer = window.setTimeout(() => send({ type: 'returned', at: shown.at }), delay);
    return () => window.clearTimeout(timer);
  }, [shown, send, fastLane, attendeeFacing]);

  // Leaving the fast lane (or entering it) starts from a clean strip and a running camera.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes
  useEffect(() => {
    send({ type: 'lane-restarted' });
  }, [fastLane]);

  return {
    shown,
    badges,
    fastLane,
    lane: view.lane,
    notice: view.notice,
    deciding: view.deciding,
    handle,
    wedge,
    typed,
    admit,
    exit,
    mode: doorMode,
    /** A camera read while the camera is paused: the code stays "in view". */
    sighting,
    dismiss,
    undo,
    admitAnyway,
    admitOrder,
    undoOrder,
    /** Keeps the verdict up while staff use its buttons. */
    hold,
  };
}
