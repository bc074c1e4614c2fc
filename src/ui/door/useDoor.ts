import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncStatus } from '../../sync/sync-status';
import { useAppStore } from '../../state/use-app-store';
import { doorEngine, doorStarted } from './door-runtime';

export function useDoorStatus(): SyncStatus {
  doorEngine();
  return useAppStore((s) => s.sync);
}

export function useDoorEngine() {
  return doorEngine();
}

/** A clock for relative times on screen ("2 min ago"), ticking every few seconds. */
export function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A value the engine answers asynchronously, asked again whenever `deps` change. */
export function useEngineAnswer<T>(ask: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let current = true;
    void ask().then((answer) => {
      if (current) setValue(answer);
    });
    return () => {
      current = false;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the question depends on
  }, deps);
  return value;
}

export function useDoorStarted(): boolean {
  doorEngine();
  return useSyncExternalStore(doorStarted.subscribe, doorStarted.get, doorStarted.get);
}
