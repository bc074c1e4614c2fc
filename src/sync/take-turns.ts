// Gives other work its turn between slices of a long job (a 100,000-ticket download): in the
// sync worker that is a scan waiting for its verdict, which then waits for one slice at most.
// On a page it would be painting and input.
interface Scheduler {
  yield?: () => Promise<void>;
}

export function yieldTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` over `items` in slices, awaiting `turn` between them. */
export async function inSlices<T>(
  items: readonly T[],
  size: number,
  work: (slice: readonly T[]) => void,
  turn: () => Promise<void> = yieldTurn,
) {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await turn();
    work(items.slice(start, start + size));
  }
}
