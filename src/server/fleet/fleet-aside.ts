// MOCK_RESET sets the built-in service's data aside and seeds afresh: the fleet goes with it,
// into the same folder, since its devices and codes name lists the fresh seed no longer has;
// so do the check-ins each device made, which belong to those devices.
import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEVICE_CHECKINS_FOLDER } from '../../fleet/device-checkins';
import { FLEET_FILE } from '../../fleet/fleet-file';
import { syncDir } from '../../platform/durable-files';

/** Moves `fleet.json` and the devices' check-ins into `aside` (made when the store had nothing to set aside); the folder used. */
export async function setFleetAside(
  dataDir: string,
  aside: string | null,
  now = new Date(),
): Promise<string | null> {
  let into = aside;
  let moved = false;
  for (const name of [FLEET_FILE, DEVICE_CHECKINS_FOLDER]) {
    const path = join(dataDir, name);
    if (!(await stat(path).catch(() => null))) continue;
    into ??= join(dataDir, `set-aside-${now.toISOString().replace(/[:.]/g, '-')}`);
    await mkdir(into, { recursive: true, mode: 0o700 });
    await rename(path, join(into, name));
    moved = true;
  }
  if (moved) await syncDir(dataDir);
  return into;
}
