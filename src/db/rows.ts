// The rows of the local copy. Times are epoch milliseconds (parsed once at the API edge).
import type { Failure } from '../domain/result';
import type { RemoteAnswer, RemoteCheckin, RemoteQuestion, RemoteTicket } from '../api/schemas';

export type Resource = 'tickets' | 'checkins' | 'answers';
export type SyncResource = Resource | 'questions' | 'list' | 'outbox';

export interface ListRow {
  slug: string;
  /** The check-in base address this list is reached through. */
  baseUrl: string;
  /**
   * For a list joined through a relay: the service's own Check-in API behind it, as the relay
   * said (`/__service`). The door talks to it directly while the relay is down
   * (src/sync/relay/relay-fallback.ts). Absent for every other list.
   */
  directBaseUrl?: string;
  id: number;
  title: string;
  eventTitle: string | null;
  accountName: string | null;
  expiresAt: number | null;
  showCompanyName: boolean;
  showEmail: boolean;
  showPhoneNumber: boolean;
  ticketsCount: number;
  checkinsCount: number;
  answersCount: number;
  questionsCount: number;
  pages: Record<Resource, number>;
  joinedAt: number;
  /**
   * For a list joined with a join code: this device as a door of the fleet on the app's server.
   * The list's slug is then the device's own credential (the server maps it to the list, whose
   * slug the device never learns). Absent for a list joined by its slug or address: the
   * organiser cannot revoke that door.
   */
  door?: DoorMembership;
}

/** A door of the fleet (src/fleet/fleet-protocol.ts): how a code-joined list knows its server. */
export interface DoorMembership {
  deviceId: string;
  /** The name it joined under. */
  name: string;
  /** The app's server that joined it (an origin): its `/__service/doors` hears this door. */
  serverUrl: string;
  /** When this device learnt the organiser had revoked it; from then on it records nothing more. */
  revokedAt?: number | null;
  /** The outbox ids of the check-ins it held when it learnt so (the farewell counts those sent). */
  heldWhenRevoked?: string[];
}

/** A code-joined list's verdicts since it was joined here, counted for its reports; no ticket in it. */
export interface TallyRow {
  listSlug: string;
  admissions: number;
  refusals: Record<string, number>;
}

/**
 * Why a revoked list left this device, kept after it went so the door can say so. It names no
 * attendee; the credential stays only until the server has heard that the list is gone.
 */
export interface FarewellRow {
  deviceId: string;
  listTitle: string;
  revokedAt: number;
  forgottenAt: number;
  /** Check-ins the door still held when it learnt, all sent before the list went. */
  sent: number;
  /** Until the server has heard that the list is gone: where, and as whom, to tell it. */
  untold: { serverUrl: string; credential: string } | null;
  /** Staff have read it: the door's home no longer shows it. */
  seen: boolean;
}

export type TicketRow = RemoteTicket & { listSlug: string };
export type AnswerRow = RemoteAnswer & { listSlug: string };
export type QuestionRow = RemoteQuestion & { listSlug: string };

/** One page of the first download, kept whole: 100 rows write far faster than 100,000. */
export interface PageRow<T = RemoteTicket | RemoteCheckin | RemoteAnswer> {
  listSlug: string;
  resource: Resource;
  page: number;
  items: T[];
}

// What is stored of the rows below that hold personal data (src/db/seal/sealed-rows.ts): a
// row is either plain (a copy kept before sealing, until src/db/seal/seal-copy.ts seals it) or
// sealed, told apart by its `sealed` field.

/**
 * A value sealed where it is kept (src/db/seal/seal-box.ts): its 12-byte IV and its ciphertext
 * and tag, kept apart so that sealing never copies the ciphertext to join them. A row written
 * before holds the IV followed by the ciphertext and tag in one array; both open.
 */
export type Sealed = SealedParts | Uint8Array;
export interface SealedParts {
  iv: Uint8Array;
  data: ArrayBuffer;
}

/** A page of tickets or answers as stored: its items sealed as one value. */
export interface SealedPageRow {
  listSlug: string;
  resource: Resource;
  page: number;
  sealed: Sealed;
}
/** Check-in pages (ids, uuids, times) stay plain; ticket and answer pages are sealed. */
export type StoredPageRow = PageRow | SealedPageRow;

/**
 * A hundred tickets of a first-download page, sealed on their own (src/db/seal/sealed-slices.ts):
 * a ticket page is stored as its slices, so a keyed read opens a hundred tickets, not a thousand.
 */
export interface SealedSliceRow {
  listSlug: string;
  resource: Resource;
  page: number;
  /** The slice's place in its page: its first item is the page's item `slice * 100`. */
  slice: number;
  sealed: Sealed;
}

/**
 * A ticket changed since the first download, as stored: what its indexes need, as keyed digests
 * (slug, upper-cased reference, order reference), and the ticket itself sealed.
 */
export interface SealedTicketRow {
  listSlug: string;
  id: number;
  slug: string;
  reference: string;
  /** Absent for a ticket of no order (the index then leaves it out). */
  order?: string;
  sealed: Sealed;
}
export type StoredTicketRow = TicketRow | SealedTicketRow;

/** An answer changed since the first download, as stored: the answer sealed. */
export interface SealedAnswerRow {
  listSlug: string;
  id: number;
  sealed: Sealed;
}
export type StoredAnswerRow = AnswerRow | SealedAnswerRow;

