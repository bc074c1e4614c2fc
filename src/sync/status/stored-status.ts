// What the door's status says from storage: the open list's unsent and refused rows, the copy's
// age, its double admissions and the service's corrections, each ticket named for the screens;
// and what the device's other lists hold unsent or refused, counted.
// Guarantees: `STATUS_TABLES` names every table these reads touch (with the lists), so a reader
// that compares the database's commit count over them before and after its reads knows whether
// a write overtook them (open-list-state.ts reads again then); the unsent rows are kept by id,
// so an admission counted by its write and then read from the outbox is counted once.
import { readConflicts, readCorrections } from '../../db/copy-notes';
import type { CheckinDatabase } from '../../db/database';
import { allSyncStates } from '../../db/local-copy';
import { readOutbox } from '../../db/outbox';
import { attendeeName } from '../../domain/verdict';
import type { ListIndex } from '../index/list-index';
import { type Elsewhere, type NameOf, nothingElsewhere, parkedRows, type SyncStatus } from './sync-status';

/** The tables the status is read from: a write to any of them may change what it says. */
export const STATUS_TABLES = ['lists', 'outbox', 'syncState', 'conflicts', 'corrections'] as const;

/** Who a ticket of the open list is, for a screen: from its index (partial while it loads). */
const namesIn =
  (index: ListIndex): NameOf =>
  (ticketId) => {
    const ticket = index.ticketById(ticketId);
    return ticket ? { name: attendeeName(ticket), reference: ticket.reference } : null;
  };

/** An outbox row the status counts as waiting to be sent. */
export interface WaitingRow {
  id: string;
  scannedAt: number;
}

/**
 * A list's rows waiting to be sent, by id: as read, plus those written since. Rows are only
 * added (a send's end reads the outbox afresh), so the oldest is kept as they come: what the
 * status says costs the same with three rows waiting or three thousand (a door offline for an
 * evening), and a scan's status does not walk them all.
 */
export class WaitingRows {
  private readonly rows = new Map<string, number>();
  private oldest: number | null = null;

  constructor(
    readonly slug: string,
    rows: readonly WaitingRow[],
  ) {
    this.add(rows);
  }

  /** Rows a write has just queued (any already counted stay counted once). */
  add(rows: readonly WaitingRow[]): void {
    for (const row of rows) {
      this.rows.set(row.id, row.scannedAt);
      if (this.oldest === null || row.scannedAt < this.oldest) this.oldest = row.scannedAt;
    }
  }

  /** What the status says of them. */
  words(): Pick<SyncStatus, 'pending' | 'oldestPendingAt'> {
    return { pending: this.rows.size, oldestPendingAt: this.oldest };
  }
}

/** When the list was last pulled whole (its oldest resource's last success); null if never. */
async function lastPullOf(db: CheckinDatabase, slug: string): Promise<number | null> {
  const states = await allSyncStates(db, slug);
  const pulls = states.filter((s) => s.resource !== 'outbox').map((s) => s.lastSuccessAt ?? 0);
  return pulls.length ? Math.min(...pulls) || null : null;
}

/**
 * What the lists other than `open` hold unsent or refused. One keyed read of each other list's
 * outbox, made with the rest of the stored status, so "All sent" and readiness cover the whole
 * device; a scan never calls it (only the open list's outbox changes with one).
 */
export async function readElsewhere(
  db: CheckinDatabase,
  slugs: readonly string[],
  open: string | null,
): Promise<Elsewhere> {
  const out = { ...nothingElsewhere };
  for (const slug of slugs) {
    if (slug === open) continue;
    const rows = await readOutbox(db, slug);
    const parked = rows.filter((row) => row.state === 'parked').length;
    out.unsent += rows.length - parked;
    out.parked += parked;
    if (rows.length > 0) out.lists++;
  }
  return out;
}

/** Reads what the status says of a list from storage (several reads, one after another). */
export async function readStoredStatus(db: CheckinDatabase, slug: string, index: ListIndex) {
  const outbox = await readOutbox(db, slug);
  const lastPullAt = await lastPullOf(db, slug);
  const conflicts = await readConflicts(db, slug);
  const corrections = await readCorrections(db, slug);
  const named = namesIn(index);
  const waiting = new WaitingRows(
    slug,
    outbox.filter((row) => row.state !== 'parked').map((row) => ({ id: row.id, scannedAt: row.scannedAt })),
  );
  return {
    waiting,
    status: {
      parked: parkedRows(outbox, named),
      lastPullAt,
      conflicts: conflicts.map((row) => ({ ...row, ticket: named(row.ticketId) })),
      corrections,
    } satisfies Partial<SyncStatus>,
  };
}
