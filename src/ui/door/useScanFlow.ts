import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { CheckinRow } from '../../db/rows';
import { type Verdict, verdictTone } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/confirm-online';
import { playTone, vibrate } from '../../platform/feedback';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import { appStore } from '../../state/app-store';
import type { DoorMode } from '../../state/settings';
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
 * One scan from any input to a verdict on screen, with undo, "admit anyway", exits and
 * auto-return. Scans follow the door's mode (entry or exit) unless `mode` fixes one (the kiosk).
 */
export function useScanFlow(mode?: DoorMode) {
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
        show({ ...result.value, at: Date.now() });
      } finally {
        busy.current = false;
        setDeciding(false);
      }
    },
    [show],
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
        show({ verdict, checkin: result.value, basis: { kind: 'local' }, at: Date.now() });
      } finally {
        busy.current = false;
      }
    },
    [engine, shown, show],
  );

  // Back to scanning after the configured delay; longer for anything but a plain admission,
  // and never while staff are working the verdict's buttons.
  useEffect(() => {
    const seconds = appStore.getState().settings.autoReturnSeconds;
    if (!shown || seconds <= 0) return;
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
    /** Keeps the verdict up while staff use its buttons. */
    hold: () => {
      held.current = true;
    },
  };
}
