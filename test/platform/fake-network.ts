// A network a test switches by hand, for code that takes an OnlineSignal
// (src/platform/once-online.ts): its `online` event and its timers moved by the test.
import type { OnlineSignal } from '../../src/platform/once-online';

export function fakeNetwork(online: boolean) {
  const listeners = new Set<() => void>();
  const ticks = new Set<{ ms: number; tick: () => void }>();
  const signal: OnlineSignal = {
    isOnline: () => online,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
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
    /** The network goes or comes back; `event`: whether the browser says it came back. */
    setOnline(value: boolean, event = true) {
      online = value;
      if (value && event) for (const listener of [...listeners]) listener();
    },
    /** The timers of period `ms` fire (every timer when none is given). */
    elapse(ms?: number) {
      for (const entry of [...ticks]) if (ms === undefined || entry.ms === ms) entry.tick();
    },
    /** How many listeners and timers are still held. */
    listening: () => listeners.size + ticks.size,
  };
}
