import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  // Firefox may skip the `online` event in a page loaded while offline: the flag is read again too.
  const poll = setInterval(onChange, 3000);
  return () => {
    clearInterval(poll);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of connectivity; the sync engine refines it with real requests. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
