// MOCK_RESET sets the built-in service's data aside and seeds afresh: the fleet goes with it,
// into the same folder, since its devices and codes name lists the fresh seed no longer has.
import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FLEET_FILE } from '../../fleet/fleet-file';
import { syncDir } from '../../platform/durable-files';

/** Moves `fleet.json` into `aside` (made when the store had nothing to set aside); the folder used. */
export async function setFleetAside(
  dataDir: string,
  aside: string | null,
  now = new Date(),
): Promise<string | null> {
  const path = join(dataDir, FLEET_FILE);
  if (!(await stat(path).catch(() => null))) return aside;
  const into = aside ?? join(dataDir, `set-aside-${now.toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(into, { recursive: true });
  await rename(path, join(into, FLEET_FILE));
  await syncDir(dataDir);
  return into;
}
