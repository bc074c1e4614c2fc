// The time left of a list's first download, only once the pace says something: the page
// total grows while the service is still counting, and a few pages prove no pace at all.

export interface DownloadPoint {
  at: number;
  done: number;
  total: number;
}

const MIN_PAGES = 3;
const MIN_ELAPSED_MS = 2000;
const MIN_LEFT_MS = 1000;

/** Milliseconds left at the pace since `start`, or null while an estimate would mislead. */
export function downloadTimeLeft(start: DownloadPoint, now: DownloadPoint): number | null {
  if (now.total !== start.total || now.done >= now.total) return null;
  const fetched = now.done - start.done;
  const elapsed = now.at - start.at;
  if (fetched < MIN_PAGES || elapsed < MIN_ELAPSED_MS) return null;
  const left = ((now.total - now.done) * elapsed) / fetched;
  return left >= MIN_LEFT_MS ? left : null;
}
