// The sync loop: a service that pulls the open list, pushes every list's outbox, and runs on a
// timer. Guarantees: one run at a time (a request while one runs is folded into a single
// follow-up, a whole cycle if any request asked for one); the open list's outbox goes before its
// pull; a write's "outbox changed" notice sends soon (within SEND_AFTER_MS, one send for the
// notices meanwhile), the outbox only (a pull per scan would keep the worker busy while the
// queue at the door moves on); backoff honoured except on demand; `afterRun` hears of every run
// and send that ended (the fleet's reports and a revoked list's farewell follow them).
import type { CheckinClient } from '../../api/checkin-client';
import { ok } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { allLists } from '../../db/local-copy';
import { readOutbox } from '../../db/outbox';
import type { ListRow } from '../../db/rows';
import { createBackoffGate } from './backoff-gate';
import type { Clock } from '../clock';
import { DAY_MS, wipeExpired } from '../lists/forget-list';
import type { OpenListState } from '../open-list/open-list-state';
import type { OutboxSignal } from '../outbox/outbox-signal';
import { createSyncSteps } from './sync-steps';

/**
 * A write's send waits this long, so the check-ins of a rush go as one batch, and the send's
 * bookkeeping (some thirty IndexedDB reads and writes, then a status) runs while staff read the
 * verdict rather than while the next code is judged: per scan on a phone-class worker it held
 * the next verdict by tens of milliseconds (test/bench/scan-timeline.ts). Other doors hear of an
 * admission on their next pull, seconds away, so this costs them nothing they would see.
 */
const SEND_AFTER_MS = 300;

export interface SyncLoopOptions {
  db: CheckinDatabase;
  state: OpenListState;
  outbox: OutboxSignal;
  clientFor: (baseUrl: string) => CheckinClient;
  /** A list's client: through its relay, or the service behind it (relay-fallback.ts). */
  listClient?: (list: ListRow) => CheckinClient;
  /** Answers for a list that came from the service directly (relay-fallback.ts; pull-since.ts). */
  answeredDirectly?: (list: ListRow) => number;
  clock: Clock;
  random: () => number;
  interval: () => number;
  marginMs: number;
  batchSize?: number;
  autoWipeAfterMs?: number;
  /** Before a list's outbox goes: the list as it then stands (sync-steps.ts). */
  beforePush?: (list: ListRow) => Promise<ListRow>;
  /** Told when a run (or a write's send) has ended, whatever became of it. */
  afterRun?: () => void;
}

/** A whole cycle, or the open list alone (its outbox, then its pull). */
type Run = 'open-list' | 'cycle';

export type SyncLoop = ReturnType<typeof createSyncLoop>;

