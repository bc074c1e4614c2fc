// "Forget this device's data", in order: the sync engine deletes its database (after its
// unsent-check-in guard), the app's other tabs are told (src/pwa/device-erasure.ts), the
// built-in service closes its own, then everything else this origin keeps is erased, and what
// is left is counted again from the browser itself.
import { closeEmbeddedService } from '../../api/embedded-service';
import type { Result } from '../../domain/result';
import { announceDeviceErased } from '../../pwa/device-erasure';
import { type DeviceStorage, eraseDeviceStorage, inspectDeviceStorage } from '../../pwa/device-storage';
import type { DoorEngine } from '../hooks/useDoor';

export async function forgetDevice(
  engine: DoorEngine,
  { confirmed }: { confirmed: boolean },
): Promise<Result<DeviceStorage>> {
  const wiped = await engine.wipeDevice({ confirmed });
  if (!wiped.ok) return wiped;
  // Other tabs of the app let go of their database connections and the list they hold in
  // memory, so the erase below is not held back and nothing of the list stays on their screens.
  announceDeviceErased();
  try {
    await closeEmbeddedService();
    await eraseDeviceStorage();
  } catch {
    // Whatever could not be erased shows in the count below.
  }
  return { ok: true, value: await inspectDeviceStorage() };
}
