import { useSyncExternalStore } from 'react';

// One MediaQueryList a query, for the page's life: its state is read on every render of the
// screens that use it, and making one costs a style evaluation each time.
const lists = new Map<string, MediaQueryList>();
function listFor(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches now, kept up to date as the window turns or resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = listFor(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => listFor(query).matches,
    () => false,
  );
}
