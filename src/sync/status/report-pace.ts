// Status reports paced for the page. During a first download the engine publishes a status for
// every page stored (hundreds in a minute); each crosses to the page and renders the door's
// screens there, taking CPU the download needs on a two-core phone (unpaced, the page's main
// thread is busy for about a third of a 100,000-ticket join).
// Guarantees: a report that is not progress (a verdict's counts, an error, the end of a
// download) goes at the end of the task that made it, superseding one held: the reply a scan's
// verdict travels in, posted in that same task, reaches the page first, and the status updates
// of one task (an admission's counts, its outbox, its audit) make one message and one render.
// Only reports `paced` says are progress are held longer: one after a quiet spell goes at the
// end of its task; within `ms` of the last one sent they wait, and only the newest of them goes
// when the spell ends. A status is always whole, so a report held back is one superseded, never
// one lost; reports go in the order made. `take` hands over the report held, if any, for a
// reply to carry (a decision's answer brings the status it left, door-protocol.ts): it is then
// not sent again, and counts as sent for the pace.
import type { Clock } from '../clock';

export interface PacedReports<T> {
  (value: T): void;
  /** The report held now, taken from the pace (not sent by it); null when none is held. */
  take(): T | null;
}

export function pacedReports<T>(
  send: (value: T) => void,
  clock: Clock,
  ms: number,
  paced: (value: T) => boolean,
): PacedReports<T> {
  let sentAt = Number.NEGATIVE_INFINITY;
  let held: { value: T } | null = null;
  let timer: { handle: unknown; due: number } | null = null;
  const flush = () => {
    timer = null;
    if (!held) return;
    const { value } = held;
    held = null;
    sentAt = clock.now();
    send(value);
  };
  const report = (value: T) => {
    held = { value };
    // Progress waits out the pace; anything else only for the end of this task.
    const now = clock.now();
    const due = paced(value) ? Math.max(now, sentAt + ms) : now;
    // A send already due as soon takes this report with it (the newest is what goes).
    if (timer && timer.due <= due) return;
    if (timer) clock.clearTimeout(timer.handle);
    timer = { handle: clock.setTimeout(flush, due - now), due };
  };
  const take = (): T | null => {
    if (timer) clock.clearTimeout(timer.handle);
    timer = null;
    if (!held) return null;
    const { value } = held;
    held = null;
    sentAt = clock.now();
    return value;
  };
  return Object.assign(report, { take });
}
