// What the door screens are told about syncing: one plain object, published whole through the
// engine's `report` port (the zustand sync slice in the app), never thrown into React.
import type { Failure } from '../../domain/result';
import type { ConflictRow, OutboxRow } from '../../db/rows';
import type { CopyCorrection } from '../scan/confirm-online';
import type { ListCounts } from '../index/list-index';
import type { Route } from '../relay/relay-fallback';

export type SyncPhase = 'idle' | 'joining' | 'loading' | 'downloading' | 'pulling' | 'pushing';
export type SyncErrorSource = 'list' | 'tickets' | 'checkins' | 'answers' | 'questions' | 'outbox';

export interface ListSummary {
  slug: string;
  title: string;
  eventTitle: string | null;
  expiresAt: number | null;
  baseUrl: string;
  /**
   * Joined with a join code: a door of the fleet, seen and revocable by the organiser (its name,
   * and when this device learnt it was revoked). Null: joined by its slug or address, a door the
   * organiser can neither see nor revoke.
   */
  door: { name: string; revokedAt: number | null } | null;
  /** Tickets on the list by the service's count, as of its last answer. */
  ticketsCount: number;
}

/** Why a revoked list left this device (src/db/fleet-notes.ts), as the door's home says it. */
export interface Farewell {
  deviceId: string;
  listTitle: string;
  revokedAt: number;
  forgottenAt: number;
  /** Check-ins it still held when it learnt, sent before the list went. */
  sent: number;
}

/**
 * A ticket as screens name it: staff read a name and a reference, never the service's internal
 * id. Null while the open list loads and its part in memory lacks the ticket.
 */
export interface TicketNaming {
  name: string;
  reference: string;
}

export interface ParkedCheckin {
  outboxId: string;
  ticketId: number;
  ticket: TicketNaming | null;
  kind: OutboxRow['kind'];
  scannedAt: number;
  reason: Failure;
}

/** A ticket admitted twice, as the screens show it: its row, and its name. */
export interface ShownConflict extends ConflictRow {
  ticket: TicketNaming | null;
}

import type { SealState } from '../../db/seal/seal-gate';

export type { SealState };

/** The outbox rows of lists other than the open one, as the status counts them. */
export interface Elsewhere {
  unsent: number;
  parked: number;
  lists: number;
}

export const nothingElsewhere: Elsewhere = { unsent: 0, parked: 0, lists: 0 };

export interface SyncStatus {
  /** What the platform says (navigator.onLine), as the engine was told. */
  online: boolean;
  /**
   * Whether the service answered the last request the sync asked of it: false after one that got
   * no answer (no network, or none in time); a step that asked nothing (an empty outbox) leaves it.
   */
  reachable: boolean;
  phase: SyncPhase;
  /** The open list, or null before one is joined or opened. */
  list: ListSummary | null;
  lists: ListSummary[];
  /** Progress of a first download, in pages. */
  download: { done: number; total: number } | null;
  /** The open list's tickets are all on this device (its first download has finished). */
  complete: boolean;
  /** Where the service, asked at a scan, gave a ticket differently from the copy (newest first). */
  corrections: CopyCorrection[];
  /**
   * Check-ins and undos not yet acknowledged by the service (parked ones excluded): never fewer
   * than the outbox holds as of the last write published (open-list-state.ts).
   */
  pending: number;
  oldestPendingAt: number | null;
  parked: ParkedCheckin[];
  /**
   * What the device's other lists (every list, while none is open) hold that the service has
   * not taken: rows waiting to be sent, rows it refused (parked), and how many lists hold any.
   * Read with the rest of the stored status (a list's opening, the end of a send or a pull),
   * never for a scan: a scan writes only the open list's outbox.
   */
  elsewhere: Elsewhere;
  lastPullAt: number | null;
  /** When a send of the open list's outbox (or the passcode screens' outbox) last went through. */
  lastPushAt: number | null;
  errors: Partial<Record<SyncErrorSource, Failure>>;
  /** Storage cannot be used (full, or unavailable in a private window). */
  storage: Failure | null;
  conflicts: ShownConflict[];
  counts: ListCounts;
  /** Whether `counts` hold the whole open list: not while its load runs after a restart. */
  counted: boolean;
  /**
   * Whether what is stored of the open list (unsent, refused, conflicts, its age) has been read
   * since it opened: until then `conflicts` and `parked` say nothing yet, and a screen listing
   * them says the list is opening.
   */
  storedRead: boolean;
  /** Audit rows storage refused since start: the actions stood, their record is missing. */
  auditLost: number;
  /**
   * For a list joined through a relay, what the door is talking to: the relay, the service
   * directly (the relay is down), or neither (src/sync/relay/relay-fallback.ts); null for other lists.
   */
  route: Route | null;
  /** When the organiser last asked this door to show who it is (this device's clock); null if never. */
  identify: number | null;
  /**
   * Whether the door can read its sealed copy (src/db/seal/): `none` before a passcode is
   * chosen (a new door, or a copy kept before sealing), `locked` until the passcode is typed
   * after a start, `open` once it is, `unavailable` where the platform cannot seal (WebCrypto is
   * missing outside a secure context).
   */
  seal: SealState;
  /** A revoked list that went, until staff have read why. */
  farewell: Farewell | null;
  /**
   * The open list, when another tab of the app forgot it (forgotten-elsewhere.ts), until staff
   * have read so or open a list; never stored: a tab started afterwards never had the list open.
   */
  forgottenElsewhere: { listTitle: string } | null;
  /**
   * The service's clock less this device's, from the `Date` of its last answers
   * (service-clock.ts); null before an answer gave one (the built-in demo service gives none).
   */
  clockOffsetMs: number | null;
  /**
   * Which of the engine's statuses this is: each one it publishes counts one more
   * (status-board.ts). A status reaches the page in a report or in a decision's answer, two
   * ways whose order is not kept: the page drops one older than the status it has.
   */
  revision: number;
}

export const initialSyncStatus: SyncStatus = {
  online: true,
  reachable: true,
  phase: 'idle',
  list: null,
  lists: [],
  download: null,
  complete: false,
  corrections: [],
  pending: 0,
  oldestPendingAt: null,
  parked: [],
  elsewhere: nothingElsewhere,
  lastPullAt: null,
  lastPushAt: null,
  errors: {},
  storage: null,
  conflicts: [],
  counts: { tickets: 0, checkedIn: 0, inside: 0 },
  counted: false,
  storedRead: false,
  auditLost: 0,
  route: null,
  identify: null,
  seal: 'locked',
  farewell: null,
  forgottenElsewhere: null,
  clockOffsetMs: null,
  revision: 0,
};

/** Who a ticket is, as the screens say it; null when the open list does not hold it (yet). */
export type NameOf = (ticketId: number) => TicketNaming | null;

/** The outbox's refused rows as the status names them (what waits is counted by `WaitingRows`). */
export function parkedRows(rows: readonly OutboxRow[], nameOf: NameOf): SyncStatus['parked'] {
  return rows
    .filter((r) => r.state === 'parked')
    .map((r) => ({
      outboxId: r.id,
      ticketId: r.ticketId,
      ticket: nameOf(r.ticketId),
      kind: r.kind,
      scannedAt: r.scannedAt,
      reason: r.parkedReason!,
    }));
}
