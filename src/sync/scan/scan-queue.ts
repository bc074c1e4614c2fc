// The door's one queue of decisions: every scan, search "Check in", exit, "Admit all" and
// "Admit anyway" waits here, and nowhere else (the page keeps no queue of its own). Guarantees:
// - decisions run one at a time, in the order they were asked, each to its end (an online
//   confirmation included), so two reads of one ticket, or two taps, can never both admit, and
//   a read behind a refusal is judged only after the refusal is known;
// - a fast-lane read carries its run of the lane: once a read of that run ends in a verdict
//   that stops the lane, the later reads of the same run come back unjudged ("lane-stopped"),
//   having recorded nothing, so a code read behind a refused guest is judged afresh when it is
//   shown again after staff have seen the refusal (the page starts a new run then).
import { fail, type Failure, type Result } from '../../domain/result';

/** A fast-lane read: `run` is the lane's run the page read it in. */
export interface LaneRead {
  run: number;
}

export interface ScanQueue {
  /** Runs `work` once every decision asked before it has ended. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs a fast-lane decision in turn, unless an earlier read of its run stopped the lane;
   * `stops` says whether this one's outcome stops it.
   */
  runInLane<T>(
    read: LaneRead | undefined,
    work: () => Promise<Result<T>>,
    stops: (outcome: T) => boolean,
  ): Promise<Result<T>>;
}

export function createScanQueue(): ScanQueue {
  let tail: Promise<unknown> = Promise.resolve();
  // The run the lane stopped in; reads of later runs are judged.
  let stoppedRun: number | null = null;

  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };

  return {
    run,
    runInLane<T>(
      read: LaneRead | undefined,
      work: () => Promise<Result<T>>,
      stops: (outcome: T) => boolean,
    ): Promise<Result<T>> {
      if (!read) return run(work);
      return run(async (): Promise<Result<T>> => {
        if (stoppedRun === read.run) return fail('lane-stopped') as Failure;
        const result = await work();
        if (result.ok && stops(result.value)) stoppedRun = read.run;
        return result;
      });
    },
  };
}