export type CheckinStatus = 'synced' | 'pending' | 'parked';

export interface CheckinRow {
  listSlug: string;
  /** The service's uuid once known, else `local:<clientId>`. */
  key: string;
  uuid: string | null;
  id: number | null;
  ticketId: number;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  /** Set for check-ins made on this device. */
  deviceName: string | null;
  clientId: string | null;
  status: CheckinStatus;
  /**
   * How this device ended the check-in, when it did: the guest left (an exit) or it was taken
   * back (an undo). The service keeps only a deletion, so this is known for this device's own
   * deletions alone; a check-in deleted elsewhere has none.
   */
  endedBy?: EndedBy;
}

export type EndedBy = 'exit' | 'undo';

export type OutboxKind = 'checkin' | 'undo';
export type OutboxState = 'queued' | 'sending' | 'parked';

export interface OutboxRow {
  seq?: number;
  /** Client-made id: a batch sent twice is recognised by it. */
  id: string;
  listSlug: string;
  kind: OutboxKind;
  ticketId: number;
  /** The local check-in this row sends (or, for an undo, removes). */
  checkinKey: string;
  /** For an undo: the service's uuid to DELETE. */
  uuid: string | null;
  scannedAt: number;
  deviceName: string;
  state: OutboxState;
  /**
   * While `sending`: the greatest server `updated_at` known when the attempt began. A check-in
   * the service made for this attempt has `created_at` at or after it (server time, no device clock).
   */
  attemptFloor: number | null;
  attempts: number;
  parkedReason: Failure | null;
  /** An undo row recording a guest leaving (an exit) rather than a check-in taken back. */
  endedBy?: EndedBy;
}

export interface SyncStateRow {
  listSlug: string;
  resource: SyncResource;
  /** Server time (ms) to pull `since`; null before the first download completes. */
  cursor: number | null;
  /**
   * Pages of the first download already stored, and the service's clock when that download
   * began (its cursor once complete); null once it is complete.
   */
  firstDownload: { totalPages: number; done: number[]; serverStart: number | null } | null;
  lastSuccessAt: number | null;
  lastError: Failure | null;
  failures: number;
  nextAttemptAt: number;
  /** The most items the service has put on one page: a shorter page is the last one. */
  pageSize?: number;
  /**
   * Outbox only: the batch sent out and not yet answered, with the greatest server `updated_at`
   * known when it left. One row marks the whole batch: far cheaper than rewriting each row.
   */
  attempt?: { floor: number; seqs: number[] } | null;
  /**
   * Outbox only: whether the service keeps the uuid a device sends with a check-in, learnt from
   * its answers. Kept: a lost answer is settled by that uuid alone. Unknown or ignored: by
   * ticket and time (see src/outbox/recover-unanswered.ts).
   */
  clientUuids?: 'kept' | 'ignored';
}

export interface ConflictCheckin {
  uuid: string | null;
  createdAt: number;
  /** The device's name for this device's own check-ins; null when made elsewhere. */
  deviceName: string | null;
  source: 'this-device' | 'elsewhere';
}

/** A ticket whose standing the service, asked at a scan, gave differently from the copy. */
export interface CorrectionRow {
  listSlug: string;
  at: number;
  ticketId: number | null;
  /** The ticket's reference or the code read: never a name. */
  code: string;
  /** What the copy said: 'missing' or the ticket's state. */
  was: string;
  /** What the service said: 'not on the list' or the ticket's state. */
  now: string;
}

export interface ConflictRow {
  listSlug: string;
  ticketId: number;
  checkins: ConflictCheckin[];
  detectedAt: number;
}

/** What an audit-log row records (src/db/audit-log.ts). */
export type AuditAction =
  | 'admit'
  | 'admit-anyway'
  | 'undo'
  | 'forget-list'
  | 'problem-dismissed'
  // Recorded by other door features: exits and whole-order admissions.
  | 'exit'
  | 'admit-all'
  // A name badge handed out: the ticket's first on this device, or one more.
  | 'badge-printed'
  | 'badge-reprinted';

/** One row of the audit log (src/db/audit-log.ts). */
export interface AuditRow {
  /** '' for rows about the device rather than one list (a list forgotten). */
  listSlug: string;
  at: number;
  /** Ordered within this page's life, then random: rows of one millisecond keep their order and never collide. */
  id: string;
  device: string;
  /** 'open' (no supervisor PIN), 'door' or 'supervisor'. */
  role: string;
  action: AuditAction;
  ticketId: number | null;
  ticketReference: string | null;
  /** Why: staff's reason for "admit anyway", or what a device row is about. */
  reason: string | null;
}

/** A correction as stored: its code as a keyed digest in the key, the code and both states sealed. */
export interface SealedCorrectionRow {
  listSlug: string;
  at: number;
  code: string;
  ticketId: number | null;
  sealed: Sealed;
}
export type StoredCorrectionRow = CorrectionRow | SealedCorrectionRow;

/** An audit row as stored: its ticket's reference and its reason sealed together. */
export type SealedAuditRow = Omit<AuditRow, 'ticketReference' | 'reason'> & { sealed: Sealed };
/** Plain only when written while the door was locked (no reference is known then), until sealed. */
export type StoredAuditRow = AuditRow | SealedAuditRow;
