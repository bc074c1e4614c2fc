// How screens reach the door's sync engine. The app's shell provides the one DoorRuntime
// (src/ui/app/door-runtime.ts) through DoorRuntimeContext, so no screen imports the
// composition root, and the organiser and settings screens need nothing of the door's folder.
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { DoorEngine, SyncStatus } from '../../sync/engine/door-protocol';
import { appStore } from '../../state/app-store';
import { sameShallow } from '../../state/same-shallow';

/** The sync engine as the page sees it: every call answers asynchronously, from the worker. */
export type { DoorEngine };

export interface DoorRuntime {
  /** The engine, started (and syncing) on first use. */
  engine(): DoorEngine;
  /** Where the engine's start stands: `started` once it has opened the last list (or found none). */
  start: { get(): DoorStart; subscribe(listener: () => void): () => void };
  /** Which door made each check-in of a list, as far as this device knows; starts no sync. */
  doorNames(listSlug: string): Promise<Map<string, string>>;
}

/**
 * `unavailable`: the door's worker could not load its code, so nothing it would answer ever
 * comes (the door says so, and a reload tries again).
 */
export type DoorStart = 'starting' | 'started' | 'unavailable';

export const DoorRuntimeContext = createContext<DoorRuntime | null>(null);

function useDoorRuntime(): DoorRuntime {
  const runtime = useContext(DoorRuntimeContext);
  if (!runtime) throw new Error('No DoorRuntimeContext: the app shell provides it');
  return runtime;
}

/**
 * The engine's status as screens draw it. A download's progress (published many times a second
 * while a list downloads) renders in a transition: React draws an urgent update first, so a
 * verdict is never queued behind a progress line, and a progress render a verdict interrupts is
 * done again after it. Any other status (an admission's counts, an error, a send) renders as
 * an update of its own lane: one that comes with a verdict (the engine publishes it at the end
 * of the task that answered the scan) is drawn in the verdict's own render, not in a second
 * render of the whole screen after it.
 */
export function useDoorStatus(): SyncStatus {
  return useDoorStatusOf(whole);
}

const whole = (status: SyncStatus) => status;

/**
 * What `pick` takes of the engine's status, drawn as useDoorStatus draws the whole (in the same
 * lanes): a screen that needs a little of it (whether a list is open) renders again only when
 * that changes (same-shallow.ts), not at every verdict's counts. `pick` is read at each status.
 */
export function useDoorStatusOf<T>(pick: (status: SyncStatus) => T): T {
  useDoorRuntime().engine();
  const picked = useRef(pick);
  picked.current = pick;
  const [value, setValue] = useState(() => pick(appStore.getState().sync));
  const last = useRef(value);
  useEffect(() => {
    const publish = (next: SyncStatus) => {
      const chosen = picked.current(next);
      if (sameShallow(last.current, chosen)) return;
      last.current = chosen;
      if (next.download !== null) startTransition(() => setValue(chosen));
      else setValue(chosen);
    };
    // A status published between the first render and this subscription.
    publish(appStore.getState().sync);
    return appStore.subscribe((state, before) => {
      if (state.sync !== before.sync) publish(state.sync);
    });
  }, []);
  return value;
}

export function useDoorEngine(): DoorEngine {
  return useDoorRuntime().engine();
}

/** The door names of a list's check-ins, for reports; asking does not start the door's sync. */
export function useDoorNames(): DoorRuntime['doorNames'] {
  return useDoorRuntime().doorNames;
}

/** A clock for relative times on screen ("2 min ago"), ticking every few seconds. */
export function useNow(everyMs = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A tick only ages words on screen ("2 min ago"): never before a verdict.
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), everyMs);
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

export function useDoorStart(): DoorStart {
  const { engine, start } = useDoorRuntime();
  engine();
  return useSyncExternalStore(start.subscribe, start.get, start.get);
}

/** True once the engine has opened the last list (or found none). */
export function useDoorStarted(): boolean {
  return useDoorStart() === 'started';
}
