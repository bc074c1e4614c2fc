// A code-joined list's verdicts since it was joined on this device, counted for its reports.
// Guarantees: counting never waits for storage and never holds a verdict (it adds to memory;
// the count is written a moment later, off the scan's path, one write for a rush's verdicts);
// a count read is the stored one plus what came since; a storage failure loses at most the
// counts not yet written, never a check-in; a tally is never written for a list gone.
import type { CheckinDatabase } from '../../db/database';
import { readTally, saveTally } from '../../db/fleet-notes';
import { stored } from '../../db/storage';
import type { Verdict } from '../../domain/verdict';
import { countVerdict, emptyTally, type VerdictTally } from '../../domain/verdict-tally';
import type { Clock } from '../clock';

/** How long counts wait in memory before they are written, so a rush writes once. */
export const TALLY_WRITE_AFTER_MS = 2_000;

interface ListTally {
  /** As stored, once read (with what was written since). */
  stored: Promise<VerdictTally>;
  /** Counted since, not yet written. */
  fresh: VerdictTally;
}

const add = (a: VerdictTally, b: VerdictTally): VerdictTally => {
  const refusals = { ...a.refusals };
  for (const [reason, n] of Object.entries(b.refusals)) refusals[reason] = (refusals[reason] ?? 0) + n;
  return { admissions: a.admissions + b.admissions, refusals };
};

export type VerdictCounter = ReturnType<typeof createVerdictCounter>;

export function createVerdictCounter(db: CheckinDatabase, clock: Clock) {
  const lists = new Map<string, ListTally>();
  let timer: unknown = null;
  /** Writes go one after another: a later one always holds everything an earlier one did. */
  let writing: Promise<void> = Promise.resolve();

  const tallyOf = (slug: string): ListTally => {
    let tally = lists.get(slug);
    if (!tally) {
      const read = (async () => {
        const row = await readTally(db, slug);
        return row ? { admissions: row.admissions, refusals: row.refusals } : emptyTally();
      })();
      tally = { stored: read.catch(() => emptyTally()), fresh: emptyTally() };
      lists.set(slug, tally);
    }
    return tally;
  };

  /** Takes what was counted since the last write, list by list, and writes it after the writes before. */
  function write(): Promise<void> {
    timer = null;
    for (const [slug, tally] of lists) {
      if (tally.fresh.admissions === 0 && Object.keys(tally.fresh.refusals).length === 0) continue;
      const fresh = tally.fresh;
      tally.fresh = emptyTally();
      tally.stored = tally.stored.then((before) => add(before, fresh));
      const whole = tally.stored;
      writing = writing.then(async () => {
        await stored(async () => saveTally(db, { listSlug: slug, ...(await whole) })).catch(() => undefined);
      });
    }
    return writing;
  }

  return {
    /** One verdict of the list. */
    note(slug: string, verdict: Verdict): void {
      const tally = tallyOf(slug);
      tally.fresh = countVerdict(tally.fresh, verdict);
      timer ??= clock.setTimeout(() => void write(), TALLY_WRITE_AFTER_MS);
    },
    /** An admission made without a verdict of its own ("Admit anyway" after a caution). */
    admitted(slug: string): void {
      const tally = tallyOf(slug);
      tally.fresh = { ...tally.fresh, admissions: tally.fresh.admissions + 1 };
      timer ??= clock.setTimeout(() => void write(), TALLY_WRITE_AFTER_MS);
    },
    /** The list's verdicts so far, stored and since. */
    async tally(slug: string): Promise<VerdictTally> {
      // Both as of now: a write moves `fresh` into `stored` in one step.
      const { stored: before, fresh } = tallyOf(slug);
      return add(await before, fresh);
    },
    /** Writes now what waits (a report is about to go). */
    flush(): Promise<void> {
      if (timer !== null) clock.clearTimeout(timer);
      return write();
    },
    /** The list went: its counts go with it (a write still waiting finds no list and writes nothing). */
    drop(slug: string): void {
      lists.delete(slug);
    },
  };
}
