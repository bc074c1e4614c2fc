// The rules of a request to record check-ins (POST …/checkin_lists/:slug/checkins), decided once
// for both places that answer one: the built-in service and the relay's venue mirror
// (docs/checkin-api-choices.md). A request is `{"checkin": {...}}` or `{"batch": {"checkins":
// {"0": {...}, "1": {...}}}}` (a plain array too), at most 1000 items, taken in index order.
// An item names its ticket by exactly one of ticket_id, ticket_reference and ticket_slug; it may
// carry the client's `uuid` (8 to 64 letters, digits or dashes), and a uuid the list already
// holds is that check-in sent again, whatever its ticket has become since, so a retry after a
// lost answer is never refused as if new; it may carry `created_at` (an offline scan arrives
// later), ISO 8601 or Unix seconds, from the year 2000 and never later than now.
// Pure: the caller hands in the body, how to look tickets up and the time, and gets each item's
// verdict as a value. What is recorded, and a batch's all or nothing, stay the caller's.

/** How an item names its ticket. */
export type TicketKey = 'id' | 'reference' | 'slug';

export interface CheckinRefusal {
  ok: false;
  status: 404 | 422;
  message: string;
  /** The ticket named is not known here (one newer than a mirror's copy, say). */
  ticketUnknown?: true;
}

export interface CheckinItem<T> {
  ok: true;
  ticket: T;
  /** The client's uuid, when it sent one. */
  uuid: string | undefined;
  /** When the scan happened (ms): the client's `created_at`, or now. */
  createdAtMs: number;
  /** The list already holds a check-in under this uuid: the item is that check-in again. */
  held: boolean;
}

/** What the rules need to know of the list the request is for. */
export interface CheckinLookup<T> {
  /** The ticket of the check-in the list holds under a client's uuid, if it holds one. */
  held(uuid: string): T | undefined;
  /** The ticket a key names among the list event's live tickets. */
  find(key: TicketKey, value: string): T | undefined;
  isVoid(ticket: T): boolean;
  onList(ticket: T): boolean;
}

/** The request's items by index, or why its shape is refused. */
export type CheckinRequest = { ok: true; single: boolean; items: [string, unknown][] } | CheckinRefusal;

const MAX_CHECKIN_BATCH = 1000;
/** No door device scanned a ticket before 2000; earlier is a clock or a client gone wrong. */
const EARLIEST_SCAN_MS = Date.UTC(2000, 0, 1);
const IDENTIFIERS = ['ticket_id', 'ticket_reference', 'ticket_slug'] as const;
const KEYS: Record<(typeof IDENTIFIERS)[number], TicketKey> = {
  ticket_id: 'id',
  ticket_reference: 'reference',
  ticket_slug: 'slug',
};
const UUID = /^[A-Za-z0-9-]{8,64}$/;

/** The message of a batch refused whole, with each bad item's reason under its index. */
export const BATCH_REFUSED = 'Some check-ins could not be recorded; none were';

const refuse = (status: 404 | 422, message: string): CheckinRefusal => ({ ok: false, status, message });
const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The items of a request body (a parsed JSON object): one check-in, or a batch in index order. */
export function readCheckinRequest(body: Record<string, unknown>): CheckinRequest {
  const batch = body.batch;
  if (batch !== undefined) {
    if (typeof batch !== 'object' || batch === null) return refuse(422, 'batch must hold checkins');
    const items = (batch as Record<string, unknown>).checkins;
    if (typeof items !== 'object' || items === null)
      return refuse(422, 'batch.checkins must be an object keyed by index');
    const entries: [string, unknown][] = Array.isArray(items)
      ? items.map((item, i) => [String(i), item])
      : Object.entries(items).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
    if (entries.length === 0) return refuse(422, 'batch.checkins is empty');
    if (entries.length > MAX_CHECKIN_BATCH)
      return refuse(422, `batch.checkins holds more than ${MAX_CHECKIN_BATCH} check-ins`);
    return { ok: true, single: false, items: entries };
  }
  if (body.checkin === undefined) return refuse(422, 'Send a checkin or a batch of checkins');
  return { ok: true, single: true, items: [['0', body.checkin]] };
}

/** One item's verdict: the ticket it checks in and when, or why it cannot be recorded. */
export function checkinItem<T>(
  raw: unknown,
  lookup: CheckinLookup<T>,
  nowMs: number,
): CheckinItem<T> | CheckinRefusal {
  if (!isObject(raw))
    return refuse(422, 'Each check-in must be an object with ticket_id, ticket_reference or ticket_slug');
  let uuid: string | undefined;
  if (present(raw.uuid)) {
    if (typeof raw.uuid !== 'string' || !UUID.test(raw.uuid))
      return refuse(422, 'uuid must be 8 to 64 letters, digits or dashes');
    uuid = raw.uuid;
  }
  const held = uuid === undefined ? undefined : lookup.held(uuid);
  const named = held === undefined ? namedTicket(raw, lookup) : { ok: true as const, ticket: held };
  if (!named.ok) return named;
  const createdAtMs = scannedAt(raw.created_at, nowMs);
  if (createdAtMs === null)
    return refuse(422, 'created_at must be an ISO 8601 datetime or Unix seconds, from the year 2000');
  return { ok: true, ticket: named.ticket, uuid, createdAtMs, held: held !== undefined };
}

/** The refusal of a second active check-in of a ticket, where a service refuses one. */
export function alreadyCheckedIn(reference: string): string {
  return `Ticket ${reference} is already checked in on this list`;
}

function namedTicket<T>(
  raw: Record<string, unknown>,
  lookup: CheckinLookup<T>,
): { ok: true; ticket: T } | CheckinRefusal {
  const given = IDENTIFIERS.filter((key) => present(raw[key]));
  if (given.length !== 1)
    return refuse(
      422,
      given.length === 0
        ? 'Give one of ticket_id, ticket_reference or ticket_slug'
        : `Give only one of ticket_id, ticket_reference or ticket_slug (got ${given.join(', ')})`,
    );
  const key = given[0] as (typeof IDENTIFIERS)[number];
  const value = raw[key];
  if (typeof value !== 'string' && typeof value !== 'number')
    return refuse(422, `${key} must be a string or a number`);
  const text = String(value).trim();
  if (key === 'ticket_id' && !/^\d+$/.test(text)) return refuse(422, 'ticket_id must be a whole number');
  const ticket = lookup.find(KEYS[key], text);
  if (ticket === undefined) return { ...refuse(404, 'Ticket not found'), ticketUnknown: true };
  if (lookup.isVoid(ticket)) return refuse(422, 'This ticket is void and cannot be checked in');
  if (!lookup.onList(ticket)) return refuse(404, 'This ticket is not on this check-in list');
  return { ok: true, ticket };
}

/** The client's `created_at` in ms, never later than now; now without one; null when unreadable. */
function scannedAt(given: unknown, nowMs: number): number | null {
  if (!present(given)) return nowMs;
  const ms =
    typeof given === 'number' ? given * 1000 : typeof given === 'string' ? Date.parse(given) : Number.NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST_SCAN_MS) return null;
  return Math.min(ms, nowMs);
}
