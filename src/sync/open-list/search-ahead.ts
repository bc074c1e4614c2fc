// The open list's search index, built ahead in idle time. Guarantees: it builds only once the
// whole list is in, only after SEARCH_AHEAD_QUIET_MS without a scan (a door at rest: building it
// allocates a great deal, and the garbage it leaves must not land on a queue of scans), in
// slices of SEARCH_SLICE_MS at most, and stops as soon as its index is no longer the open one.
import type { Clock } from '../clock';
import type { ListIndex } from '../index/list-index';

/** One slice of building the search index between scans: the longest a scan waits for it. */
const SEARCH_SLICE_MS = 8;
const SEARCH_AHEAD_QUIET_MS = 10_000;

export interface SearchAhead {
  /** Builds `index`'s search index ahead while it is the open list's (once per index). */
  indexAhead(index: ListIndex): void;
  /** A scan came in: the search index waits for a quiet door before building ahead. */
  noteScan(): void;
}

export function createSearchAhead(clock: Clock, stillOpen: (index: ListIndex) => boolean): SearchAhead {
  let lastScanAt = clock.now();
  const building = new WeakSet<ListIndex>();
  return {
    indexAhead(index) {
      if (building.has(index)) return;
      building.add(index);
      const slice = () => {
        if (!stillOpen(index)) return void building.delete(index);
        const quiet = clock.now() - lastScanAt;
        if (quiet < SEARCH_AHEAD_QUIET_MS) return void clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS - quiet);
        if (!index.indexSearchFor(SEARCH_SLICE_MS)) clock.setTimeout(slice, 0);
      };
      clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS);
    },
    noteScan() {
      lastScanAt = clock.now();
    },
  };
}
