// Recording check-ins, one or a batch. A batch is all or nothing: if any item is invalid,
// nothing is recorded and the 422 names each bad item by its index (docs/checkin-api-choices.md).
// A client may send its own `uuid`; sending it again returns the recorded check-in instead of
// a second one, so a batch retried after a lost answer is not counted twice.
// A second active check-in of a ticket on the list is recorded, unless the service is set to
// refuse it (MOCK_DUPLICATE_CHECKINS=refuse): then it is a 422 naming the ticket. In a batch,
// such items are refused and the others still go in (`already` names them by index). A check-in
// sent again with its uuid is the one held, never a second one, so it is never refused so.
import type { ServiceContext } from '../context';
import { ApiError } from '../../http/errors';
import type { Checkin } from '../model/checkin';
import type { CheckinList } from '../model/checkin-list';
import type { Ticket } from '../model/ticket';
import { secretUuid } from '../../platform/secrets';
import { membership } from './membership';

const IDENTIFIERS = ['ticket_id', 'ticket_reference', 'ticket_slug'] as const;
const UUID = /^[A-Za-z0-9-]{8,64}$/;
/** No door device scanned a ticket before 2000; earlier is a clock or a client gone wrong. */
const EARLIEST_SCAN_MS = Date.UTC(2000, 0, 1);
const MAX_BATCH = 1000;

export interface Recorded {
  checkin: Checkin;
  ticket: Ticket;
  created: boolean;
}

type Item = Record<string, unknown>;

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The ticket the item names, or the reason it cannot be checked in. */
function resolveTicket(ctx: ServiceContext, list: CheckinList, item: Item): Ticket | ApiError {
  const given = IDENTIFIERS.filter((key) => present(item[key]));
  if (given.length !== 1) {
    return new ApiError(
      422,
      given.length === 0
        ? 'Give one of ticket_id, ticket_reference or ticket_slug'
        : `Give only one of ticket_id, ticket_reference or ticket_slug (got ${given.join(', ')})`,
    );
  }
  const key = given[0] as (typeof IDENTIFIERS)[number];
  const raw = item[key];
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    return new ApiError(422, `${key} must be a string or a number`);
  }
  const value = String(raw).trim();
  let ticket: Ticket | undefined;
  if (key === 'ticket_id') {
    if (!/^\d+$/.test(value)) return new ApiError(422, 'ticket_id must be a whole number');
    ticket = ctx.store.get('tickets', Number(value));
  } else if (key === 'ticket_slug') {
    ticket = ctx.store.findOne('tickets', 'bySlug', value);
  } else {
    const matches = ctx.store.findBy(
      'tickets',
      'byEventReference',
      `${list.event_id}:${value.toUpperCase()}`,
    );
    ticket = matches.find((t) => !t.test_mode) ?? matches[0];
  }
  if (!ticket || ticket.event_id !== list.event_id || ticket.test_mode)
    return new ApiError(404, 'Ticket not found');
  if (ticket.state === 'void') return new ApiError(422, 'This ticket is void and cannot be checked in');
  if (!membership(ctx, list).isMember(ticket.id)) {
    return new ApiError(404, 'This ticket is not on this check-in list');
  }
  return ticket;
}

function clientUuid(item: Item): string | undefined | ApiError {
  if (!present(item.uuid)) return undefined;
  const uuid = item.uuid;
  return typeof uuid === 'string' && UUID.test(uuid)
    ? uuid
    : new ApiError(422, 'uuid must be 8 to 64 letters, digits or dashes');
}

/** When the scan happened, if the client says so (offline scans arrive later); never in the future. */
function scannedAt(item: Item, now: Date): string | ApiError {
  const given = item.created_at;
  if (!present(given)) return now.toISOString();
  const ms =
    typeof given === 'number' ? given * 1000 : typeof given === 'string' ? Date.parse(given) : Number.NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST_SCAN_MS) {
    return new ApiError(422, 'created_at must be an ISO 8601 datetime or Unix seconds, from the year 2000');
  }
  return new Date(Math.min(ms, now.getTime())).toISOString();
}

/** The refusal of a second active check-in of a ticket (MOCK_DUPLICATE_CHECKINS=refuse). */
export function alreadyCheckedIn(ticket: Ticket): ApiError {
  return new ApiError(422, `Ticket ${ticket.reference} is already checked in on this list`);
}

function checkedIn(ctx: ServiceContext, list: CheckinList, ticketId: number): boolean {
  return ctx.store
    .findBy('checkins', 'byTicket', ticketId)
    .some((c) => c.checkin_list_id === list.id && c.deleted_at === null);
}

