import { useRef } from 'react';
import { useStore } from 'zustand';
import { type AppState, appStore } from './app-store';
import { sameShallow } from './same-shallow';

/**
 * A selection from the app's store: the screen renders again only when it changes, entry by
 * entry (same-shallow.ts), as zustand's useShallow does.
 */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const kept = useRef<T | undefined>(undefined);
  return useStore(appStore, (state) => {
    const next = selector(state);
    if (sameShallow(kept.current, next)) return kept.current as T;
    kept.current = next;
    return next;
  });
}
