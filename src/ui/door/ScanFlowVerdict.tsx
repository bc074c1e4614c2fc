import { memo, useMemo } from 'react';
import { OWN_UNDO_MS } from '../../domain/door-roles';
import { useDoorEngine, useEngineAnswer } from '../hooks/useDoor';
import { PrintBadgeButton } from './PrintBadgeButton';
import { admittedTicketIds } from './auto-return';
import type { ScanFlow, ShownVerdict as ShownVerdictState } from './useScanFlow';
import { VerdictView } from './VerdictView';
import type { Answer } from './AnswerList';

const NO_ANSWERS: readonly Answer[] = [];

/**
 * A ticket's answers as read for its verdict; none (most tickets) as the very list the verdict
 * started with, so that it is not drawn again for nothing, in the frame that first shows it.
 */
export const answersOrNone = (read: readonly Answer[]): readonly Answer[] =>
  read.length ? read : NO_ANSWERS;

/** What a verdict's buttons do: the scan flow's functions, each the same from render to render. */
type VerdictFlow = Pick<
  ScanFlow,
  'dismiss' | 'hold' | 'undo' | 'admitAnyway' | 'exit' | 'admitOrder' | 'undoOrder' | 'badges'
>;

/**
 * One verdict of the scan flow; keyed by its time, so each starts without answers. Memoised:
 * the screen beneath renders again as the door's status moves (a check-in's own "1 waiting to
 * send" among it), and the verdict over it, which none of that changes, is not drawn again.
 */
const ShownVerdict = memo(function ShownVerdict({
  shown,
  now,
  dismiss,
  hold,
  undo,
  admitAnyway,
  exit,
  admitOrder,
  undoOrder,
  badges,
}: VerdictFlow & { shown: ShownVerdictState; now: number }) {
  const engine = useDoorEngine();
  const ticketId = 'ticket' in shown.verdict ? shown.verdict.ticket.id : null;
  // The ticket's answers came with the verdict when the door had them at hand (scan-outcome.ts);
  // else they are asked for once the verdict is on screen: the verdict never waits for them.
  const given = shown.answers;
  const asked = useEngineAnswer(
    async () => (ticketId === null || given ? NO_ANSWERS : answersOrNone(await engine.answers(ticketId))),
    [engine, ticketId, given],
    NO_ANSWERS,
  );
  const answers = given ?? asked;
  // The same handlers and button while the verdict stays: its answers arriving draw the answers,
  // not its buttons and order again (VerdictActions and OrderTickets are memoised on them).
  const handlers = useMemo(
    () => ({
      onUndo: shown.checkin ? () => void undo() : undefined,
      undoOpenUntil: shown.checkin ? shown.checkin.createdAt + OWN_UNDO_MS : undefined,
      onAdmitAnyway: (reason: string) => void admitAnyway(reason),
      onExit: ticketId === null ? undefined : () => void exit(ticketId),
      batch: shown.batch && {
        refused: shown.batch.refused,
        notOnList: shown.batch.notOnList,
        admitted: shown.batch.checkins.length,
        undoOpenUntil: Math.min(...shown.batch.checkins.map((c) => c.createdAt)) + OWN_UNDO_MS,
      },
      onAdmitOrder: () => void admitOrder(),
      onUndoOrder: () => void undoOrder(),
    }),
    [shown, ticketId, undo, admitAnyway, exit, admitOrder, undoOrder],
  );
  const badge = useMemo(
    () => (
      <PrintBadgeButton
        badges={badges}
        ticketIds={admittedTicketIds(shown)}
        again={badges.mode === 'always'}
      />
    ),
    [badges, shown],
  );
  return (
    <VerdictView
      verdict={shown.verdict}
      basis={shown.basis}
      now={now}
      answers={answers}
      onDismiss={dismiss}
      onInteract={hold}
      order={shown.order}
      replacing={shown.replaced}
      badge={badge}
      {...handlers}
    />
  );
});

/** The scan flow's verdict while one is up, wired to the flow's dismiss, undo and admit anyway. */
export function ScanFlowVerdict({ flow, now }: { flow: ScanFlow; now: number }) {
  if (!flow.shown) return null;
  return (
    <ShownVerdict
      key={flow.shown.at}
      shown={flow.shown}
      now={now}
      dismiss={flow.dismiss}
      hold={flow.hold}
      undo={flow.undo}
      admitAnyway={flow.admitAnyway}
      exit={flow.exit}
      admitOrder={flow.admitOrder}
      undoOrder={flow.undoOrder}
      badges={flow.badges}
    />
  );
}