function prepare(ctx: ServiceContext, list: CheckinList, item: unknown) {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return new ApiError(
      422,
      'Each check-in must be an object with ticket_id, ticket_reference or ticket_slug',
    );
  }
  const uuid = clientUuid(item as Item);
  if (uuid instanceof ApiError) return uuid;
  // Sent again with its uuid, a check-in the service holds is that check-in, whatever its
  // ticket has become since: a retry after a lost answer must never be refused as if new.
  const recorded = uuid ? ctx.store.findOne('checkins', 'byListUuid', `${list.id}:${uuid}`) : undefined;
  const held = recorded ? ctx.store.get('tickets', recorded.ticket_id) : undefined;
  const ticket = held ?? resolveTicket(ctx, list, item as Item);
  if (ticket instanceof ApiError) return ticket;
  const at = scannedAt(item as Item, ctx.clock.now());
  if (at instanceof ApiError) return at;
  return { ticket, uuid, at, held: recorded !== undefined };
}

const refusing = (ctx: ServiceContext) => ctx.config.duplicateCheckins === 'refuse';

function record(
  ctx: ServiceContext,
  list: CheckinList,
  input: { ticket: Ticket; uuid?: string | undefined; at: string },
): Recorded {
  if (input.uuid) {
    const existing = ctx.store.findOne('checkins', 'byListUuid', `${list.id}:${input.uuid}`);
    if (existing) {
      const ticket = ctx.store.get('tickets', existing.ticket_id) ?? input.ticket;
      return { checkin: existing, ticket, created: false };
    }
  }
  let uuid = input.uuid;
  while (!uuid || ctx.store.findOne('checkins', 'byListUuid', `${list.id}:${uuid}`)) uuid = secretUuid();
  const now = ctx.clock.now().toISOString();
  const checkin = ctx.store.insert('checkins', {
    checkin_list_id: list.id,
    ticket_id: input.ticket.id,
    uuid,
    created_at: input.at,
    updated_at: now,
    deleted_at: null,
  });
  return { checkin, ticket: input.ticket, created: true };
}

export function recordOne(ctx: ServiceContext, list: CheckinList, item: unknown): Recorded {
  const prepared = prepare(ctx, list, item);
  if (prepared instanceof ApiError) throw prepared;
  if (refusing(ctx) && !prepared.held && checkedIn(ctx, list, prepared.ticket.id))
    throw alreadyCheckedIn(prepared.ticket);
  return record(ctx, list, prepared);
}

export interface BatchRecorded {
  recorded: Recorded[];
  /** Items refused because their ticket is already checked in, by batch index (refuse mode). */
  already: Record<string, string[]>;
}

export function recordBatch(ctx: ServiceContext, list: CheckinList, items: unknown): BatchRecorded {
  const entries = batchEntries(items);
  const errors: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  // Tickets a new item of this batch checks in: a later new item of the same ticket is a second.
  const admitted = new Set<number>();
  const prepared = entries.map(([index, item]) => {
    const result = prepare(ctx, list, item);
    if (result instanceof ApiError) errors[index] = [result.message];
    else if (refusing(ctx) && !result.held) {
      if (admitted.has(result.ticket.id) || checkedIn(ctx, list, result.ticket.id)) {
        already[index] = [alreadyCheckedIn(result.ticket).message];
        return null;
      }
      admitted.add(result.ticket.id);
    }
    return result;
  });
  if (Object.keys(errors).length > 0) {
    throw new ApiError(422, 'Some check-ins could not be recorded; none were', {
      errors: { ...errors, ...already },
    });
  }
  const recorded = prepared.flatMap((input) =>
    input === null ? [] : [record(ctx, list, input as Exclude<typeof input, ApiError>)],
  );
  return { recorded, already };
}

/** `{"0": {...}, "1": {...}}` in index order; a plain array is accepted too. */
function batchEntries(items: unknown): [string, unknown][] {
  if (typeof items !== 'object' || items === null) {
    throw new ApiError(422, 'batch.checkins must be an object keyed by index');
  }
  const entries: [string, unknown][] = Array.isArray(items)
    ? items.map((item, i) => [String(i), item])
    : Object.entries(items as Item);
  if (entries.length === 0) throw new ApiError(422, 'batch.checkins is empty');
  if (entries.length > MAX_BATCH) {
    throw new ApiError(422, `batch.checkins holds more than ${MAX_BATCH} check-ins`);
  }
  return Array.isArray(items)
    ? entries
    : entries.sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
}
