// What the outbox algorithm (./send-checkins, ./recover-unanswered) needs from the side that
// runs it: the door (its Dexie outbox, its Check-in API client) and the relay's mirror (its
// journal, its upstream calls) each implement these three small interfaces. The algorithm never
// sees a database, a journal or HTTP; a side never re-implements the algorithm.

/** Whether the service keeps the uuids sent with check-ins, as learned from its answers. */
export type ClientUuids = 'kept' | 'ignored';

/**
 * What one request came to. `unknown`: no answer, or the service failed midway, so it may or
 * may not have recorded it; `refused`: the service answered no (a 4xx other than 429).
 */
export type Sent<T, F> =
  | { kind: 'answered'; value: T }
  | { kind: 'unknown'; failure: F }
  | { kind: 'rate-limited'; failure: F }
  | { kind: 'refused'; failure: F };

/** A row and the service's check-in that answers it. */
export interface Paired<Row, Answer> {
  row: Row;
  remote: Answer;
}

/** A value, or the failure that stops the round (`F` is the side's own failure type). */
export type Done<T, F> = { ok: true; value: T } | { ok: false; failure: F };

/** How the algorithm reads a side's rows and the service's check-ins. */
export interface OutboxShapes<Row, Answer> {
  /** The uuid the side sends with the row's check-in. */
  rowUuid(row: Row): string;
  rowTicket(row: Row): number;
  /** The service time before which the row's attempt cannot have been recorded (null: unknown). */
  rowFloor(row: Row): number | null;
  answerUuid(answer: Answer): string;
  answerTicket(answer: Answer): unknown;
  /** Not deleted on the service. */
  answerActive(answer: Answer): boolean;
  /** When the service recorded the check-in (ms; NaN when it does not say). */
  answerMadeAt(answer: Answer): number;
  /**
   * Whether the check-in carries the exact scan time this side sent with the row: the first
   * claim on a service known to ignore uuids, never proof alone (another client's check-in can
   * carry the same millisecond). Absent when the side sends no scan time.
   */
  sameScanTime?(row: Row, answer: Answer): boolean;
}

/** The side's durable outbox. Every method records its change before it resolves. */
export interface OutboxStorage<Row, Answer, F> {
  clientUuids(): Promise<ClientUuids | undefined>;
  noteClientUuids(mode: ClientUuids): Promise<void>;
  /**
   * The next batch of queued check-ins, at most `max`, oldest first, recorded as out (with the
   * attempt's floor) before it is returned; [] when none is left.
   */
  claimBatch(max: number): Promise<Row[]>;
  /** One row of a refused batch, recorded as out again; null when it may no longer go. */
  claimOne(row: Row): Promise<Row | null>;
  /** The service holds these rows' check-ins: each row is settled with its answer. */
  settle(pairs: Paired<Row, Answer>[]): Promise<F | null>;
  /** Rows the service surely did not record (429): queued again for a later attempt. */
  requeue(rows: Row[]): Promise<void>;
  /** A refused batch, whose rows go again one at a time: the service may have taken some. */
  requeueRefused(rows: Row[]): Promise<void>;
  /** Puts a refused row aside with its reason; it never goes again. */
  park(row: Row, failure: F): Promise<F | null>;
  /** The check-ins out in a request whose answer never came. */
  unanswered(): Promise<Row[]>;
  /** Uuids of check-ins among `pulled` that are already some row's own: never claimed again. */
  claimedAlready(pulled: Answer[]): Promise<Done<Set<string>, F>>;
  /**
   * The outcome of a recovery: `found` are held by the service, `again` go out again; `pulled`
   * is every check-in the recovery read (the side may keep them).
   */
  settleRecovered(found: Paired<Row, Answer>[], again: Row[], pulled: Answer[]): Promise<F | null>;
}

/** The service's Check-in API, as the algorithm calls it. */
export interface OutboxService<Row, Answer, F> {
  /** One request naming every row (a batch), each with its uuid. */
  sendBatch(rows: Row[]): Promise<Sent<Answer[], F>>;
  /** One request for one row, with its uuid: a service that kept it answers with the one it holds. */
  sendOne(row: Row): Promise<Sent<Answer, F>>;
  /** Every check-in the service recorded since `floor` (less the side's margin). */
  checkinsSince(floor: number): Promise<Done<Answer[], F>>;
}

/**
 * How a side learns whether the service keeps uuids. `in-recovery` (the door): batches go whole
 * from the start, and a recovery that cannot tell sends one row again alone at once.
 * `first-send` (the relay): while it is unknown every send is a lone row, and a recovery that
 * cannot tell queues one row again for that lone send, so a second copy is at most one check-in.
 */
export type ProbeRule = 'in-recovery' | 'first-send';
