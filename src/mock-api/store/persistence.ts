// Where committed transactions go. The service answers a write only after `append` resolved,
// so an adapter that resolves only once the change is durable makes every answered write durable.
import type { CommittedChange, StoreState } from './change';

export interface LoadedData {
  snapshot: StoreState | null;
  /** Changes committed after the snapshot, oldest first. */
  journal: CommittedChange[];
  /** The stored form should be written anew (a torn tail dropped, or an earlier format). */
  rewrite?: boolean | undefined;
}

export interface PersistenceAdapter {
  /** Where the data is kept, for messages to the operator. */
  location?: string | undefined;
  load(): Promise<LoadedData>;
  /** Resolves once the change is durable. `state` gives the whole state if the adapter compacts. */
  append(change: CommittedChange, state: () => StoreState): Promise<void>;
  /** Replaces everything (reset, seed, compaction). */
  replace(state: StoreState): Promise<void>;
  close(): Promise<void>;
}

/** For tests and for a throwaway service: keeps nothing beyond the process. */
export function memoryPersistence(): PersistenceAdapter & { appended: CommittedChange[] } {
  let snapshot: StoreState | null = null;
  const appended: CommittedChange[] = [];
  return {
    appended,
    load: async () => ({ snapshot, journal: [...appended] }),
    append: async (change) => {
      appended.push(structuredClone(change));
    },
    replace: async (state) => {
      snapshot = structuredClone(state);
      appended.length = 0;
    },
    close: async () => {},
  };
}
