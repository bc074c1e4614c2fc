// Runs a piece of work the first time the browser is online: at once when it already is, else
// when it comes online. What guarantees hold:
// - the work runs at most once, and never after the returned stop is called;
// - offline, nothing of the work runs (not its imports, not its failure handling): a door that
//   starts offline spends its start on the list, not on requests that must fail;
// - coming online is heard from the `online` event and, because Firefox left a page loaded
//   offline without that event when the network came back, from the flag read every few seconds.
// The browser's flag, events and timer come in through `OnlineSignal`, so tests drive them.

/** What the runtime says of the network. */
export interface OnlineSignal {
  /** The browser's word (`navigator.onLine`): false means surely offline. */
  isOnline(): boolean;
  /** Calls `listener` at each `online` event; returns its removal. */
  onOnline(listener: () => void): () => void;
  /** Calls `listener` at each `offline` event; returns its removal. */
  onOffline(listener: () => void): () => void;
  /** Calls `tick` every `ms` milliseconds; returns its stop. */
  every(ms: number, tick: () => void): () => void;
}

/** The page's own: `navigator.onLine`, the window's `online` event and `setInterval`. */
export const browserOnline: OnlineSignal = {
  isOnline: () => navigator.onLine,
  onOnline(listener) {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
  onOffline(listener) {
    window.addEventListener('offline', listener);
    return () => window.removeEventListener('offline', listener);
  },
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/** How often the flag is read while waiting, for a browser that misses the event. */
export const ONLINE_POLL_MS = 3000;

/** Runs `work` now if online, else once the browser is; the returned function cancels the wait. */
export function onceOnline(work: () => void, signal: OnlineSignal = browserOnline): () => void {
  if (signal.isOnline()) {
    work();
    return () => undefined;
  }
  let waiting = true;
  const stop = () => {
    waiting = false;
    stopEvent();
    stopPoll();
  };
  const check = () => {
    if (!waiting || !signal.isOnline()) return;
    stop();
    work();
  };
  const stopEvent = signal.onOnline(check);
  const stopPoll = signal.every(ONLINE_POLL_MS, check);
  return stop;
}