export function createSyncLoop(options: SyncLoopOptions) {
  const { db, state, clientFor, clock, marginMs } = options;
  const listClient = options.listClient ?? ((list: ListRow) => clientFor(list.baseUrl));
  const { publish, guarded } = state.board;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let again: Run | null = null;
  let sendScheduled = false;
  const backoff = createBackoffGate(clock, options.random);
  const { push, pull, withPushLock } = createSyncSteps({
    db,
    state,
    listClient,
    clock,
    marginMs,
    batchSize: options.batchSize,
    backoff,
    beforePush: options.beforePush,
    answeredDirectly: options.answeredDirectly,
  });
  const ended = () => options.afterRun?.();

  async function cycle(onDemand: boolean) {
    if (!state.board.status().online || state.stopped()) return;
    const lists = await allLists(db);
    const wiped = await guarded(async () =>
      ok(await wipeExpired(db, lists, clock.now(), options.autoWipeAfterMs ?? DAY_MS)),
    );
    if (wiped.ok && wiped.value.length) {
      const active = state.active();
      if (active && wiped.value.includes(active.list.slug)) state.close();
      return;
    }
    // The open list first: its outbox, then its pull. Other lists only send what they owe.
    const active = state.active();
    if (active) await push(active.list, onDemand);
    await pull(onDemand);
    const open = state.active();
    if (open && (await readOutbox(db, open.list.slug)).some((r) => r.state === 'queued'))
      await push(open.list, onDemand);
    for (const list of lists) {
      if (list.slug === state.active()?.list.slug) continue;
      if ((await readOutbox(db, list.slug)).length) await push(list, onDemand);
    }
  }

  /**
   * The open list alone: its outbox, then its pull. The outbox goes first, as in a cycle: the
   * service must hear of this door's own exits and undos before its answer is read, or a pull
   * would bring back a check-in this door has just ended.
   */
  async function openListOnly(onDemand: boolean) {
    if (!state.board.status().online || state.stopped()) return;
    const active = state.active();
    if (active) await push(active.list, onDemand);
    await pull(onDemand);
  }

  /** Runs one sync cycle (or pull); a request while one runs is folded into a single follow-up. */
  function run(kind: Run, onDemand: boolean): Promise<void> {
    if (running) {
      again = again === 'cycle' || kind === 'cycle' ? 'cycle' : 'open-list';
      return running;
    }
    running = (async () => {
      // A list loading after a restart is loaded first: pulls and pushes work on its whole index.
      // (Only then: a cycle otherwise starts in the same turn, before a `stop()` can come between.)
      if (state.opening()) await state.loaded();
      let next: Run | null = kind;
      while (next) {
        again = null;
        try {
          await (next === 'cycle' ? cycle(onDemand) : openListOnly(onDemand));
        } catch (error) {
          state.board.storageTroubleOrThrow(error);
        }
        next = state.stopped() ? null : again;
      }
      await state.refresh().catch(() => undefined);
      publish({ phase: 'idle' });
    })().finally(() => {
      running = null;
      ended();
    });
    return running;
  }
  const sync = (onDemand = false) => run('cycle', onDemand);

  /**
   * The next regular sync: after the interval, or as soon as a wait of the open list ends if
   * that comes first. A door whose requests failed tries again when its backoff allows, not at
   * the first regular sync after that: when the network comes back, it catches up that much
   * sooner (and its check-ins reach the other doors sooner).
   */
  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    if (state.stopped()) return;
    const slug = state.active()?.list.slug;
    const retryAt = slug === undefined ? null : backoff.retryAt(slug);
    const interval = options.interval();
    timer = clock.setTimeout(
      () => {
        timer = null;
        void sync().finally(schedule);
      },
      retryAt === null ? interval : Math.min(interval, retryAt - clock.now()),
    );
  }

  function sendSoon() {
    if (sendScheduled) return;
    sendScheduled = true;
    clock.setTimeout(() => {
      sendScheduled = false;
      // A list still loading is pushed from once it is in (a push works on its whole index).
      if (!state.active() && state.opening() && !state.stopped())
        return void state.loaded().then(sendSoon, sendSoon);
      const list = state.active()?.list;
      if (!list || state.stopped() || !state.board.status().online) return;
      // A cycle under way may be past its push: send once it is done.
      if (running) return void running.then(sendSoon, sendSoon);
      // Idle again after it, unless a cycle began meanwhile (that one ends idle itself).
      void push(list, false)
        // The counts it moved are read again after the door's decisions too (bulk-reads.ts).
        .then(state.bulk.betweenPages)
        .then(state.refresh)
        .then(() => {
          if (!running) publish({ phase: 'idle' });
        })
        .catch(() => undefined)
        .finally(ended);
    }, SEND_AFTER_MS);
  }

  // Writes say "the outbox changed"; the loop sends soon while online.
  options.outbox.listen(() => {
    if (state.board.status().online) sendSoon();
  });

  const stopTimer = () => {
    state.setStopped(true);
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  return {
    /** Starts the timer and a first cycle. */
    start() {
      state.setStopped(false);
      void sync();
      schedule();
    },
    stop() {
      stopTimer();
      return running ?? Promise.resolve();
    },
    /** Stops for good and waits for the run under way, whatever became of it. */
    async halt() {
      stopTimer();
      await running?.catch(() => undefined);
    },
    /** A whole cycle now (list + pull + push), backoff set aside. */
    syncNow: () => sync(true),
    /** One scheduled cycle now, as the timer runs it (backoff honoured, list every sixth pull). */
    tick: () => sync(false),
    /**
     * The open list brought up to date with the service now (its outbox, then a pull, folded
     * into any run under way; other lists wait for the timer); true when the copy then stands as the service's. A verdict waits on this, never on
     * a whole cycle of its own.
     */
    async catchUp(): Promise<boolean> {
      await run('open-list', true);
      const { reachable, errors } = state.board.status();
      return reachable && !errors.list && !errors.tickets;
    },
    /** Sends the open list's outbox now, without pulling. */
    async flush(): Promise<void> {
      const active = state.active();
      if (active && state.board.status().online) await push(active.list, true);
      await state.refresh();
      publish({ phase: 'idle' });
    },
    setOnline(online: boolean) {
      publish({ online });
      if (online) void sync(true);
    },
    /**
     * The interval changed: the next regular sync is timed again from now. Without this, a
     * shorter interval (a door learning it is on a mirroring relay, 3 s) waited out the longer
     * one set when the loop started, and another door's admission reached it seconds late.
     */
    retime() {
      if (timer !== null) schedule();
    },
    /** After a list is joined: its first download now. */
    syncJoined: () => void sync(true),
    /** Runs `work` while no push of the list runs (nor starts): a list forgotten under it is whole. */
    exclusive: withPushLock,
  };
}
