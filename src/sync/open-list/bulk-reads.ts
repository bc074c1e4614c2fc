// The bulk-read scheduler: when reads that no verdict waits for take their turns. Guarantees:
// a decision (a scan judged, a tap decided) holds every bulk read between two of its reads
// from the moment it begins until it is released; a bulk read in the background (a restart's
// load, the answers read once for every ticket) waits, besides, until no decision began or
// ended within BULK_GAP_MS, and not before the quiet a restart asks for (RESTART_GAP_MS). A read
// once asked for is never interrupted: these waits are between reads.
import type { Clock } from '../clock';
import { yieldTurn } from '../take-turns';

/**
 * Bulk reads that no verdict needs take their turns only this long after the last decision:
 * codes of a queue come closer together than that, and each read, once asked for, cannot be
 * interrupted (on a phone's worker two pages of answers hold the next verdict up to a hundred
 * milliseconds; test/bench/phone.bench.ts, BENCH_SERIES).
 */
const BULK_GAP_MS = 250;
/**
 * After a restart the list's load waits this long before its first read: the page is still
 * drawing the scan screen (at a phone's speed, most of a second after the worker opened the
 * list), and the first scan, which comes as soon as it listens, must not find the worker and the
 * database busy with a page read (a wait of 40-70 ms at x4). Scans meanwhile are judged by key.
 */
const RESTART_GAP_MS = 1000;

/** Waits for the next turn of a bulk read. */
export type BulkTurn = () => Promise<void>;

export interface BulkReads {
  /** A turn for a read the door is waiting for (a list opened in front): only decisions hold it. */
  betweenPages: BulkTurn;
  /** A turn for bulk work no verdict waits for: no decision in flight, none within BULK_GAP_MS. */
  quietTurn: BulkTurn;
  /**
   * Holds bulk reads between reads until the returned release is called (at most once counts):
   * a decision then does not queue behind them.
   */
  pauseLoad(): () => void;
  /** A restart's list opened in the background: its bulk reads wait RESTART_GAP_MS first. */
  holdForRestart(): void;
}

export function createBulkReads(clock: Clock): BulkReads {
  /** Decisions in flight: bulk reads wait between reads until none is. */
  let pauses = 0;
  let resumed: (() => void)[] = [];
  /** When a decision last began or ended. */
  let lastDecisionAt = Number.NEGATIVE_INFINITY;
  /** Bulk reads wait at least until then (a restart's first moments). */
  let quietUntil = Number.NEGATIVE_INFINITY;

  const unpaused = async () => {
    while (pauses > 0) await new Promise<void>((resolve) => resumed.push(resolve));
  };

  return {
    async betweenPages() {
      await yieldTurn();
      await unpaused();
    },
    async quietTurn() {
      await yieldTurn();
      for (;;) {
        await unpaused();
        const wait = Math.max(lastDecisionAt + BULK_GAP_MS, quietUntil) - clock.now();
        if (wait <= 0) return;
        await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
      }
    },
    pauseLoad() {
      pauses++;
      lastDecisionAt = clock.now();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        lastDecisionAt = clock.now();
        if (--pauses > 0) return;
        const waiting = resumed;
        resumed = [];
        for (const resume of waiting) resume();
      };
    },
    holdForRestart() {
      quietUntil = clock.now() + RESTART_GAP_MS;
    },
  };
}
