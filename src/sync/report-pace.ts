// Status reports paced for the page. During a first download the engine publishes a status for
// every page stored (hundreds in a minute); each crosses to the page and renders the door's
// screens there, taking CPU the download needs on a two-core phone (issue 23: the page's main
// thread was busy a third of a 100,000-ticket join).
// Guarantees: only reports `paced` says are progress are held: any other report (a verdict's
// counts, an error, the end of a download) goes at once, superseding a held one. A paced report
// after a quiet spell goes at once; paced reports within `ms` of the last one sent wait, and only
// the newest of them goes when the spell ends (a status is always whole, so a report held back is
// one superseded, never one lost); reports go in the order made.
import type { Clock } from './clock';

export function pacedReports<T>(
  send: (value: T) => void,
  clock: Clock,
  ms: number,
  paced: (value: T) => boolean,
): (value: T) => void {
  let sentAt = Number.NEGATIVE_INFINITY;
  let held: { value: T } | null = null;
  let timer: unknown = null;
  const flush = () => {
    timer = null;
    if (!held) return;
    const { value } = held;
    held = null;
    sentAt = clock.now();
    send(value);
  };
  return (value) => {
    if (!paced(value)) {
      // Newer than anything held: the held report is superseded, and the page hears this now
      // (a check-in's counts must not wait behind a download's pacing).
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      held = null;
      sentAt = clock.now();
      send(value);
      return;
    }
    held = { value };
    if (timer !== null) return;
    const wait = sentAt + ms - clock.now();
    if (wait <= 0) flush();
    else timer = clock.setTimeout(flush, wait);
  };
}
