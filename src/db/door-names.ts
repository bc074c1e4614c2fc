// Which door made each check-in, as far as this device knows: only the door app's own
// check-ins carry a door name (the Check-in API does not). Read-only, on the connection of the
// database's owner (the sync engine's worker): a database that does not exist is not created,
// and a failure to read means "not known", never an error.
import Dexie from 'dexie';
import { type CheckinDatabase, listRange } from './database';

export async function doorNamesOnThisDevice(
  db: CheckinDatabase,
  listSlug: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!db.isOpen() && !(await Dexie.exists(db.name).catch(() => false))) return names;
  try {
    await db.checkins
      .where('[listSlug+key]')
      .between(...listRange(listSlug))
      .each((row) => {
        if (row.uuid && row.deviceName) names.set(row.uuid, row.deviceName);
      });
  } catch {
    // Storage refused: no door names, the report still goes.
  }
  return names;
}
