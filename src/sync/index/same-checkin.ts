// One check-in that reaches the open list twice: this device's own row (under its local key)
// and the service's record of it (under its uuid: a first-download page fetched after it was
// sent, a pull while its request was out or after its answer was lost). Guarantees: they are
// told apart from another door's check-in by uuid alone (the service's, or the one the device
// sent, which a service that keeps client uuids holds), never by ticket or time, so a true
// double admission stays one; the row kept is the device's, under its key and with its marks.
// Pure TypeScript.
import type { CheckinRow } from '../../db/rows';

/**
 * Whether two rows are one check-in: the same service uuid, or this device's row and the
 * service's record of it under the uuid the device sent (its client id), which a service that
 * keeps client uuids holds before the device has stored its answer (the answer lost, or a pull
 * while the request is out). Client ids are random, so another door's check-in never matches.
 */
export function sameCheckin(a: CheckinRow, b: CheckinRow): boolean {
  return (
    (a.uuid !== null && (a.uuid === b.uuid || a.uuid === b.clientId)) ||
    (b.uuid !== null && b.uuid === a.clientId)
  );
}

/** The service's record with this device's own marks on it (its key, scan time, name, ending). */
function ownMarked(service: CheckinRow, own: CheckinRow): CheckinRow {
  const { endedBy: _, ...facts } = service;
  return {
    ...facts,
    key: own.key,
    createdAt: own.createdAt,
    deviceName: own.deviceName,
    clientId: own.clientId,
    ...(own.endedBy && { endedBy: own.endedBy }),
  };
}

/**
 * One row for a check-in held twice, `held` in the index and `given` coming in; null when
 * `held` stands as it is. This device's row keeps its key and marks; the service's facts win
 * when newer, except that an ending recorded here and not yet sent stands over an active record.
 */
export function oneCheckinOf(held: CheckinRow, given: CheckinRow): CheckinRow | null {
  const heldIsOwn = held.clientId !== null && given.clientId === null;
  const own = heldIsOwn ? held : given;
  const other = heldIsOwn ? given : held;
  const endedHere = own.endedBy !== undefined && own.deletedAt !== null && other.deletedAt === null;
  const serviceNewer = other.updatedAt > own.updatedAt && !endedHere;
  if (heldIsOwn) return serviceNewer ? ownMarked(other, own) : null;
  return serviceNewer ? ownMarked(other, own) : own;
}

/**
 * Whether `given` is older than `held`, both under one key. The service's uuid is only ever
 * added to a row (its answer), never taken away: a row with it is the later one, whatever the
 * stamps say, since this device stamps its own check-in with its own clock until the answer,
 * and the service stamps the answer with its clock, which may run minutes behind. Likewise a
 * check-in once ended never stands again (a guest back in is a new check-in): the ended row is
 * the later one, whatever the stamps say, since this device stamps an exit or undo with its own
 * clock over a row the service stamped with its, which may run minutes ahead.
 */
export function olderThanHeld(held: CheckinRow, given: CheckinRow): boolean {
  if ((held.uuid === null) !== (given.uuid === null)) return given.uuid === null;
  if ((held.deletedAt === null) !== (given.deletedAt === null)) return given.deletedAt === null;
  return held.updatedAt > given.updatedAt;
}

/**
 * Whether `stored` (a ticket's check-ins as the database holds them) has an active one that
 * `held` (the index's, which a verdict was judged on) does not, by key or as one check-in: one
 * another tab of the app, or a pull, stored after the index was read.
 */
export function holdsUnseen(stored: readonly CheckinRow[], held: readonly CheckinRow[]): boolean {
  return stored.some(
    (row) => row.deletedAt === null && !held.some((h) => h.key === row.key || sameCheckin(h, row)),
  );
}
