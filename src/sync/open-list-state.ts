// The open list's state and the status the screens see. Guarantees: one list is open at a time,
// held whole in memory (its index) so a verdict never reads IndexedDB once it is loaded; while
// it loads in the background (a restart: `open(slug, { background: true })`), the list is
// `opening` and a verdict reads its ticket by key (keyed-lookup.ts); every change of status
// goes out whole through `report`, in order; what it says from storage (unsent, refused,
// conflicts, the copy's age) is never read before a write it leaves out: `refresh` reads again
// when one committed among its reads, and an admission's rows are counted by its write before
// it answers (stored-status.ts); a storage failure becomes a status value (never a
// throw into the screens), any other error is a fault and is thrown.
import { type Failure, fail, ok, type Result } from '../domain/result';
import { addCorrection } from '../db/copy-notes';
import type { CheckinDatabase } from '../db/database';
import { allLists, readList, readSyncState } from '../db/local-copy';
import type { ListRow } from '../db/rows';
import { storageFailure } from '../db/storage';
import type { Clock } from './clock';
import type { CopyCorrection } from './confirm-online';
import type { ListIndex } from './list-index';
import { type CodeIndex, readCodeIndex } from '../db/keyed-read';
import { createListIndex } from './list-index';
import { fillListIndex } from './open-list';
import { type WarmCodes, warmCodesFor } from './warm-start';
import { yieldTurn } from './take-turns';
import { type AnswerLookup, loadAnswers } from './ticket-answers';
import { readStoredStatus, STATUS_TABLES, type WaitingRow, type WaitingRows } from './stored-status';
import { initialSyncStatus, type ListSummary, type SyncStatus } from './sync-status';

/** The open list: its row, its index, and whether its first download has finished. */
export interface ActiveList {
  list: ListRow;
  index: ListIndex;
  complete: boolean;
}

/** A list whose index is still loading: a scan reads by key, or waits for `ready`. */
export interface OpeningList extends ActiveList {
  /** The page codes, when every stored page has them (else keyed reads cannot answer). */
  codes: Promise<CodeIndex | null>;
  /** Settles once the list is loaded (or its loading was given up). */
  ready: Promise<void>;
}

/** One slice of building the search index between scans: the longest a scan waits for it. */
const SEARCH_SLICE_MS = 8;
/** The search index builds ahead only after this long without a scan: a door at rest. Building
 * it allocates a great deal, and the garbage it leaves must not land on a queue of scans. */
const SEARCH_AHEAD_QUIET_MS = 10_000;
/**
 * Bulk reads that no verdict needs (the answers, read once for every ticket; a restart's load,
 * while keyed reads judge) take their turns only this long after the last decision: codes of
 * a queue come closer together than that, and each read, once asked for, cannot be interrupted
 * (on a phone's worker two pages of answers hold the next verdict up to a hundred
 * milliseconds; test/bench/phone.bench.ts, BENCH_SERIES).
 */
const BULK_GAP_MS = 250;
/**
 * After a restart the list's load waits this long before its first read: the page is still
 * drawing the scan screen (at a phone's speed, most of a second after the worker opened the
 * list), and the first scan, which comes as soon as it listens, must not find the worker and the
 * database busy with a page read (a wait of 40-70 ms at x4). Scans meanwhile are judged by key.
 */
const RESTART_GAP_MS = 1000;

export const summary = (l: ListRow): ListSummary => ({
  slug: l.slug,
  title: l.title,
  eventTitle: l.eventTitle,
  expiresAt: l.expiresAt,
  baseUrl: l.baseUrl,
});

export interface OpenListStateOptions {
  db: CheckinDatabase;
  clock: Clock;
  report?: (status: SyncStatus) => void;
  online: boolean;
  /** What the door talks to for a list joined through a relay (null for other lists). */
  routeOf?: (list: ListRow) => SyncStatus['route'];
  /** How a list's index is filled from storage (passed in so tests can hold a load midway). */
  fill?: typeof fillListIndex;
  /** The codes read as the worker started (warm-start.ts), for the first open if it is their list. */
  warm?: Promise<WarmCodes | null>;
}

export type OpenListState = ReturnType<typeof createOpenListState>;

