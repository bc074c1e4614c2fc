// What the page tells a door's report to the fleet (src/sync/fleet/door-report.ts), asked by the
// door's worker when a report goes: the battery and storage the platform gives, whether an update
// of the app waits, and the readiness check's items (../../state/readiness, the same check staff
// see on the scan screen; `setReadinessSource` replaces it).
import { readBattery } from '../../platform/battery';
import { readStorageHealth } from '../../platform/storage-health';
import { appStore } from '../../state/app-store';
import { readinessForReport } from '../../state/readiness';
import type { DeviceFacts, Readiness } from '../../sync/engine/door-protocol';

type ReadinessSource = () => Readiness | null | Promise<Readiness | null>;

let readiness: ReadinessSource | null = () => readinessForReport();

/** Where a report's readiness comes from (none: the report says it does not know). */
export function setReadinessSource(source: ReadinessSource | null): void {
  readiness = source;
}

async function readinessNow(): Promise<Readiness | null> {
  try {
    return (await readiness?.()) ?? null;
  } catch {
    return null;
  }
}

export async function deviceFacts(): Promise<DeviceFacts> {
  const [battery, storage, items] = await Promise.all([
    readBattery(),
    readStorageHealth().catch(() => null),
    readinessNow(),
  ]);
  const free =
    storage?.quota != null && storage.usage != null ? Math.max(0, storage.quota - storage.usage) : null;
  return {
    updateWaiting: appStore.getState().shell.updateWaiting,
    readiness: items,
    battery,
    storage: { persisted: storage?.persisted ?? null, freeBytes: free },
  };
}
