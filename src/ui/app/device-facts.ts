// What the page tells a door's report to the fleet (src/sync/fleet/door-report.ts), asked by the
// door's worker when a report goes: the battery and storage the platform gives, whether an update
// of the app waits, and the readiness check's items once one is wired (`setReadinessSource`).
import { readBattery } from '../../platform/battery';
import { readStorageHealth } from '../../platform/storage-health';
import { appStore } from '../../state/app-store';
import type { DeviceFacts, Readiness } from '../../sync/engine/door-protocol';

let readiness: (() => Readiness | null) | null = null;

/** The readiness check's current items, as a report gives them (null: none wired). */
export function setReadinessSource(source: () => Readiness | null): void {
  readiness = source;
}

export async function deviceFacts(): Promise<DeviceFacts> {
  const [battery, storage] = await Promise.all([readBattery(), readStorageHealth().catch(() => null)]);
  const free =
    storage?.quota != null && storage.usage != null ? Math.max(0, storage.quota - storage.usage) : null;
  let items: Readiness | null = null;
  try {
    items = readiness?.() ?? null;
  } catch {
    items = null;
  }
  return {
    updateWaiting: appStore.getState().shell.updateWaiting,
    readiness: items,
    battery,
    storage: { persisted: storage?.persisted ?? null, freeBytes: free },
  };
}
