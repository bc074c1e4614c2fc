// Which door made each check-in, as far as this device knows: only the door app's own
// check-ins carry a door name (the Check-in API does not). Read-only: a database that does not
// exist is not created, and a failure to read means "not known", never an error.
import Dexie from 'dexie';
import { CheckinDatabase, listRange } from './database';

export async function doorNamesOnThisDevice(
  databaseName: string,
  listSlug: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!(await Dexie.exists(databaseName).catch(() => false))) return names;
  const db = new CheckinDatabase(databaseName);
  try {
    await db.checkins
      .where('[listSlug+key]')
      .between(...listRange(listSlug))
      .each((row) => {
        if (row.uuid && row.deviceName) names.set(row.uuid, row.deviceName);
      });
  } catch {
    // Another version of the schema, or storage refused: no door names, the report still goes.
  } finally {
    db.close();
  }
  return names;
}
