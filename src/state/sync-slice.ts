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

/**
 * The engine's `report` port over any store holding the sync slice. A status older than the one
 * held (by its revision) is dropped: reports and decisions' answers cross by two ways, and one
 * overtaken on its way must not put back what the door said before.
 */
export function syncReporter(store: { getState(): SyncSlice }) {
  return (status: SyncStatus) => {
    const state = store.getState();
    if (status.revision > state.sync.revision) state.setSyncStatus(status);
  };
}
