// The first verdict a page shows costs more than any after it: its code runs for the first
// time, its styles are matched and its fonts shaped at their sizes for the first time, and the
// first number or time it formats loads the platform's locale data. On a phone-class CPU that
// was a task of 90-140 ms (traced) on the first scan after a restart, while the guest waited
// (test/bench/phone.bench.ts, BENCH_TRACE). So before the scan screen first shows, while the
// page waits for the door's worker or for a person to join a list, one verdict with made-up
// words is drawn once, hidden: laid out but never painted, outside the accessibility tree, and
// gone before the next paint. The door's screens wait for it (DoorHome.tsx): a worker that
// answers before the first render must not let the scan screen skip it.
import { useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { DoorOrder } from '../../domain/order';
import type { DoorTicket, Verdict } from '../../domain/verdict';
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
