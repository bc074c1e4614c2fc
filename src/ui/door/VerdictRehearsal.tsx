// The first verdict a page shows costs more than any after it: its code runs for the first
// time, its styles are matched and its fonts shaped at their sizes for the first time. On a
// phone-class CPU that is about 40 ms of layout and 20 of script on the first scan after a
// restart (test/bench/cold-marks.ts, BENCH_THROTTLE=4), while the guest waits. So while the page
// waits for the door's worker (it is idle then), one verdict with made-up words is drawn once,
// hidden: laid out but never painted, outside the accessibility tree, and gone with the wait.
import { useEffect, useState } from 'react';
import type { DoorOrder } from '../../domain/order';
import type { DoorTicket, Verdict } from '../../domain/verdict';
import { VerdictView } from './VerdictView';

const guest = (id: number, firstName: string, lastName: string): DoorTicket => ({
  id,
  slug: `rehearsal-${id}`,
  reference: `ABCD-${id}`,
  firstName,
  lastName,
  email: null,
  companyName: 'Company',
  releaseTitle: 'General admission',
  state: 'complete',
  paid: true,
});

const TICKET = guest(1, 'Alex', 'Sample');
const VERDICT: Verdict = { kind: 'admitted', ticket: TICKET };
const ORDER: DoorOrder = {
  reference: 'ABCD',
  buyerName: 'Alex Sample',
  buyerEmail: null,
  tickets: [
    { ticket: TICKET, state: 'admitted', since: null },
    { ticket: guest(2, 'Sam', 'Sample'), state: 'not-in', since: null },
  ],
};
const ANSWERS = [{ question: 'Question', response: 'Answer' }];

/** Once a page: a second wait (another list opened) finds the work already done. */
let rehearsed = false;

export function VerdictRehearsal() {
  const [done, setDone] = useState(rehearsed);
  useEffect(() => {
    rehearsed = true;
    // Drawn for one frame at most: the layout it forces is the work that was wanted.
    const frame = requestAnimationFrame(() => setDone(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (done) return null;
  return (
    <div className="verdict-rehearsal" aria-hidden="true" inert>
      <VerdictView
        rehearsal
        verdict={VERDICT}
        now={0}
        answers={ANSWERS}
        order={ORDER}
        onDismiss={() => {}}
        onUndo={() => {}}
        undoOpenUntil={0}
      />
    </div>
  );
}
