// The open list and what the status says of it. Guarantees: one list is open at a time (its
// states and their transitions: open-list-phase.ts), held whole in memory (its index) so a
// verdict never reads IndexedDB once it is loaded; while it loads in the background (a
// restart: `open(slug, { background: true })`), the list is `opening` and a verdict reads its
// ticket by key (keyed-lookup.ts), its load taking the turns of bulk reads (bulk-reads.ts);
// what the status says from storage (unsent, refused, conflicts, the copy's age) is never read
// before a write it leaves out: `refresh` reads again when one committed among its reads, and
// an admission's rows are counted by its write before it answers (stored-status.ts); a storage
// failure becomes a status value (status-board.ts), any other error is a fault and is thrown.
import { fail, ok, type Result } from '../../domain/result';
import { addCorrection } from '../../db/copy-notes';
import type { CheckinDatabase } from '../../db/database';
import { openCodeIndex, readStoredCodes } from '../../db/keyed-read';
import { allLists, readList, readSyncState } from '../../db/local-copy';
import type { ListRow } from '../../db/rows';
import { type BulkReads, createBulkReads } from './bulk-reads';
import type { Clock } from '../clock';
import type { CopyCorrection } from '../scan/confirm-online';
import { createListIndex } from '../index/list-index';
import { fillListIndex } from './open-list';
import { type ActiveList, createOpenListMachine, type OpeningList } from './open-list-phase';
import { createSearchAhead } from './search-ahead';
import { createStatusBoard, type StatusBoard } from '../status/status-board';
import {
  readElsewhere,
  readStoredStatus,
  STATUS_TABLES,
  type WaitingRow,
  type WaitingRows,
} from '../status/stored-status';
import type { ListSummary, SyncStatus } from '../status/sync-status';
import { type AnswerLookup, loadAnswers } from './ticket-answers';
import { type WarmCodes, warmCodesFor } from './warm-start';

export type { ActiveList, OpeningList } from './open-list-phase';

