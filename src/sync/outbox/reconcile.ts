// Exactly once, and double admissions. A batch whose answer never came may or may not have
// been committed; instead of sending it blindly again, the check-ins the service made since
// just before the attempt are pulled and every outbox row the service already holds is marked
// as sent. Only the rest goes out again. A check-in holding a row's own uuid is that row's, and
// a service seen to keep the uuids sent (before, or in this very pull) is matched by uuid
// alone: never another door's check-in of the same ticket. Otherwise the claim is by ticket and
// time (created at or after the attempt's server-time floor, not yet claimed by another row),
// the best a service that ignores client uuids allows. Before either is known, one row is sent
// again alone and its answer says which.
import type { CheckinClient } from '../../api/checkin-client';
import { isTransient, ok, type Result } from '../../domain/result';
import type { RemoteCheckin } from '../../api/schemas';
import { type CheckinDatabase, listRange } from '../../db/database';
import { patchSyncState, readSyncState, upsertCheckins } from '../../db/local-copy';
import { markSent, park, readOutbox, replacedKeys, requeueUnanswered } from '../../db/outbox';
import type { ConflictRow, OutboxRow } from '../../db/rows';
import { stored } from '../../db/storage';
import type { ListIndex } from '../index/list-index';

/** Server clocks behind one service may disagree by a little; a claim allows for it. */
const SERVER_SKEW_MS = 1000;

export interface RecoverOptions {
  listSlug: string;
  marginMs: number;
  index?: ListIndex;
}

async function pullCheckinsSince(
  api: CheckinClient,
  listSlug: string,
  since: number,
): Promise<Result<RemoteCheckin[]>> {
  const all: RemoteCheckin[] = [];
  for (let page = 1; ; page++) {
    const items = await api.listPage('checkins', listSlug, page, since);
    if (!items.ok) return items;
    if (items.value.length === 0) return ok(all);
    all.push(...items.value);
  }
}

/** Settles every outbox row whose batch went unanswered. Returns how many were already sent. */
export async function recoverUnanswered(
  db: CheckinDatabase,
  api: CheckinClient,
  { listSlug, marginMs, index }: RecoverOptions,
): Promise<Result<number>> {
  const sending = (await readOutbox(db, listSlug)).filter((r) => r.state === 'sending');
  if (sending.length === 0) return ok(0);
  const floor = Math.min(...sending.map((r) => r.attemptFloor ?? 0));
  const pulled = await pullCheckinsSince(api, listSlug, Math.max(0, floor - marginMs));
  if (!pulled.ok) return pulled;
  // The service's uuid equal to a row's own id settles that row whatever is known; one such
  // match also shows the service keeps the uuids sent, so the rest are not claimed by ticket.
  const state = await readSyncState(db, listSlug, 'outbox');
  const byId = new Map(pulled.value.map((c) => [c.uuid, c]));
  const checkins = sending.filter((r) => r.kind === 'checkin');
  const found = checkins.flatMap((row) => (byId.has(row.id) ? [{ row, remote: byId.get(row.id)! }] : []));
  const unmatched = checkins.filter((row) => !byId.has(row.id));
  let mode = found.length > 0 ? 'kept' : state.clientUuids;
  if (mode === undefined && unmatched.length > 0) {
    // Not known yet (no answer has come so far): rather than guess by ticket, which could take
    // another door's check-in, one row goes again alone and the answer tells. A service that
    // ignores uuids may then hold that one check-in twice, once in the device's life.
    const probe = unmatched.shift()!;
    const answer = await api.createCheckin(listSlug, { ticketId: probe.ticketId, uuid: probe.id });
    if (!answer.ok && isTransient(answer)) return answer;
    if (answer.ok) {
      mode = answer.value.uuid === probe.id ? 'kept' : 'ignored';
      found.push({ row: probe, remote: answer.value });
    } else {
      const parked = await stored(() => park(db, probe, answer));
      if (parked.ok && parked.value) index?.putCheckins([parked.value]);
    }
  }
  if (mode !== undefined && mode !== state.clientUuids)
    await patchSyncState(db, listSlug, 'outbox', { clientUuids: mode });
  // Check-ins already linked to one of this device's rows cannot be claimed again. Only a claim
  // by ticket needs them: a service that keeps uuids is matched by uuid alone, and reading the
  // links of every check-in since the floor (thousands after an outage) would cost for nothing.
  const claimed = new Set<string>();
  if (mode !== 'kept' && unmatched.length > 0) {
    const known = await stored(() =>
      db.checkins
        .where('[listSlug+uuid]')
        .anyOf(pulled.value.map((c) => [listSlug, c.uuid]))
        .toArray(),
    );
    if (!known.ok) return known;
    for (const c of known.value) if (c.clientId !== null && c.uuid !== null) claimed.add(c.uuid);
  }
  for (const { remote } of found) claimed.add(remote.uuid);
  const sentIds = new Set(sending.map((r) => r.id));
  const again: OutboxRow[] = sending.filter((r) => r.kind !== 'checkin');
  for (const row of unmatched) {
    const match =
      mode === 'kept'
        ? undefined
        : pulled.value.find(
            (c) =>
              c.ticketId === row.ticketId &&
              c.deletedAt === null &&
              !claimed.has(c.uuid) &&
              !sentIds.has(c.uuid) &&
              c.createdAt >= (row.attemptFloor ?? 0) - SERVER_SKEW_MS,
          );
    if (match) {
      claimed.add(match.uuid);
      found.push({ row, remote: match });
    } else again.push(row);
  }
  // Linked first, so the upsert finds this device's rows by uuid instead of adding copies.
  const linked = await stored(async () => {
    const sent = await markSent(db, listSlug, found);
    await requeueUnanswered(db, listSlug, again);
    return [...sent, ...(await upsertCheckins(db, listSlug, pulled.value))];
  });
  if (!linked.ok) return linked;
  index?.putCheckins(linked.value, replacedKeys(found));
  return ok(found.length);
}

