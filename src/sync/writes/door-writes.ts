// The door's writes: admissions, exits, undos and dismissed problems, each with its audit row.
// Guarantees: a check-in and its outbox row are stored (one transaction, db/outbox.ts) before
// the in-memory index shows it, and the index follows what was stored; several check-ins made
// or undone together are stored in one transaction; the status counts a write's outbox rows
// before the write answers (an admission's at once, others by reading the outbox again); each
// write then says "the outbox changed" and never starts a sync itself; a storage failure is answered as a value; once the door
// knows the organiser revoked it, every write is refused (`revoked`): what it held still goes,
// nothing new is added. The judging (may this ticket go in?) is door-scan.ts's: these only record
// what was decided; an admission is written only while the ticket's stored check-ins hold none
// the door's index did not when the write was asked for (checkins-changed.ts): the caller judged
// on the index and asks with no wait between, so that is what the verdict was judged on. When
// another tab of the app, or a pull, stored one meanwhile, nothing is written, the index learns
// the ticket's stored check-ins, and the answer is `checkins-changed` (the door judges again).
import { type Failure, fail, ok, type Result } from '../../domain/result';
import type { AuditAction } from '../../db/audit-log';
import type { CheckinDatabase } from '../../db/database';
import { readCheckin } from '../../db/local-copy';
import { dropParked, recordCheckin, recordCheckins, recordUndos, type UndoOutcome } from '../../db/outbox';
import type { CheckinRow, ListRow } from '../../db/rows';
import { stored } from '../../db/storage';
import { cleanReason, type DoorRole, mayUndo } from '../../domain/door-roles';
import type { AuditTrail } from '../audit/audit-trail';
import type { Clock } from '../clock';
import { endStay } from './door-exit';
import type { OpenListState } from '../open-list/open-list-state';
import type { OutboxSignal } from '../outbox/outbox-signal';
import type { ListIndex } from '../index/list-index';
import { holdsUnseen } from '../index/same-checkin';
import { learnStored } from './learn-stored';

export interface DoorWritesDeps {
  db: CheckinDatabase;
  state: OpenListState;
  audit: AuditTrail;
  outbox: OutboxSignal;
  clock: Clock;
  deviceName: () => string;
  newId: () => string;
  role: () => DoorRole;
}

export type DoorWrites = ReturnType<typeof createDoorWrites>;

/** The organiser revoked this door and it knows it: it records nothing more. */
const revoked = (list: ListRow) => list.door?.revokedAt != null;

