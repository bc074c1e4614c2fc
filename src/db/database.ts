// The schema of the door's local copy, one Dexie database per device. Indexes are deliberately
// few: every index entry costs a write during the 100,000-ticket first download, so lookups and
// search run on an in-memory index (src/sync/index/list-index.ts) built from these rows. Until that
// index is built (the first second after a restart), a verdict comes from a keyed read
// (src/db/keyed-read.ts) through the page codes (src/db/page-codes.ts) and two indexes.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import { type CommitCount, countCommits } from './commit-count';
import type { StoredPageCodesRow } from './page-codes';
import type { KeyringRow } from './seal/keyring';
import { createSealGate, type SealGate } from './seal/seal-gate';
import type {
  CheckinRow,
  ConflictRow,
  FarewellRow,
  ListRow,
  OutboxRow,
  QuestionRow,
  StoredAnswerRow,
  StoredAuditRow,
  StoredCorrectionRow,
  SealedSliceRow,
  StoredPageRow,
  StoredTicketRow,
  SyncStateRow,
  TallyRow,
} from './rows';

/** The tables that hold personal data, sealed (src/db/seal/sealed-rows.ts). */
export const SEALED_TABLES = [
  'pages',
  'pageSlices',
  'pageCodes',
  'tickets',
  'answers',
  'audit',
  'corrections',
] as const;
export type SealedTable = (typeof SEALED_TABLES)[number];

/** A table that may still hold plain rows (src/db/seal/seal-copy.ts seals them, then drops this row). */
export interface PlainTableRow {
  table: SealedTable;
}

export class CheckinDatabase extends Dexie {
  lists!: Table<ListRow, string>;
  pages!: Table<StoredPageRow, [string, string, number]>;
  pageSlices!: Table<SealedSliceRow, [string, string, number, number]>;
  tickets!: Table<StoredTicketRow, [string, number]>;
  checkins!: Table<CheckinRow, [string, string]>;
  answers!: Table<StoredAnswerRow, [string, number]>;
  questions!: Table<QuestionRow, [string, number]>;
  outbox!: Table<OutboxRow, number>;
  syncState!: Table<SyncStateRow, [string, string]>;
  conflicts!: Table<ConflictRow, [string, number]>;
  corrections!: Table<StoredCorrectionRow, [string, number, string]>;
  audit!: Table<StoredAuditRow, [string, number, string]>;
  pageCodes!: Table<StoredPageCodesRow, [string, string, number]>;
  tallies!: Table<TallyRow, string>;
  farewells!: Table<FarewellRow, string>;
  keyring!: Table<KeyringRow, string>;
  plainTables!: Table<PlainTableRow, SealedTable>;
  /** The open box of this door's sealed copy, once the passcode is typed (src/db/seal/). */
  readonly seal: SealGate = createSealGate();
  /** The writes committed so far, by table (commit-count.ts): set up before the database opens. */
  readonly commits: CommitCount;

  /** Deleted by another tab: never opened again by this connection (see the constructor). */
  private deletedElsewhere = false;

  /** Dexie's open, refused once another tab has deleted the database (nor does it auto-open). */
  override open() {
    if (this.deletedElsewhere)
      return Dexie.Promise.reject(new Dexie.DatabaseClosedError('Deleted by another tab of the app'));
    return super.open();
  }

