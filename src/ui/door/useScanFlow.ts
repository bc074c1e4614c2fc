import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { CheckinRow } from '../../db/rows';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
import { type Verdict, verdictTone } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/confirm-online';
import { playTone, vibrate } from '../../platform/feedback';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { t, tn } from '../i18n/t';
import { useDoorEngine } from './useDoor';

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
 */
export function useScanFlow({ mode, wholeOrders = true }: { mode?: DoorMode; wholeOrders?: boolean } = {}) {
  const engine = useDoorEngine();
  const storedMode = useAppStore((s) => s.settings.doorMode);
  const doorMode = mode ?? storedMode;
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const guard = useRef(createRepeatGuard());
  const held = useRef(false);
  // A scan being decided (an online check takes up to a few seconds), or a button's action in
  // flight: the camera only watches meanwhile, and buttons do not act twice.
  const [deciding, setDeciding] = useState(false);
  const busy = useRef(false);
  const shownRef = useRef<ShownVerdict | null>(null);

  const show = useCallback((next: ShownVerdict | null) => {
    held.current = false;
    shownRef.current = next;
    setShown(next);
    appStore.getState().setShell({ scanInProgress: next !== null });
  }, []);

  /** One decision at a time from this screen: the camera only watches meanwhile. */
  const decide = useCallback(
    async (work: () => ReturnType<typeof engine.scan>) => {
      busy.current = true;
      setDeciding(true);
      try {
        const result = await work();
        if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
        setNotice(null);
        feedback(result.value.verdict);
        show({ ...result.value, order: wholeOrders ? result.value.order : null, at: Date.now() });
      } finally {
        busy.current = false;
        setDeciding(false);
      }
    },
    [show, wholeOrders],
  );

  const handle = useCallback(
    async (text: string, source: ScanSource) => {
      if (source === 'camera') {
        if (shownRef.current || busy.current) return guard.current.sighting(text, performance.now());
        if (!guard.current.accept(text, performance.now())) return;
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

  const dismiss = useCallback(() => show(null), [show]);

  const undo = useCallback(async () => {
    if (!shown?.checkin) return;
    const result = await engine.undo(shown.checkin.key);
    setNotice(result.ok ? t('scanUndone') : t('scanUndoFailed', { reason: describeError(result) }));
    show(null);
  }, [engine, shown, show]);

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
        show({
          verdict,
          checkin: result.value,
          basis: { kind: 'local' },
          at: Date.now(),
          order: shown.order,
        });
      } finally {
        busy.current = false;
      }
    },
    [engine, shown, show],
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
        at: Date.now(),
        batch: { checkins, refused, notOnList },
      });
    } finally {
      busy.current = false;
      setDeciding(false);
    }
  }, [engine, show]);

  /** Takes back every check-in the last "Admit all" made. */
  const undoOrder = useCallback(async () => {
    const checkins = shownRef.current?.batch?.checkins ?? [];
    if (checkins.length === 0 || busy.current) return;
    busy.current = true;
    try {
      let undone = 0;
      let failure: string | null = null;
      for (const checkin of checkins) {
        const result = await engine.undo(checkin.key);
        if (result.ok) undone++;
        else failure ??= describeError(result);
      }
      setNotice(failure ? t('scanUndoFailed', { reason: failure }) : tn('orderUndone', undone));
      show(null);
    } finally {
      busy.current = false;
    }
  }, [engine, show]);

  // Back to scanning after the configured delay; longer for anything but a plain admission,
  // and never while staff are working the verdict's buttons.
  useEffect(() => {
    const seconds = appStore.getState().settings.autoReturnSeconds;
    if (!shown || seconds <= 0) return;
    // An order with tickets still to let in waits for staff: "Admit all" or "Next scan".
    if (shown.order && admittable(shown.order).length > 0) return;
    const plain = verdictTone(shown.verdict) === 'go' || shown.verdict.kind === 'exit-recorded';
    const delay = (plain ? seconds : seconds * 2) * 1000;
    const timer = window.setTimeout(() => {
      if (!held.current) show(null);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [shown, show]);

  useEffect(() => () => appStore.getState().setShell({ scanInProgress: false }), []);

  return {
    shown,
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
