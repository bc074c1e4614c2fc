import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { CheckinRow } from '../../db/rows';
import { type Verdict, verdictTone } from '../../domain/verdict';
import { playTone, vibrate } from '../../platform/feedback';
import { createRepeatGuard } from '../../scanner/repeat-guard';
import { appStore } from '../../state/app-store';
import { t } from '../i18n/t';
import { useDoorEngine } from './useDoor';

export type ScanSource = 'camera' | 'wedge' | 'typed' | 'search';

export interface ShownVerdict {
  verdict: Verdict;
  /** The check-in this verdict made, while it can still be undone from here. */
  checkin: CheckinRow | null;
  at: number;
}

function feedback(verdict: Verdict) {
  const { sounds, vibration } = appStore.getState().settings;
  const tone = verdictTone(verdict);
  if (sounds) playTone(tone);
  if (vibration) vibrate(tone);
}

export type ScanFlow = ReturnType<typeof useScanFlow>;

/** One scan from any input to a verdict on screen, with undo, "admit anyway" and auto-return. */
export function useScanFlow() {
  const engine = useDoorEngine();
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const guard = useRef(createRepeatGuard());
  const held = useRef(false);

  const show = useCallback((next: ShownVerdict | null) => {
    held.current = false;
    setShown(next);
    appStore.getState().setShell({ scanInProgress: next !== null });
  }, []);

  const handle = useCallback(
    async (text: string, source: ScanSource) => {
      if (source === 'camera' && !guard.current.accept(text, performance.now())) return;
      const result = await engine.scan(text);
      if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
      setNotice(null);
      feedback(result.value.verdict);
      show({ verdict: result.value.verdict, checkin: result.value.checkin, at: Date.now() });
    },
    [engine, show],
  );

  const dismiss = useCallback(() => show(null), [show]);

  const undo = useCallback(async () => {
    if (!shown?.checkin) return;
    const result = await engine.undo(shown.checkin.key);
    setNotice(result.ok ? t('scanUndone') : t('scanUndoFailed', { reason: describeError(result) }));
    show(null);
  }, [engine, shown, show]);

  const admitAnyway = useCallback(async () => {
    if (!shown || !('ticket' in shown.verdict)) return;
    const ticket = shown.verdict.ticket;
    const result = await engine.checkIn(ticket.id);
    if (!result.ok) return setNotice(t('scanProblem', { reason: describeError(result) }));
    const verdict: Verdict = { kind: 'admitted', ticket };
    feedback(verdict);
    show({ verdict, checkin: result.value, at: Date.now() });
  }, [engine, shown, show]);

  /** A check-in made on another screen (a ticket found by search), shown as a scan's verdict. */
  const showCheckIn = useCallback(
    (ticket: Extract<Verdict, { kind: 'admitted' }>['ticket'], checkin: CheckinRow) => {
      const verdict: Verdict = { kind: 'admitted', ticket };
      feedback(verdict);
      show({ verdict, checkin, at: Date.now() });
    },
    [show],
  );

  // Back to scanning after the configured delay; longer for anything but a plain admission,
  // and never while staff are working the verdict's buttons.
  useEffect(() => {
    const seconds = appStore.getState().settings.autoReturnSeconds;
    if (!shown || seconds <= 0) return;
    const delay = (verdictTone(shown.verdict) === 'go' ? seconds : seconds * 2) * 1000;
    const timer = window.setTimeout(() => {
      if (!held.current) show(null);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [shown, show]);

  useEffect(() => () => appStore.getState().setShell({ scanInProgress: false }), []);

  return {
    shown,
    notice,
    handle,
    dismiss,
    undo,
    admitAnyway,
    showCheckIn,
    /** Keeps the verdict up while staff use its buttons. */
    hold: () => {
      held.current = true;
    },
  };
}
