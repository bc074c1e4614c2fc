// A network a test switches by hand, for code that takes an OnlineSignal
// (src/platform/once-online.ts): its `online` and `offline` events and its timers moved by the test.
import type { OnlineSignal } from '../../src/platform/once-online';

export function fakeNetwork(online: boolean) {
  const listeners = new Set<() => void>();
  const offlineListeners = new Set<() => void>();
  const ticks = new Set<{ ms: number; tick: () => void }>();
  const signal: OnlineSignal = {
    isOnline: () => online,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onOffline(listener) {
      offlineListeners.add(listener);
      return () => offlineListeners.delete(listener);
    },
    every(ms, tick) {
      const entry = { ms, tick };
      ticks.add(entry);
      return () => ticks.delete(entry);
    },
  };
  return {
    signal,
    listeners,
    ticks,
    /** The network goes or comes back; `event`: whether the browser says so (its event). */
    setOnline(value: boolean, event = true) {
      online = value;
      if (event) for (const listener of [...(value ? listeners : offlineListeners)]) listener();
    },
    /** The timers of period `ms` fire (every timer when none is given). */
    elapse(ms?: number) {
      for (const entry of [...ticks]) if (ms === undefined || entry.ms === ms) entry.tick();
    },
    /** How many listeners and timers are still held. */
    listening: () => listeners.size + offlineListeners.size + ticks.size,
  };
}
