import { memo, type ReactNode, useEffect, useRef } from 'react';
import { canAdmitAnyway, canRecordExit, type Verdict } from '../../domain/verdict';
import { t, tn } from '../i18n/t';
import { afterPaint } from '../shared/after-paint';
import { AdmitAnywayReason } from './AdmitAnywayReason';
import { useSupervisorGate } from './SupervisorGate';

export interface VerdictActionProps {
  /** Present when the verdict made a check-in that can still be taken back. */
  onUndo?: () => void;
  /** Until when door staff may undo without a supervisor (their own admission, just made). */
  undoOpenUntil?: number;
  /** "Admit anyway", with the reason staff chose or typed. */
  onAdmitAnyway?: (reason: string) => void;
  /** Records the exit of the verdict's ticket, offered while it is inside. */
  onExit?: () => void;
  onDismiss(): void;
  /** Staff are using the buttons: the verdict should stay up. */
  onInteract?: () => void;
  /** The last "Admit all": door staff undo it without a supervisor until `undoOpenUntil`. */
  batch?: { admitted: number; undoOpenUntil: number };
  onAdmitOrder?: () => void;
  onUndoOrder?: () => void;
  /** The badge's Print button, for a verdict that admitted someone (PrintBadgeButton.tsx). */
  badge?: ReactNode;
}

interface Props extends VerdictActionProps {
  verdict: Verdict;
  /** The order's tickets staff see as not yet in ("Admit all N"). */
  toAdmit: number;
  /** Staff are choosing why to admit anyway (the verdict makes room for the choice). */
  confirming: boolean;
  onConfirming(confirming: boolean): void;
  /** Drawn hidden, never shown: the Next button takes no focus. */
  rehearsal: boolean;
}

/**
 * A verdict's buttons, "Next scan" last and focused once the verdict is painted (Enter or a
 * scanner's read moves on); taking back someone else's admission, or one past its time, asks for
 * a supervisor. Memoised: the verdict draws again when its answers arrive, its buttons need not.
 */
export const VerdictActions = memo(function VerdictActions({
  verdict,
  toAdmit,
  confirming,
  onConfirming: setConfirming,
  rehearsal,
  onUndo,
  undoOpenUntil,
  onAdmitAnyway,
  onExit,
  onDismiss,
  onInteract,
  batch,
  onAdmitOrder,
  onUndoOrder,
  badge,
}: Props) {
  const gate = useSupervisorGate();
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (rehearsal) return;
    return afterPaint(() => nextRef.current?.focus({ preventScroll: true }));
  }, [rehearsal]);
  return (
    <div
      className="verdict__actions"
      onPointerDown={onInteract}
      onFocusCapture={(e) => (e.target as Element) !== nextRef.current && onInteract?.()}
    >
      {confirming ? (
        <AdmitAnywayReason
          onCancel={() => setConfirming(false)}
          onAdmit={(reason) => {
            setConfirming(false);
            onAdmitAnyway?.(reason);
          }}
        />
      ) : (
        <>
          {onAdmitOrder && toAdmit > 0 && (
            <button type="button" className="button button--primary button--large" onClick={onAdmitOrder}>
              {tn('orderAdmitAll', toAdmit)}
            </button>
          )}
          {onUndoOrder && batch && batch.admitted > 0 && (
            <button
              type="button"
              className="button button--large"
              onClick={() => gate.run(onUndoOrder, Date.now() > batch.undoOpenUntil)}
            >
              {tn('orderUndoAll', batch.admitted)}
            </button>
          )}
          {onAdmitAnyway && canAdmitAnyway(verdict) && (
            <button
              type="button"
              className="button button--large"
              onClick={() => gate.run(() => setConfirming(true))}
            >
              {t('verdictAdmitAnyway')}
            </button>
          )}
          {onExit && canRecordExit(verdict) && (
            <button type="button" className="button button--large verdict__exit" onClick={onExit}>
              {t('verdictRecordExit')}
            </button>
          )}
          {badge}
          {onUndo && (
            <button
              type="button"
              className="button button--large"
              onClick={() => gate.run(onUndo, undoOpenUntil === undefined || Date.now() > undoOpenUntil)}
            >
              {t('verdictUndo')}
            </button>
          )}
          <button
            ref={nextRef}
            type="button"
            className="button button--large button--solid"
            onClick={onDismiss}
          >
            {t('verdictNext')}
          </button>
        </>
      )}
      {gate.pad}
    </div>
  );
});
