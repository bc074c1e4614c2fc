// The door's side of the outbox algorithm (src/outbox/): its Dexie outbox as the storage, its
// Check-in API client as the service. Guarantees, on top of the algorithm's: a row is claimed
// (db/outbox markSending) before its request leaves, and only the rows still queued go, so an
// undo that cancelled one in between wins; a refused batch's rows each count that request as
// one that may have reached the service (an undo then waits for their uuid instead of
// cancelling here); every settled or parked check-in shows in the open list's index at once.
import type { CheckinClient } from '../../api/checkin-client';
import type { RemoteCheckin } from '../../api/schemas';
import { type Failure, ok, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { patchSyncState, readSyncState, upsertCheckins } from '../../db/local-copy';
import { markSending, park, readOutbox, requeue, requeueUnanswered } from '../../db/outbox';
import { markSent, replacedKeys } from '../../db/outbox-answers';
import type { OutboxRow } from '../../db/rows';
import { stored } from '../../db/storage';
import type { Done, OutboxService, OutboxShapes, OutboxStorage, Sent } from '../../outbox/outbox-ports';
import type { OutboxSide } from '../../outbox/send-checkins';
import type { ListIndex } from '../index/list-index';

export interface DoorOutboxOptions {
  listSlug: string;
  /** The greatest server `updated_at` this device knows: the floor of this attempt. */
  floor: number;
  /** How far before the floor a recovery pulls. */
  marginMs: number;
  /**
   * The open list's index as it stands at each write, if this is that list: read then, not at
   * the push's start, so a list that opens (or opens again) while an answer is out is told it.
   */
  index?: () => ListIndex | undefined;
  /**
   * The service reads nothing more for this list (its door was revoked) but still takes its
   * writes: a recovery finds nothing there and sends the unanswered rows again with their
   * uuids, which a service that keeps uuids answers with the check-in it already holds.
   */
  readsRefused?: boolean;
  /**
   * Awaited before each of the push's steps on this device's storage: the door's decisions go
   * first (bulk-reads.ts, `betweenPages`), so a scan that comes in while a push runs waits for
   * at most the one step under way, not for the push, and the push's steps run while the page
   * draws the verdict. None: each step at once.
   */
  turn?: () => Promise<void>;
}

const shapes: OutboxShapes<OutboxRow, RemoteCheckin> = {
  rowUuid: (row) => row.id,
  rowTicket: (row) => row.ticketId,
  rowFloor: (row) => row.attemptFloor,
  answerUuid: (c) => c.uuid,
  answerTicket: (c) => c.ticketId,
  answerActive: (c) => c.deletedAt === null,
  answerMadeAt: (c) => c.createdAt,
};

/** The outcome of one request is unknown when no answer came or the service failed midway. */
const outcomeUnknown = (f: Failure) =>
  f.reason === 'network' || f.reason === 'timeout' || f.reason === 'server';

function sent<T>(answer: Result<T>): Sent<T, Failure> {
  if (answer.ok) return { kind: 'answered', value: answer.value };
  if (outcomeUnknown(answer)) return { kind: 'unknown', failure: answer };
  if (answer.reason === 'rate-limited') return { kind: 'rate-limited', failure: answer };
  return { kind: 'refused', failure: answer };
}

const done = <T>(result: Result<T>): Done<T, Failure> =>
  result.ok ? { ok: true, value: result.value } : { ok: false, failure: result };

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

function doorService(
  api: CheckinClient,
  { listSlug, marginMs, readsRefused }: DoorOutboxOptions,
): OutboxService<OutboxRow, RemoteCheckin, Failure> {
  return {
    sendBatch: async (rows) =>
      sent(
        await api.createCheckins(
          listSlug,
          rows.map((r) => ({ ticketId: r.ticketId, uuid: r.id })),
        ),
      ),
    sendOne: async (row) => sent(await api.createCheckin(listSlug, { ticketId: row.ticketId, uuid: row.id })),
    checkinsSince: async (floor) =>
      readsRefused
        ? done(ok<RemoteCheckin[]>([]))
        : done(await pullCheckinsSince(api, listSlug, Math.max(0, floor - marginMs))),
  };
}

function doorStorage(
  db: CheckinDatabase,
  { listSlug, floor, index }: DoorOutboxOptions,
): OutboxStorage<OutboxRow, RemoteCheckin, Failure> {
  // Read once, at the first claim (after recovery): while a push runs (under the push lock)
  // only new scans add rows, and those wait for the next push.
  let queued: OutboxRow[] | null = null;
  // Rows out that are not check-ins: recovery has nothing to match them by; they go again.
  let otherUnanswered: OutboxRow[] = [];
  const failed = (result: Result<unknown>) => (result.ok ? null : result);
  return {
    clientUuids: async () => (await readSyncState(db, listSlug, 'outbox')).clientUuids,
    noteClientUuids: async (mode) => {
      await patchSyncState(db, listSlug, 'outbox', { clientUuids: mode });
    },
    async claimBatch(max) {
      queued ??= (await readOutbox(db, listSlug)).filter((r) => r.state === 'queued' && r.kind === 'checkin');
      while (queued.length > 0) {
        // Only the rows still queued go: an undo may have cancelled one since the outbox was read.
        const batch = await markSending(db, listSlug, queued.splice(0, max), floor);
        if (batch.length > 0) return batch;
      }
      return [];
    },
    claimOne: async (row) => (await markSending(db, listSlug, [row], floor))[0] ?? null,
    async settle(pairs) {
      const linked = await stored(() => markSent(db, listSlug, pairs));
      if (linked.ok) index?.()?.putCheckins(linked.value, replacedKeys(pairs));
      return failed(linked);
    },
    requeue: (rows) => requeue(db, listSlug, rows),
    requeueRefused: (rows) => requeueUnanswered(db, listSlug, rows),
    async park(row, reason) {
      const parked = await stored(() => park(db, row, reason));
      if (parked.ok && parked.value) index?.()?.putCheckins([parked.value]);
      return failed(parked);
    },
    async unanswered() {
      const sending = (await readOutbox(db, listSlug)).filter((r) => r.state === 'sending');
      otherUnanswered = sending.filter((r) => r.kind !== 'checkin');
      return sending.filter((r) => r.kind === 'checkin');
    },
    async claimedAlready(pulled) {
      // Check-ins already linked to one of this device's rows.
      const known = await stored(() =>
        db.checkins
          .where('[listSlug+uuid]')
          .anyOf(pulled.map((c) => [listSlug, c.uuid]))
          .toArray(),
      );
      if (!known.ok) return { ok: false, failure: known };
      const claimed = new Set<string>();
      for (const c of known.value) if (c.clientId !== null && c.uuid !== null) claimed.add(c.uuid);
      return { ok: true, value: claimed };
    },
    async settleRecovered(found, again, pulled) {
      // Linked first, so the upsert finds this device's rows by uuid instead of adding copies.
      const linked = await stored(async () => {
        const settled = await markSent(db, listSlug, found);
        await requeueUnanswered(db, listSlug, [...otherUnanswered, ...again]);
        return [...settled, ...(await upsertCheckins(db, listSlug, pulled))];
      });
      if (linked.ok) index?.()?.putCheckins(linked.value, replacedKeys(found));
      return failed(linked);
    },
  };
}

/** Each of the storage's steps after its turn. */
function takingTurns<S extends object>(storage: S, turn: () => Promise<void>): S {
  const turned = {} as Record<string, unknown>;
  for (const [name, step] of Object.entries(storage))
    turned[name] = async (...args: unknown[]) => {
      await turn();
      return (step as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  return turned as S;
}

/** The door's outbox of one list, for one push. */
export function doorOutbox(
  db: CheckinDatabase,
  api: CheckinClient,
  options: DoorOutboxOptions,
): OutboxSide<OutboxRow, RemoteCheckin, Failure> {
  const storage = doorStorage(db, options);
  return {
    shapes,
    storage: options.turn ? takingTurns(storage, options.turn) : storage,
    service: doorService(api, options),
  };
}
