// Lets the browser paint and handle input between slices of a long job (a 100,000-ticket
// download), so no single task holds the main thread long enough to freeze a door screen.
interface Scheduler {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `work` over `items` in slices, yielding between them. */
export async function inSlices<T>(items: readonly T[], size: number, work: (slice: readonly T[]) => void) {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToMain();
    work(items.slice(start, start + size));
  }
}
