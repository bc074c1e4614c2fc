// The sync engine's status, as the door screens read it. The engine knows nothing of zustand:
// it is handed `syncReporter(appStore)` as its `report` port and publishes whole statuses.
import { type SyncStatus, initialSyncStatus } from '../sync/engine/door-protocol';

export interface SyncSlice {
  sync: SyncStatus;
  setSyncStatus(status: SyncStatus): void;
}

export function createSyncSlice(set: (partial: Pick<SyncSlice, 'sync'>) => void): SyncSlice {
  return {
    sync: initialSyncStatus,
    setSyncStatus: (status) => set({ sync: status }),
  };
}

/** The engine's `report` port over any store holding the sync slice. */
export function syncReporter(store: { getState(): Pick<SyncSlice, 'setSyncStatus'> }) {
  return (status: SyncStatus) => store.getState().setSyncStatus(status);
}
