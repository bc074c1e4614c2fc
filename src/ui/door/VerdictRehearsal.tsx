// The first verdict a page shows costs more than any after it: its code runs for the first
// time, its styles are matched and its fonts shaped at their sizes for the first time, and the
// first number or time it formats loads the platform's locale data. On a phone-class CPU that
// was a task of 90-140 ms (traced) on the first scan after a restart, while the guest waited
// (test/bench/phone.bench.ts, BENCH_TRACE). So before the scan screen first shows, while the
// page waits for the door's worker or for a person to join a list, verdicts with made-up words
// are drawn once, hidden: laid out but never painted, outside the accessibility tree, and gone
// before the next paint. One of each tone a door's queue brings (admitted with its order and
// answers; already in and unpaid, which staff may override; void; just admitted): each tone's
// first verdict paid the same again for its own styles, detail and buttons (a restart's first
// refusal laid out in twice the time of its later ones, and was often its slowest scan). The
// door's screens wait for it (DoorHome.tsx): a worker that answers before the first render must
// not let the scan screen skip it.
import { useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { DoorOrder } from '../../domain/order';
import type { DoorCheckin, DoorTicket, Verdict } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/engine/door-protocol';
import { warmFormatters } from '../format';
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
const EARLIER: DoorCheckin = {
  uuid: 'rehearsal',
  ticketId: 3,
  createdAt: 0,
  deletedAt: null,
  deviceName: 'Door',
  mine: false,
};
const OFFLINE: ScanBasis = { kind: 'offline', syncedAt: 0 };
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

/** The verdicts drawn: the first with everything a verdict can hold, the rest one a tone. */
const VERDICTS: { verdict: Verdict; basis?: ScanBasis; order?: DoorOrder; answers?: typeof ANSWERS }[] = [
  { verdict: { kind: 'admitted', ticket: TICKET }, order: ORDER, answers: ANSWERS },
  {
    verdict: { kind: 'already-checked-in', ticket: guest(3, 'Kim', 'Sample'), previous: EARLIER, count: 1 },
    basis: OFFLINE,
  },
  { verdict: { kind: 'unpaid', ticket: guest(4, 'Lee', 'Sample') }, basis: OFFLINE },
  { verdict: { kind: 'void', ticket: guest(5, 'Max', 'Sample') }, basis: OFFLINE },
  {
    verdict: {
      kind: 'just-admitted',
      ticket: guest(6, 'Pat', 'Sample'),
      previous: { ...EARLIER, mine: true },
    },
  },
];

/** Once a page: a second wait (another list opened) finds the work already done. */
const rehearsal = createStore(() => ({ done: false }));

/** Whether this page has drawn its rehearsal: the scan screen shows only after it. */
export function useVerdictRehearsed(): boolean {
  return useStore(rehearsal, (state) => state.done);
}

export function VerdictRehearsal() {
  const done = useVerdictRehearsed();
  // Its own flag as well: a store is read through a subscription React makes after the page's
  // first paint, so on a page's first render the store's change alone left the rehearsal drawn
  // for a frame. A state set in a layout effect renders again before the paint.
  const [drawnHere, setDrawnHere] = useState(false);
  const drawn = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (rehearsal.getState().done) return;
    // Its styles matched and its text laid out now, in this task (the work that was wanted; a
    // hidden verdict is never painted), and the formatters the scan screen and its menu use
    // made (the verdict's plurals made the first number format, which loads most of the locale
    // data). Then it goes before the next paint: no frame is spent waiting for it.
    drawn.current?.getBoundingClientRect();
    warmFormatters();
    rehearsal.setState({ done: true });
    setDrawnHere(true);
  }, []);
  if (done || drawnHere) return null;
  return (
    <div className="verdict-rehearsal" aria-hidden="true" inert ref={drawn}>
      {VERDICTS.map(({ verdict, basis, order = null, answers }) => (
        <VerdictView
          key={verdict.kind}
          rehearsal
          verdict={verdict}
          basis={basis}
          now={0}
          answers={answers}
          order={order}
          onDismiss={() => {}}
          onUndo={() => {}}
          onAdmitAnyway={() => {}}
          onExit={() => {}}
          undoOpenUntil={0}
        />
      ))}
    </div>
  );
}
