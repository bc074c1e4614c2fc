import { useCallback, useSyncExternalStore } from 'react';

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
  // The same subscription from render to render: a new one each time is unsubscribed and made
  // again on every render of the screen using it (the scan screen renders for every verdict).
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = listFor(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listFor(query).matches,
    () => false,
  );
}