export const summary = (l: ListRow): ListSummary => ({
  slug: l.slug,
  title: l.title,
  eventTitle: l.eventTitle,
  expiresAt: l.expiresAt,
  baseUrl: l.baseUrl,
  door: l.door ? { name: l.door.name, revokedAt: l.door.revokedAt ?? null } : null,
  ticketsCount: l.ticketsCount,
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

/** The answers' read of a list, and the lookup it came to once it has. */
interface AnswersRead {
  read: Promise<AnswerLookup>;
  lookup?: AnswerLookup;
}

export function createOpenListState({
  db,
  clock,
  report,
  online,
  routeOf,
  fill = fillListIndex,
  warm,
}: OpenListStateOptions) {
  const board: StatusBoard = createStatusBoard(report, online);
  const bulk: BulkReads = createBulkReads(clock);
  const machine = createOpenListMachine();
  const { publish, storageTroubleOrThrow, guarded } = board;
  /** The last list's codes read as the worker started, for the first open only. */
  let warmCodes = warm?.catch(() => null) ?? null;
  let stopped = false;
  /**
   * The open list's answers, read once, with the lookup the read came to once it has; dropped
   * (the read and its lookup at once) on a change of list or a pull that changed them.
   */
  let answers: AnswersRead | null = null;
  /** What the open list's outbox holds unsent, as last read and written since. */
  let waiting: WaitingRows | null = null;
  /** Opens asked for so far: the latest one wins (a join's open is not undone by the start's, slower one). */
  let opens = 0;
  /** Lists this door is forgetting or forgot itself: found gone, they are not news from another tab. */
  const forgottenHere = new Set<string>();
  const search = createSearchAhead(clock, (index) => !stopped && machine.active()?.index === index);

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
      const current = machine.current();
      const slugs = lists.map((l) => l.slug);
      if (!current) {
        const elsewhere = await readElsewhere(db, slugs, null);
        if (db.commits.of(STATUS_TABLES) !== writes) continue;
        waiting = null;
        return publish({ lists, list: null, route: null, storedRead: false, elsewhere });
      }
      const read = await readStoredStatus(db, current.list.slug, current.index);
      const elsewhere = await readElsewhere(db, slugs, current.list.slug);
      const now = machine.current();
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
        elsewhere,
        storedRead: true,
      };
      const active = machine.active();
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

  /** The list's index, filled from storage; the machine then has it open, unless it moved on. */
  async function load(loading: OpeningList, background: boolean): Promise<void> {
    const { list, index, complete } = loading;
    try {
      // The load starts once the codes are in: its page reads would queue ahead of them, and
      // a restart's first scans wait for the codes, not for the load.
      await loading.codes;
      performance.mark('door:list-codes');
      // A restart's load fills the search index as it goes: about a tenth of what each page's
      // opening costs, so a search made as soon as the list is in finds it whole.
      if (background && complete) index.indexSearchFor(0);
      // In the background (a restart, the scan screen up), the load takes the turns bulk
      // work takes, so a queue's keyed scans do not wait behind its page reads. A list opened
      // in front is what the door waits for: its pages are read one after another.
      await fill(db, list.slug, index, background ? bulk.quietTurn : bulk.betweenPages);
    } catch (error) {
      // Another list opened, or this one closed, meanwhile: this one is dropped either way.
      machine.loadFailed(loading, error);
      throw error;
    }
    // Its row as it is now: the door may have learnt meanwhile that it was revoked (replaceRow).
    if (!machine.loaded(loading, { list: loading.list, index, complete })) return;
    if (complete) search.indexAhead(index);
    await refresh();
  }

  /**
   * Opens a list. In the background, it answers once the list's summary is out: the index loads
   * after, and meanwhile the list is `opening` (a restart's first scans read by key).
   */
  async function open(slug: string, options: { background?: boolean } = {}): Promise<Result<ListSummary>> {
    const mine = ++opens;
    const list = await readList(db, slug);
    if (!list) return fail('no-list');
    forgottenHere.delete(slug);
    const complete = (await readSyncState(db, slug, 'tickets')).cursor !== null;
    // A later open was asked for while this one read: it decides what is open.
    if (mine !== opens) return ok(summary(list));
    const early = warmCodes;
    warmCodes = null;
    const codes = (async () => {
      const stored = (early && warmCodesFor(await early, list)) ?? (await readStoredCodes(db, slug));
      return stored && openCodeIndex(db, stored);
    })();
    const loading: OpeningList = {
      list,
      index: createListIndex(),
      complete,
      codes: codes.catch(() => null),
      ready: Promise.resolve(),
    };
    answers = null;
    machine.open(loading);
    loading.ready = load(loading, options.background === true);
    if (options.background) bulk.holdForRestart();
    const fresh = {
      forgottenElsewhere: null,
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

  function close() {
    machine.close();
    answers = null;
  }

  /**
   * A list gone from the device (forgotten here or in another tab, revoked, found gone by a
   * write or a pull): closed if it is the one open, and the lists read again for the screens.
   */
  async function letGo(slug: string) {
    if (machine.current()?.list.slug === slug) close();
    await refresh();
  }

  return {
    /** The status the screens see, and how storage failures reach it. */
    board,
    /** When bulk reads (a loading list's pages, the answers) take their turns. */
    bulk,
    refresh,
    noteQueued,
    open,
    /** Where the open list stands: closed, opening, open, or failed to load. */
    phase: machine.phase,
    /** The loaded list, if any. */
    active: machine.active,
    /** The list being loaded in the background, if any. */
    opening: machine.opening,
    /** The open list, loaded or loading: where a scan's admission is recorded. */
    current: machine.current,
    /** Settles once no list is loading (at once when none is). */
    async loaded(): Promise<void> {
      for (let opening = machine.opening(); opening; opening = machine.opening())
        await opening.ready.catch(() => undefined);
    },
    /** The open list after a pull: its row read afresh, its index unchanged. */
    update(next: ActiveList) {
      machine.updated(next);
      if (next.complete) search.indexAhead(next.index);
    },
    /**
     * The open list's row as changed on this device (its door revoked), at once, loaded or still
     * loading: what a scan or a write reads next is the new row. Another list's changes nothing.
     */
    replaceRow(row: ListRow) {
      const active = machine.active();
      if (active?.list.slug === row.slug) return machine.updated({ ...active, list: row });
      const opening = machine.opening();
      // Its load ends with this same object: the row it carries must be the new one then too.
      if (opening?.list.slug === row.slug) opening.list = row;
    },
    close,
    letGo,
    /** This door forgets `slug` itself (staff, or a revocation), or stopped trying to (`false`). */
    forgetting(slug: string, underWay = true) {
      if (underWay) forgottenHere.add(slug);
      else forgottenHere.delete(slug);
    },
    /**
     * A list found gone from storage (by a write, a pull, or word from another tab) that this
     * door was not forgetting itself: another tab forgot it. When it was the list open here, the
     * status says so before the list goes, as the screens would otherwise just lose it.
     */
    async goneElsewhere(slug: string) {
      const open = machine.current()?.list;
      if (open?.slug === slug && !forgottenHere.has(slug))
        publish({ forgottenElsewhere: { listTitle: open.title } });
      await letGo(slug);
    },
    stopped: () => stopped,
    setStopped(value: boolean) {
      stopped = value;
    },
    /** A scan came in: the search index waits for a quiet door before building ahead. */
    noteScan: search.noteScan,
    referenceOf: (ticketId: number) => machine.current()?.index.ticketById(ticketId)?.reference ?? null,
    /** The open list's answers, read from the local copy once; a pull that changed them drops them. */
    answers(): Promise<AnswerLookup> | null {
      const active = machine.active();
      if (!active) return null;
      if (!answers) {
        const entry: AnswersRead = {
          read: loadAnswers(db, active.list.slug, bulk.quietTurn),
        };
        entry.read.then(
          (lookup) => {
            entry.lookup = lookup;
          },
          () => {},
        );
        answers = entry;
      }
      return answers.read;
    },
    /** The open list's answers if they have been read and nothing dropped them since, else null. */
    answersAtHand(): AnswerLookup | null {
      return machine.active() ? (answers?.lookup ?? null) : null;
    },
    dropAnswers() {
      answers = null;
    },
    async noteCorrection(correction: CopyCorrection) {
      const active = machine.active();
      if (!active) return;
      const listSlug = active.list.slug;
      const added = await guarded(async () => ok(await addCorrection(db, listSlug, correction)));
      if (added.ok) await refresh().catch(storageTroubleOrThrow);
    },
    /** Back to a blank status (the device's data is gone); online stays as the platform says. */
    reset() {
      waiting = null;
      board.reset();
    },
  };
}
