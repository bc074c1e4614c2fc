// The sync loop's two steps on one list: send its outbox, and pull the open list. Guarantees:
// one push of a list at a time (push-lock.ts); a step the backoff holds back is skipped unless
// asked for on demand; its outcome goes into the status only while its list is still the open
// one (a list opened meanwhile says its own); a double admission is recorded again once the
// service has answered for this door's own pending check-in; a pull's fresh read of its list is
// never older than a write to the row among its reads; a list whose door was revoked is never
// pulled (its credential reads nothing more) while its outbox still goes.
import type { CheckinClient } from '../../api/checkin-client';
import { fail, ok } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { readList, readSyncState } from '../../db/local-copy';
import type { ListRow } from '../../db/rows';
import type { BackoffGate } from './backoff-gate';
import type { Clock } from '../clock';
import type { OpenListState } from '../open-list/open-list-state';
import { pullSince } from '../pull/pull-since';
import { RESOURCES } from '../pull/pulled-pages';
import { createPushLock } from '../outbox/push-lock';
import { pushOutbox } from '../outbox/push-outbox';
import { recordConflicts } from '../status/conflicts';
import type { SyncStatus } from '../status/sync-status';
import { pushAsked, reachOf, unanswered } from './reach';

/** The tables a pull's fresh read of its list comes from. */
const LIST_TABLES = ['lists', 'syncState'] as const;

/** The list itself (details, page counts) every sixth pull: it costs the service far more than a `since` page. */
const LIST_EVERY = 6;

export interface SyncStepsOptions {
  db: CheckinDatabase;
  state: OpenListState;
  listClient: (list: ListRow) => CheckinClient;
  /** Answers for `list` that came from the service directly (its relay down); see pull-since.ts. */
  answeredDirectly?: (list: ListRow) => number;
  clock: Clock;
  marginMs: number;
  batchSize?: number;
  backoff: BackoffGate;
  /** Before a list's outbox goes: the list as it then stands (a door of the fleet may ask first). */
  beforePush?: (list: ListRow) => Promise<ListRow>;
}

/** Whether the organiser revoked this door of the list: it sends what it holds and reads nothing. */
export const isRevoked = (list: ListRow) => list.door?.revokedAt != null;