export function createOpenListState({
  db,
  clock,
  report,
  online,
  routeOf,
  fill = fillListIndex,
  warm,
}: OpenListStateOptions) {
  let warmCodes = warm?.catch(() => null) ?? null;
  let status: SyncStatus = { ...initialSyncStatus, online };
  let active: ActiveList | null = null;
  let opening: OpeningList | null = null;
  let stopped = false;
  let answers: Promise<AnswerLookup> | null = null;
  let lastScanAt = clock.now();
  // Scans being judged by key while a list loads: the load waits between pages until none is.
  let pauses = 0;
  let resumed: (() => void)[] = [];
  // When a decision last began or ended.
  let lastDecisionAt = Number.NEGATIVE_INFINITY;
  // Bulk reads wait at least until then (a restart's first moments: RESTART_GAP_MS).
  let quietUntil = Number.NEGATIVE_INFINITY;
  const unpaused = async () => {
    while (pauses > 0) await new Promise<void>((resolve) => resumed.push(resolve));
  };
  const betweenPages = async () => {
    await yieldTurn();
    await unpaused();
  };
  /** A turn for bulk work no verdict waits for: no decision in flight, none within BULK_GAP_MS. */
  const quietTurn = async () => {
    await yieldTurn();
    for (;;) {
      await unpaused();
      const wait = Math.max(lastDecisionAt + BULK_GAP_MS, quietUntil) - clock.now();
      if (wait <= 0) return;
      await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
    }
  };

  const publish = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    report?.(status);
  };
  const storageTrouble = (failure: Failure) => {
    if (failure.reason === 'storage-full' || failure.reason === 'storage-unavailable')
      publish({ storage: failure });
  };
  /** A failure to read or load is a storage failure, published as one; a fault stays a fault. */
  const storageTroubleOrThrow = (error: unknown) => {
    const failure = storageFailure(error);
    if (!failure) throw error;
    storageTrouble(failure);
  };
  /** Runs storage work: a storage failure is published and answered as a value. */
  const guarded = async <T>(work: () => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await work();
    } catch (error) {
      const failure = storageFailure(error);
      if (!failure) throw error;
      storageTrouble(failure);
      return failure;
    }
  };

  // Once the whole list is in, its search index builds in idle time, in slices, before the
  // first search needs it (which would otherwise build it all at once).
  const indexingSearch = new WeakSet<ListIndex>();
  const indexSearchAhead = (index: ListIndex) => {
    if (indexingSearch.has(index)) return;
    indexingSearch.add(index);
    const slice = () => {
      if (stopped || active?.index !== index) return void indexingSearch.delete(index);
      const quiet = clock.now() - lastScanAt;
      if (quiet < SEARCH_AHEAD_QUIET_MS) return void clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS - quiet);
      if (!index.indexSearchFor(SEARCH_SLICE_MS)) clock.setTimeout(slice, 0);
    };
    clock.setTimeout(slice, SEARCH_AHEAD_QUIET_MS);
  };

  /** What the open list's outbox holds unsent, as last read and written since. */
  let waiting: WaitingRows | null = null;

  /**
   * Reads what the status says of the open list (and the lists joined) from storage. A list still
   * loading says the same (unsent, conflicts, its age) but its counts, which need the whole list.
   * The reads take several turns, and a write may land among them (an admission, a send, a
   * pull's conflicts): what they found is published only if no write to those tables committed
   * from before the first read to after the last, else they are read again. So the status is
   * never older than a write it leaves out, whichever part of it that write changed.
   */
  async function refresh(): Promise<void> {
    for (;;) {
      const writes = db.commits.of(STATUS_TABLES);
      const lists = (await allLists(db)).map(summary);
      const current = active ?? opening;
      if (!current) {
        if (db.commits.of(STATUS_TABLES) !== writes) continue;
        waiting = null;
        return publish({ lists, list: null, route: null, storedRead: false });
      }
      const read = await readStoredStatus(db, current.list.slug, current.index);
      const now = active ?? opening;
      // Read meanwhile: the list was closed or another opened; the one open now says its own.
      if (now?.list.slug !== current.list.slug) return;
      // The same list, loaded or its row updated meanwhile (a pull, the relay's address): read
      // again, so what is published, and what a caller awaiting this sees, is the list as it is.
      if (now !== current) continue;
      if (db.commits.of(STATUS_TABLES) !== writes) continue;
      waiting = read.waiting;
      const stored: Partial<SyncStatus> = {
        lists,
        list: summary(current.list),
        route: routeOf?.(current.list) ?? null,
        ...waiting.words(),
        ...read.status,
        storedRead: true,
      };
      return publish(active ? { ...stored, counts: active.index.counts(), counted: true } : stored);
    }
  }

  /**
   * Rows a write has just put in the open list's outbox: the status counts them at once, without
   * reading the outbox again (each once: a refresh may have read them already). Another list's
   * rows (one opened a moment ago, before its first refresh) are counted by a refresh instead.
   */
  function noteQueued(slug: string, rows: readonly WaitingRow[], patch: Partial<SyncStatus>) {
    if (waiting?.slug !== slug) {
      publish(patch);
      void refresh().catch(storageTroubleOrThrow);
      return;
    }
    waiting.add(rows);
    publish({ ...patch, ...waiting.words() });
  }

  /** Opens asked for so far: the latest one wins (a join's open is not undone by the start's, slower one). */
  let opens = 0;

  /**
   * Opens a list. In the background, it answers once the list's summary is out: the index loads
   * after, and meanwhile the list is `opening` (a restart's first scans read by key).
   */
  async function open(slug: string, options: { background?: boolean } = {}): Promise<Result<ListSummary>> {
    const mine = ++opens;
    const list = await readList(db, slug);
    if (!list) return fail('no-list');
    const complete = (await readSyncState(db, slug, 'tickets')).cursor !== null;
    // A later open was asked for while this one read: it decides what is open.
    if (mine !== opens) return ok(summary(list));
    const index = createListIndex();
    active = null;
    answers = null;
    const loading = {} as OpeningList;
    const early = warmCodes;
    warmCodes = null;
    const codes = (async () => (early && warmCodesFor(await early, list)) ?? readCodeIndex(db, slug))();
    Object.assign(loading, { list, index, complete, codes: codes.catch(() => null) });
    loading.ready = (async () => {
      let mine = false;
      try {
        // The load starts once the codes are in: its page reads would queue ahead of them, and
        // a restart's first scans wait for the codes, not for the load.
        await loading.codes;
        performance.mark('door:list-codes');
        // In the background (a restart, the scan screen up), the load takes the turns bulk
        // work takes, so a queue's keyed scans do not wait behind its page reads. A list opened
        // in front is what the door waits for: its pages are read one after another.
        await fill(db, slug, index, options.background ? quietTurn : betweenPages);
      } finally {
        // Another list opened, or this one closed, meanwhile: this one is dropped.
        mine = opening === loading;
        if (mine) opening = null;
      }
      if (!mine) return;
      active = { list, index, complete };
      if (complete) indexSearchAhead(index);
      await refresh();
    })();
    opening = loading;
    if (options.background) quietUntil = clock.now() + RESTART_GAP_MS;
    const fresh = {
      errors: {},
      download: null,
      conflicts: [],
      corrections: [],
      complete,
      counted: false,
      storedRead: false,
    };
    if (!options.background) {
      publish({ phase: 'loading', list: summary(list), ...fresh });
      await loading.ready;
      publish({ phase: 'idle' });
      return ok(summary(list));
    }
    // The list shows with what is stored of it, read first: what waits to be sent, its age, the
    // lists on this device. Its load takes seconds on a phone, longer during a rush, and "All
    // sent" or "never synced" would not be true meanwhile.
    publish({ phase: 'idle', ...fresh });
    await refresh().catch(storageTroubleOrThrow);
    void loading.ready.catch(storageTroubleOrThrow);
    return ok(summary(list));
  }

  return {
    status: () => status,
    publish,
    storageTrouble,
    guarded,
    refresh,
    noteQueued,
    open,
    active: () => active,
    /** The list being loaded in the background, if any. */
    opening: () => opening,
    /** The open list, loaded or loading: where a scan's admission is recorded. */
    current: (): ActiveList | null => active ?? opening,
    /** Settles once no list is loading (at once when none is). */
    async loaded(): Promise<void> {
      while (opening) await opening.ready.catch(() => undefined);
    },
    /** The open list after a pull: its row read afresh, its index unchanged. */
    update(next: ActiveList) {
      active = next;
      if (next.complete) indexSearchAhead(next.index);
    },
    close() {
      active = null;
      opening = null;
      answers = null;
    },
    stopped: () => stopped,
    setStopped(value: boolean) {
      stopped = value;
    },
    /**
     * Holds bulk reads (a loading list's pages, the answers) between reads until the returned
     * release is called (at most once counts): a decision then does not queue behind them.
     */
    pauseLoad(): () => void {
      pauses++;
      lastDecisionAt = clock.now();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        lastDecisionAt = clock.now();
        if (--pauses > 0) return;
        const waiting = resumed;
        resumed = [];
        for (const resume of waiting) resume();
      };
    },
    /** A scan came in: the search index waits for a quiet door before building ahead. */
    noteScan() {
      lastScanAt = clock.now();
    },
    referenceOf: (ticketId: number) => (active ?? opening)?.index.ticketById(ticketId)?.reference ?? null,
    /** The open list's answers, read from the local copy once; a pull that changed them drops them. */
    answers(): Promise<AnswerLookup> | null {
      if (!active) return null;
      answers ??= loadAnswers(db, active.list.slug, quietTurn);
      return answers;
    },
    dropAnswers() {
      answers = null;
    },
    async noteCorrection(correction: CopyCorrection) {
      if (!active) return;
      const listSlug = active.list.slug;
      const added = await guarded(async () => ok(await addCorrection(db, listSlug, correction)));
      if (added.ok) await refresh().catch(storageTroubleOrThrow);
    },
    /** Back to a blank status (the device's data is gone); online stays as the platform says. */
    reset() {
      waiting = null;
      status = { ...initialSyncStatus, online: status.online };
      report?.(status);
    },
  };
}