/** Whether two records of one ticket's double admission say the same. */
function sameConflict(a: ConflictRow, b: ConflictRow): boolean {
  return (
    a.detectedAt === b.detectedAt &&
    a.checkins.length === b.checkins.length &&
    a.checkins.every((c, i) => {
      const d = b.checkins[i]!;
      return (
        c.uuid === d.uuid &&
        c.createdAt === d.createdAt &&
        c.deviceName === d.deviceName &&
        c.source === d.source
      );
    })
  );
}

/**
 * Records every ticket of the list with more than one active check-in, with both sides. Only
 * what changed is written (a list holds thousands, and this runs after every pull): the read,
 * the comparison and the writes share one transaction, so the stored set always equals the
 * index's at one moment, as a rewrite of the whole set would.
 */
export async function recordConflicts(
  db: CheckinDatabase,
  listSlug: string,
  index: ListIndex,
  now: number,
): Promise<ConflictRow[]> {
  return db.transaction('rw', db.conflicts, async () => {
    const before = new Map(
      (
        await db.conflicts
          .where('[listSlug+ticketId]')
          .between(...listRange(listSlug))
          .toArray()
      ).map((c) => [c.ticketId, c]),
    );
    const conflicts: ConflictRow[] = index.doubleAdmissions().map((ticketId) => ({
      listSlug,
      ticketId,
      detectedAt: before.get(ticketId)?.detectedAt ?? now,
      checkins: index
        .checkinsOf(ticketId)
        .filter((c) => c.deletedAt === null)
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((c) => ({
          uuid: c.uuid,
          createdAt: c.createdAt,
          deviceName: c.deviceName,
          source: c.clientId ? ('this-device' as const) : ('elsewhere' as const),
        })),
    }));
    const changed = conflicts.filter((c) => {
      const old = before.get(c.ticketId);
      before.delete(c.ticketId);
      return !old || !sameConflict(old, c);
    });
    // What is left in `before` is no longer a double admission.
    if (before.size) await db.conflicts.bulkDelete([...before.keys()].map((id) => [listSlug, id]));
    if (changed.length) await db.conflicts.bulkPut(changed);
    return conflicts;
  });
}