export function createSyncSteps(options: SyncStepsOptions) {
  const { db, state, listClient, clock, marginMs, backoff } = options;
  const { publish, guarded } = state.board;
  const withPushLock = createPushLock();
  let pulls = 0;

  const floorOf = async (slug: string) => {
    const cursors = await Promise.all(
      RESOURCES.map(async (r) => (await readSyncState(db, slug, r)).cursor ?? 0),
    );
    const max = Math.max(...cursors);
    return max > 0 ? max + marginMs : 0;
  };

  async function push(given: ListRow, onDemand: boolean) {
    if (!backoff.allows(`push:${given.slug}`, onDemand)) return;
    const list = options.beforePush ? await options.beforePush(given) : given;
    const active = state.active();
    const index = active?.list.slug === list.slug ? active.index : undefined;
    // The list may open, or open again, while an answer is out: what the push settles goes into
    // the index then current (one loading too: its load never takes a uuid away), never one
    // dropped since, or the list's double admissions would name this door's side without it.
    const indexNow = () => {
      const current = state.current();
      return current?.list.slug === list.slug ? current.index : undefined;
    };
    // Each step on the storage after the door's decisions (bulk-reads.ts): a scan that comes in
    // while a push runs is judged first.
    const turn = state.bulk.betweenPages;
    await turn();
    const floor = await floorOf(list.slug);
    publish({ phase: 'pushing' });
    const result = await guarded(() =>
      withPushLock(list.slug, () =>
        pushOutbox(db, listClient(list), {
          listSlug: list.slug,
          floor,
          marginMs,
          batchSize: options.batchSize,
          index: indexNow,
          readsRefused: isRevoked(list),
          turn,
        }),
      ),
    );
    // A read refused because the door was revoked (its recovery's, say) is an answer, not a
    // failure to wait after: the door learns from it (revocation.ts) and what it holds must go at
    // once, reading nothing. Noted as a failure, it held those check-ins for up to 30 s.
    backoff.note(`push:${list.slug}`, !result.ok && result.reason === 'revoked' ? ok(undefined) : result);
    // A double admission recorded while this device's own check-in was pending names it without
    // its uuid: record them again now that the service has answered for it, or a lost answer
    // was settled by recovery (its pulled copy then stops counting as another door's).
    const open = state.active();
    if (open?.list.slug === list.slug && result.ok && result.value.sent + result.value.recovered > 0) {
      await turn();
      await guarded(async () => ok(await recordConflicts(db, list.slug, open.index, clock.now())));
    }
    // Only an answer, or a request that got none, says whether the service is within reach: a
    // push with nothing to send asks nothing, and were that "reachable" the line would say
    // "Online" while the pull after it hangs on a dead uplink. `lastPushAt` is when a send last
    // went through (the screens counting what is unsent ask again then).
    const reach = result.ok ? pushAsked(result.value) || undefined : reachOf(result);
    const answered: Partial<SyncStatus> =
      reach === undefined
        ? {}
        : result.ok
          ? { reachable: true, lastPushAt: clock.now() }
          : { reachable: reach };
    if (index) {
      const { outbox: _, ...errors } = state.board.status().errors;
      publish(result.ok ? { errors, ...answered } : { errors: { ...errors, outbox: result }, ...answered });
    } else if (!state.active()) {
      // No list open (the copy is sealed and the passcode not yet typed): the outbox is still
      // sent, and the passcode's screens say whether it gets through.
      if (reach !== undefined) publish(answered);
    }
  }

  async function pull(onDemand: boolean) {
    const active = state.active();
    if (!active || isRevoked(active.list) || !backoff.allows(`pull:${active.list.slug}`, onDemand)) return;
    const { list, index } = active;
    const first = (await readSyncState(db, list.slug, 'tickets')).cursor === null;
    publish({ phase: first ? 'downloading' : 'pulling' });
    const result = await guarded(() =>
      pullSince(db, listClient(list), {
        listSlug: list.slug,
        now: clock.now(),
        withList: onDemand || pulls++ % LIST_EVERY === 0,
        marginMs,
        index,
        answeredDirectly: () => options.answeredDirectly?.(list) ?? 0,
        onProgress: (done, total) => publish({ download: { done, total } }),
      }),
    );
    backoff.note(
      `pull:${list.slug}`,
      result.ok && Object.keys(result.value.errors).length ? fail('server') : result,
    );
    if (state.active()?.list.slug !== list.slug) return;
    // Forgotten meanwhile, in another tab that has not said so (yet): this door lets it go too.
    if (!result.ok && result.reason === 'no-list')
      return state.goneElsewhere(list.slug).catch(state.board.storageTroubleOrThrow);
    if (!result.ok) {
      const reach = reachOf(result);
      return publish({
        errors: { outbox: state.board.status().errors.outbox, list: result },
        ...(reach === undefined ? {} : { reachable: reach }),
      });
    }
    if (result.value.answersChanged) state.dropAnswers();
    // Read again if a write to the row landed among the reads (learning the relay's direct
    // address, say): its own update of the open list came first and a stale row would undo it.
    let fresh: ListRow | undefined;
    let complete: boolean;
    for (;;) {
      const writes = db.commits.of(LIST_TABLES);
      fresh = await readList(db, list.slug);
      complete = (await readSyncState(db, list.slug, 'tickets')).cursor !== null;
      if (db.commits.of(LIST_TABLES) === writes) break;
    }
    // Another list may have been opened meanwhile (a join while this pull ran): it stays open.
    if (state.active()?.list.slug !== list.slug) return;
    if (fresh) state.update({ list: fresh, index, complete });
    await guarded(async () => ok(await recordConflicts(db, list.slug, index, clock.now())));
    if (state.active()?.list.slug !== list.slug) return;
    // A pull without the list's own read (five in six) still answers ok when every one of its
    // reads failed: it reached no server, and the door must say so as when the list's read fails.
    const reachedNothing = RESOURCES.every((r) => unanswered(result.value.errors[r]));
    publish({
      download: null,
      complete,
      reachable: !reachedNothing,
      errors: { outbox: state.board.status().errors.outbox, ...result.value.errors },
    });
  }

  return { push, pull, withPushLock };
}
