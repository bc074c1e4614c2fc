import { OWN_UNDO_MS } from '../../domain/door-roles';
import { useDoorEngine, useEngineAnswer } from '../hooks/useDoor';
import { PrintBadgeButton } from './PrintBadgeButton';
import { admittedTicketIds } from './auto-return';
import type { ScanFlow, ShownVerdict as ShownVerdictState } from './useScanFlow';
import { VerdictView } from './VerdictView';

/** One verdict of the scan flow; keyed by its time, so each starts without answers. */
function ShownVerdict({ flow, shown, now }: { flow: ScanFlow; shown: ShownVerdictState; now: number }) {
  const engine = useDoorEngine();
  const ticketId = 'ticket' in shown.verdict ? shown.verdict.ticket.id : null;
  // Read after the verdict is on screen: the verdict never waits for them.
  const answers = useEngineAnswer(
    async () => (ticketId === null ? [] : engine.answers(ticketId)),
    [engine, ticketId],
    [],
  );
  const admittedIds = admittedTicketIds(shown);
  return (
    <VerdictView
      verdict={shown.verdict}
      basis={shown.basis}
      now={now}
      answers={answers}
      onDismiss={flow.dismiss}
      onInteract={flow.hold}
      onUndo={shown.checkin ? () => void flow.undo() : undefined}
      undoOpenUntil={shown.checkin ? shown.checkin.createdAt + OWN_UNDO_MS : undefined}
      onAdmitAnyway={(reason) => void flow.admitAnyway(reason)}
      onExit={ticketId === null ? undefined : () => void flow.exit(ticketId)}
      order={shown.order}
      batch={
        shown.batch && {
          refused: shown.batch.refused,
          notOnList: shown.batch.notOnList,
          admitted: shown.batch.checkins.length,
          undoOpenUntil: Math.min(...shown.batch.checkins.map((c) => c.createdAt)) + OWN_UNDO_MS,
        }
      }
      onAdmitOrder={() => void flow.admitOrder()}
      onUndoOrder={() => void flow.undoOrder()}
      badge={
        <PrintBadgeButton
          badges={flow.badges}
          ticketIds={admittedIds}
          again={flow.badges.mode === 'always'}
        />
      }
    />
  );
}

/** The scan flow's verdict while one is up, wired to the flow's dismiss, undo and admit anyway. */
export function ScanFlowVerdict({ flow, now }: { flow: ScanFlow; now: number }) {
  if (!flow.shown) return null;
  return <ShownVerdict key={flow.shown.at} flow={flow} shown={flow.shown} now={now} />;
}