export function createDoorWrites(deps: DoorWritesDeps) {
  const { db, state, audit, clock } = deps;
  // The check-ins of this device's last admission (one scan's, or one "Admit all"'s): door
  // staff may undo them for a short while (door-roles.ts).
  let lastOwnKeys: ReadonlySet<string> = new Set();

  const newCheckin = (listSlug: string, ticketId: number, now: number) => ({
    listSlug,
    ticketId,
    deviceName: deps.deviceName(),
    now,
    clientId: deps.newId(),
  });

  /**
   * A write that went nowhere: a storage failure is shown; a list forgotten in another tab
   * meanwhile (the write found its row gone, db/list-gone.ts) goes from this door too, as the
   * word from that tab would have made it go.
   */
  function writeRefused(failure: Failure, listSlug: string) {
    state.board.storageTrouble(failure);
    if (failure.reason === 'no-list')
      void state.goneElsewhere(listSlug).catch(state.board.storageTroubleOrThrow);
  }

  /** The index learns what the database holds for tickets whose check-ins changed unseen. */
  async function learnCheckins(listSlug: string, index: ListIndex, ticketIds: readonly number[]) {
    for (const id of ticketIds) await learnStored(db, index, listSlug, id);
    // The door's counts (inside now) say what the index learnt, as a write's would.
    state.noteQueued(listSlug, [], { counts: index.counts() });
  }

  /** Records an admission already decided (a scan's, or "Admit anyway"). */
  async function checkIn(
    ticketId: number,
    how: { action: AuditAction; reason?: string } = { action: 'admit' },
  ): Promise<Result<CheckinRow>> {
    // A list still loading takes the admission too: its index then holds it (and the stored row).
    const active = state.current();
    if (!active) return fail('no-list');
    const { list, index } = active;
    if (revoked(list)) return fail('revoked');
    const input = newCheckin(list.slug, ticketId, clock.now());
    const judged = index.checkinsOf(ticketId);
    const row = await stored(() => recordCheckin(db, input, (rows) => holdsUnseen(rows, judged)));
    if (!row.ok) {
      if (row.reason === 'checkins-changed') await learnCheckins(list.slug, index, [ticketId]);
      else writeRefused(row, list.slug);
      return row;
    }
    index.putCheckins([row.value]);
    lastOwnKeys = new Set([row.value.key]);
    void audit.note({ listSlug: list.slug, ticketId, ticketReference: state.referenceOf(ticketId), ...how });
    state.noteQueued(list.slug, [{ id: input.clientId, scannedAt: input.now }], { counts: index.counts() });
    deps.outbox.changed();
    return row;
  }

  /** Records several admissions already decided ("Admit all"), in one transaction. */
  async function checkInAll(ticketIds: readonly number[]): Promise<Result<CheckinRow[]>> {
    const active = state.active();
    if (!active) return fail('no-list');
    const { list, index } = active;
    if (revoked(list)) return fail('revoked');
    const now = clock.now();
    const inputs = ticketIds.map((id) => newCheckin(list.slug, id, now));
    const judged = new Map(ticketIds.map((id) => [id, index.checkinsOf(id)]));
    const rows = await stored(() =>
      recordCheckins(db, inputs, (id, found) => holdsUnseen(found, judged.get(id) ?? [])),
    );
    if (!rows.ok) {
      if (rows.reason === 'checkins-changed') await learnCheckins(list.slug, index, ticketIds);
      else writeRefused(rows, list.slug);
      return rows;
    }
    index.putCheckins(rows.value);
    lastOwnKeys = new Set(rows.value.map((row) => row.key));
    for (const row of rows.value)
      void audit.note({
        listSlug: list.slug,
        ticketId: row.ticketId,
        ticketReference: state.referenceOf(row.ticketId),
        action: 'admit-all',
      });
    const queued = inputs.map((input) => ({ id: input.clientId, scannedAt: input.now }));
    state.noteQueued(list.slug, queued, { counts: index.counts() });
    deps.outbox.changed();
    return rows;
  }

  /** Records an exit already decided: the ticket's active check-ins end (door-exit.ts). */
  async function checkOut(ticketId: number): Promise<Result<CheckinRow[]>> {
    const active = state.active();
    if (!active) return fail('no-list');
    const { list, index } = active;
    if (revoked(list)) return fail('revoked');
    const ended = await endStay({
      db,
      list,
      index,
      ticketId,
      now: clock.now(),
      deviceName: deps.deviceName(),
      newId: deps.newId,
    });
    if (!ended.ok) {
      writeRefused(ended, list.slug);
      return ended;
    }
    if (ended.value.length > 0)
      void audit.note({
        listSlug: list.slug,
        ticketId,
        ticketReference: state.referenceOf(ticketId),
        action: 'exit',
      });
    await state.refresh();
    deps.outbox.changed();
    return ended;
  }

  /**
   * Undoes check-ins: door staff their own last admission, for a short while (door-roles.ts);
   * supervisors any. Each key is checked on its own; those allowed are undone in one
   * transaction (db/outbox.ts `recordUndos`). Answers one result a key, in order.
   */
  async function undoAll(
    checkinKeys: readonly string[],
    reason = '',
  ): Promise<Result<Result<UndoOutcome>[]>> {
    // An admission judged while the list loaded after a restart may be undone at once: the undo
    // waits for the list (it reads and changes the index's check-ins), never says none is open.
    await state.loaded();
    const active = state.active();
    if (!active) return fail('no-list');
    const { list, index } = active;
    if (revoked(list)) return fail('revoked');
    const now = clock.now();
    const role = deps.role();
    const targets = await Promise.all(
      checkinKeys.map(async (key) => (await readCheckin(db, list.slug, key)) ?? index.checkinByKey(key)),
    );
    const allowed = checkinKeys.map((key, i) => {
      const target = targets[i];
      return (
        !target ||
        mayUndo(role, { key, createdAt: target.createdAt, mine: target.clientId !== null }, lastOwnKeys, now)
      );
    });
    const undos = checkinKeys.flatMap((checkinKey, i) =>
      allowed[i] ? [{ checkinKey, clientId: deps.newId(), known: targets[i] }] : [],
    );
    const outcomes =
      undos.length === 0
        ? ok([] as UndoOutcome[])
        : await stored(() => recordUndos(db, list.slug, undos, { now, deviceName: deps.deviceName() }));
    if (!outcomes.ok) {
      writeRefused(outcomes, list.slug);
      return outcomes;
    }
    const byKey = new Map(undos.map((u, i) => [u.checkinKey, outcomes.value[i]!]));
    for (const { checkinKey, known } of undos) {
      const row = await readCheckin(db, list.slug, checkinKey);
      if (row) index.putCheckins([row]);
      else index.removeCheckins([checkinKey]);
      if (known && byKey.get(checkinKey) !== 'not-found')
        void audit.note({
          listSlug: list.slug,
          action: 'undo',
          ticketId: known.ticketId,
          ticketReference: state.referenceOf(known.ticketId),
          reason: cleanReason(reason) || null,
        });
    }
    if (undos.length > 0) {
      await state.refresh();
      deps.outbox.changed();
    }
    return ok(checkinKeys.map((key) => (byKey.has(key) ? ok(byKey.get(key)!) : fail('supervisor-only'))));
  }

  return {
    checkIn,
    checkInAll,
    checkOut,
    undoAll,
    /** One undo: queued, it is cancelled here; sent, a DELETE by uuid is queued (db/outbox.ts). */
    async undo(checkinKey: string, reason = ''): Promise<Result<UndoOutcome>> {
      const results = await undoAll([checkinKey], reason);
      return results.ok ? results.value[0]! : results;
    },
    /** Drops a parked (refused) check-in and its local row. */
    async dismissParked(outboxId: string): Promise<void> {
      const row = await dropParked(db, outboxId);
      if (!row) return;
      const active = state.active();
      if (active?.list.slug === row.listSlug && row.kind === 'checkin')
        active.index.removeCheckins([row.checkinKey]);
      void audit.note({
        listSlug: row.listSlug,
        action: 'problem-dismissed',
        ticketId: row.ticketId,
        ticketReference: state.referenceOf(row.ticketId),
        reason: row.parkedReason?.detail ?? row.parkedReason?.reason ?? null,
      });
      await state.refresh();
    },
  };
}
