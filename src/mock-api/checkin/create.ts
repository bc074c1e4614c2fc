// Recording check-ins, one or a batch, by the rules of ../../domain/checkin-request (which
// ticket, which uuid, when). A batch is all or nothing: if any item is invalid,
// nothing is recorded and the 422 names each bad item by its index (docs/checkin-api-choices.md).
// A client may send its own `uuid`; sending it again returns the recorded check-in instead of
// a second one, so a batch retried after a lost answer is not counted twice.
// A second active check-in of a ticket on the list is recorded, unless the service is set to
// refuse it (MOCK_DUPLICATE_CHECKINS=refuse): then it is a 422 naming the ticket. In a batch,
// such items are refused and the others still go in (`already` names them by index). A check-in
// sent again with its uuid is the one held, never a second one, so it is never refused so.
import {
  BATCH_REFUSED,
  type CheckinLookup,
  type CheckinRefusal,
  alreadyCheckedIn,
  checkinItem,
} from '../../domain/checkin-request';
import { ApiError } from '../../http/errors';
import { secretUuid } from '../../platform/secrets';
import type { ServiceContext } from '../context';
import type { Checkin } from '../model/checkin';
import type { CheckinList } from '../model/checkin-list';
import type { Ticket } from '../model/ticket';
import { membership } from './membership';

export interface Recorded {
  checkin: Checkin;
  ticket: Ticket;
  created: boolean;
}

/** The list's tickets as the check-in rules look them up: live tickets of the list's event. */
function ticketLookup(ctx: ServiceContext, list: CheckinList): CheckinLookup<Ticket> {
  const { store } = ctx;
  return {
    held: (uuid) => {
      const recorded = store.findOne('checkins', 'byListUuid', `${list.id}:${uuid}`);
      return recorded ? store.get('tickets', recorded.ticket_id) : undefined;
    },
    find: (key, value) => {
      let ticket: Ticket | undefined;
      if (key === 'id') ticket = store.get('tickets', Number(value));
      else if (key === 'slug') ticket = store.findOne('tickets', 'bySlug', value);
      else {
        const matches = store.findBy(
          'tickets',
          'byEventReference',
          `${list.event_id}:${value.toUpperCase()}`,
        );
        ticket = matches.find((t) => !t.test_mode) ?? matches[0];
      }
      return ticket && ticket.event_id === list.event_id && !ticket.test_mode ? ticket : undefined;
    },
    isVoid: (ticket) => ticket.state === 'void',
    onList: (ticket) => membership(ctx, list).isMember(ticket.id),
  };
}

const refused = (refusal: CheckinRefusal) => new ApiError(refusal.status, refusal.message);

function checkedIn(ctx: ServiceContext, list: CheckinList, ticketId: number): boolean {
  return ctx.store
    .findBy('checkins', 'byTicket', ticketId)
    .some((c) => c.checkin_list_id === list.id && c.deleted_at === null);
}

function prepare(ctx: ServiceContext, list: CheckinList, item: unknown) {
  const verdict = checkinItem(item, ticketLookup(ctx, list), ctx.clock.now().getTime());
  if (!verdict.ok) return refused(verdict);
  const { ticket, uuid, createdAtMs, held } = verdict;
  return { ticket, uuid, at: new Date(createdAtMs).toISOString(), held };
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
    throw new ApiError(422, alreadyCheckedIn(prepared.ticket.reference));
  return record(ctx, list, prepared);
}

export interface BatchRecorded {
  recorded: Recorded[];
  /** Items refused because their ticket is already checked in, by batch index (refuse mode). */
  already: Record<string, string[]>;
}

/** A batch's items by index (../../domain/checkin-request reads them from the body). */
export function recordBatch(
  ctx: ServiceContext,
  list: CheckinList,
  entries: [string, unknown][],
): BatchRecorded {
  const errors: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  // Tickets a new item of this batch checks in: a later new item of the same ticket is a second.
  const admitted = new Set<number>();
  const prepared = entries.map(([index, item]) => {
    const result = prepare(ctx, list, item);
    if (result instanceof ApiError) errors[index] = [result.message];
    else if (refusing(ctx) && !result.held) {
      if (admitted.has(result.ticket.id) || checkedIn(ctx, list, result.ticket.id)) {
        already[index] = [alreadyCheckedIn(result.ticket.reference)];
        return null;
      }
      admitted.add(result.ticket.id);
    }
    return result;
  });
  if (Object.keys(errors).length > 0) {
    throw new ApiError(422, BATCH_REFUSED, {
      errors: { ...errors, ...already },
    });
  }
  const recorded = prepared.flatMap((input) =>
    input === null ? [] : [record(ctx, list, input as Exclude<typeof input, ApiError>)],
  );
  return { recorded, already };
}
