import { memo, useEffect, useMemo, useState } from 'react';
import { OWN_UNDO_MS } from '../../domain/door-roles';
import { useDoorEngine, useEngineAnswer } from '../hooks/useDoor';
import { afterPaint } from '../shared/after-paint';
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

/**
 * A ticket's verdict first, what it holds beyond the ticket in the frame after: the verdict's
 * colour, title and name are what staff act on, and the rest of its order's rows and its
 * holder's answers doubled what its first frame laid out (a scan's slowest part on a
 * phone-class page). The two come together, so a short screen still folds the answers against
 * the order's rows before either is painted (useFoldOnOverflow.ts); answers asked for once the
 * verdict shows wait for that frame too. An order's own verdict (its reference scanned) is the
 * order: drawn at once. `drawn`: the order and answers are in (or there was nothing to wait for).
 */
function useRestAfterFirstFrame(shown: ShownVerdictState): {
  order: ShownVerdictState['order'];
  drawn: boolean;
} {
  const later = 'ticket' in shown.verdict && (shown.order !== null || !!shown.answers?.length);
  const [drawn, setDrawn] = useState(!later);
  useEffect(() => {
    if (!drawn) return afterPaint(() => setDrawn(true));
  }, [drawn]);
  return { order: drawn ? shown.order : null, drawn };
}

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
  const { order, drawn } = useRestAfterFirstFrame(shown);
  const answers = drawn ? (given ?? asked) : NO_ANSWERS;
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
      order={order}
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
