// What the door keeps as one of the fleet, beside a list's copy: its verdicts counted for the
// reports, and what a revoked list left behind. Guarantees: a revoked list is forgotten only
// while its outbox is empty, checked in the transaction that deletes it, so no check-in written
// before can be lost; its farewell is stored in that same transaction, so the door can always
// say why the list went; the tally goes with its list (wipeListRows).
import type { CheckinDatabase } from './database';
import { wipeListRows } from './local-copy';
import type { DoorMembership, FarewellRow, ListRow, TallyRow } from './rows';

export const readTally = (db: CheckinDatabase, listSlug: string) => db.tallies.get(listSlug);

/** Stores a list's tally, unless the list has gone meanwhile (a tally must not outlive it). */
export async function saveTally(db: CheckinDatabase, row: TallyRow): Promise<void> {
  await db.transaction('rw', db.lists, db.tallies, async () => {
    if (await db.lists.get(row.listSlug)) await db.tallies.put(row);
  });
}

/** Changes a code-joined list's membership (its revocation), leaving every other field alone. */
export async function patchMembership(
  db: CheckinDatabase,
  listSlug: string,
  patch: Partial<DoorMembership>,
): Promise<ListRow | null> {
  return db.transaction('rw', db.lists, async () => {
    const row = await db.lists.get(listSlug);
    if (!row?.door) return null;
    const next = { ...row, door: { ...row.door, ...patch } };
    await db.lists.put(next);
    return next;
  });
}

/**
 * Forgets a revoked list and keeps its farewell, in one transaction; answers false, and changes
 * nothing, while its outbox holds any row (sent or not, refused or not: all of them are the
 * service's to hear of, or staff's to see).
 */
export async function forgetRevokedList(
  db: CheckinDatabase,
  listSlug: string,
  farewell: FarewellRow,
): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    if ((await db.outbox.where('listSlug').equals(listSlug).count()) > 0) return false;
    await wipeListRows(db, listSlug);
    await db.farewells.put(farewell);
    return true;
  });
}

/** The farewell staff have not read yet, newest first. */
export async function unseenFarewell(db: CheckinDatabase): Promise<FarewellRow | null> {
  const rows = await db.farewells.toArray();
  return rows.filter((r) => !r.seen).sort((a, b) => b.forgottenAt - a.forgottenAt)[0] ?? null;
}

/** Farewells whose list's server has not heard yet that the list is gone. */
export const untoldFarewells = async (db: CheckinDatabase) =>
  (await db.farewells.toArray()).filter((r) => r.untold !== null);

export async function patchFarewell(
  db: CheckinDatabase,
  deviceId: string,
  patch: Partial<FarewellRow>,
): Promise<void> {
  await db.farewells.update(deviceId, patch);
}
