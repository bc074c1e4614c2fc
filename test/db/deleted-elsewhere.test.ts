// A door's database deleted from another tab ("Forget this device's data") stays deleted: this
// tab's connection lets go, as the deletion needs, and nothing this tab does afterwards (a sync
// step, a scan) opens it again and so makes an empty database in its place.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CheckinDatabase } from '../../src/db/database';
import { listRow } from './copy-rows';

const NAME = 'door-deleted-elsewhere';

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

function deleteElsewhere(name: string): Promise<'deleted' | 'blocked'> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve('deleted');
    request.onerror = () => reject(request.error);
    request.onblocked = () => resolve('blocked');
  });
}

describe('a door database deleted by another tab', () => {
  it('is let go at once and never opened again by this tab', async () => {
    const here = new CheckinDatabase(NAME);
    await here.lists.put(listRow('chk_deletedelsewhere00000'));
    expect(await databaseNames()).toContain(NAME);

    expect(await deleteElsewhere(NAME)).toBe('deleted');
    expect(await databaseNames()).not.toContain(NAME);

    // What this tab's engine would do next: a read and a write. Each fails; neither reopens.
    await expect(here.lists.count()).rejects.toThrow();
    await expect(here.lists.put(listRow('chk_deletedelsewhere00001'))).rejects.toThrow();
    // Nor does asking to open it (a scan's keyed read opens the database if it is closed).
    await expect(here.open()).rejects.toThrow(/another tab/);
    expect(await databaseNames()).not.toContain(NAME);
    expect(here.isOpen()).toBe(false);
  });
});