  constructor(name: string, options?: DexieOptions) {
    // Nothing here is observed (no liveQuery: the worker owns the database and reports what
    // changed itself), so Dexie's change tracking is off: it noted every key each write put and,
    // after each commit, posted them to every other context of the origin (the page among them)
    // on a BroadcastChannel, several hundred messages during a first download.
    super(name, { cache: 'disabled', ...options });
    this.unuse({ stack: 'dbcore', name: 'Observability' });
    this.commits = countCommits(this);
    // Another tab deleting this database ("Forget this device's data"): let go for good. Dexie's
    // own answer closes it to be opened again on next use, and the next sync step or scan here
    // would then make an empty database in the deleted one's place. An upgrade (a new version
    // in another tab) keeps Dexie's answer.
    this.on('versionchange', (event: IDBVersionChangeEvent) => {
      if (event.newVersion !== null) return;
      this.deletedElsewhere = true;
      this.close({ disableAutoOpen: true });
      return false;
    });
    this.version(1).stores({
      lists: 'slug',
      // First-download pages, whole; later changes land in the per-record tables below.
      pages: '[listSlug+resource+page]',
      tickets: '[listSlug+id]',
      // Own check-ins keep their local key once sent; the uuid index finds them from pulls.
      checkins: '[listSlug+key], [listSlug+uuid]',
      answers: '[listSlug+id]',
      questions: '[listSlug+id]',
      // Auto-incremented seq keeps the outbox oldest first within each list; checkinKey finds
      // the undo waiting for a check-in's answer.
      outbox: '++seq, listSlug, &id, checkinKey',
      syncState: '[listSlug+resource]',
      conflicts: '[listSlug+ticketId]',
    });
    // Version 2 keeps what the service corrected at a scan, for the status screen.
    this.version(2).stores({ corrections: '[listSlug+at+code]' });
    // Version 3: the audit log (src/db/audit-log.ts), keyed by list first so it goes with the list.
    this.version(3).stores({ audit: '[listSlug+at+id]' });
    // Version 4: keyed reads for a verdict before the list is in memory. Each first-download
    // page's codes (one row a page, written with it; pages stored before this version get theirs
    // as the list next loads, see src/sync/open-list/open-list.ts), tickets changed since by slug, and
    // check-ins by ticket. Adding indexes and a table keeps every row: nothing is downloaded
    // again, and the outbox is untouched.
    this.version(4).stores({
      pageCodes: '[listSlug+resource+page]',
      tickets: '[listSlug+id], [listSlug+slug]',
      checkins: '[listSlug+key], [listSlug+uuid], [listSlug+ticketId]',
    });
    // Version 5: the door as one of the fleet (src/sync/fleet/). A code-joined list's verdicts
    // counted for its reports (a refusal is recorded nowhere else), and what a revoked list
    // left behind when it went: the list, its tallies and its audit log are removed, and the
    // door must still say why. Two new tables; nothing existing changes.
    this.version(5).stores({ tallies: 'listSlug', farewells: 'deviceId' });
    // Version 6: the copy sealed at rest (src/db/seal/, docs/security.md). The keyring holds the
    // door's one secret, wrapped under the staff's passcode. Personal data is kept only sealed
    // (src/db/seal/sealed-rows.ts): pages of tickets and answers and their codes, one sealed value
    // a page; tickets and answers changed since, each sealed, a ticket found through keyed digests
    // of its slug, reference and order (the indexes below); the audit log's references and
    // reasons; the corrections' codes. Check-in pages and their codes, check-ins, the outbox, sync
    // state, conflicts and questions name no attendee (ids, uuids, times, device names) and stay
    // plain: a locked door still sends its outbox. A copy kept before sealing keeps its rows as
    // they were; `plainTables` says which tables still hold plain rows, until the passcode is
    // chosen and seal-copy.ts seals them in place (nothing is downloaded again).
    this.version(6)
      .stores({
        keyring: 'id',
        plainTables: 'table',
        tickets: '[listSlug+id], [listSlug+slug], [listSlug+reference], [listSlug+order]',
      })
      .upgrade((tx) => tx.table('plainTables').bulkPut(SEALED_TABLES.map((table) => ({ table }))));
    // Version 7: a ticket page kept as slices of a hundred tickets, each sealed on its own
    // (src/db/seal/sealed-slices.ts), and its codes saying which item each code is on: a scan's
    // keyed read reads and opens the slice its code is in, not the whole page (handing a whole
    // page over is about a third of the worker's time a scan). Pages stored whole keep their rows
    // and are read as they are (a door upgraded mid-event keeps working offline); nothing is
    // downloaded again.
    this.version(7).stores({ pageSlices: '[listSlug+resource+page+slice]' });
  }
}

export const listRange = (slug: string) =>
  [
    [slug, Dexie.minKey],
    [slug, Dexie.maxKey],
  ] as const;

export const pageRange = (slug: string, resource: string) =>
  [
    [slug, resource, Dexie.minKey],
    [slug, resource, Dexie.maxKey],
  ] as const;

/** Every slice of one page (pageSlices' key is the page's, then the slice's place in it). */
export const sliceRange = (slug: string, resource: string, page: number) =>
  [
    [slug, resource, page, Dexie.minKey],
    [slug, resource, page, Dexie.maxKey],
  ] as const;
