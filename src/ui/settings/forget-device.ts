// "Forget this device's data", in order: the sync engine deletes its database (after its
// unsent-check-in guard), the built-in service closes its own, then everything else this
// origin keeps is erased, and what is left is counted again from the browser itself.
import { closeEmbeddedService } from '../../api/embedded-service';
import type { Result } from '../../domain/result';
import { type DeviceStorage, eraseDeviceStorage, inspectDeviceStorage } from '../../pwa/device-storage';
import type { DoorEngine } from '../hooks/useDoor';

export async function forgetDevice(
  engine: DoorEngine,
  { confirmed }: { confirmed: boolean },
): Promise<Result<DeviceStorage>> {
  const wiped = await engine.wipeDevice({ confirmed });
  if (!wiped.ok) return wiped;
  try {
    await closeEmbeddedService();
    await eraseDeviceStorage();
  } catch {
    // Whatever could not be erased shows in the count below.
  }
  return { ok: true, value: await inspectDeviceStorage() };
}
