// A door's POST of check-ins and DELETE of a check-in, checked against the mirror and turned
// into journal entries, and the answer in the Check-in API's shape (docs/checkin-api-choices.md).
// Which ticket an item names, its uuid and its scan time follow the service's own rules
// (../../domain/checkin-request), with the mirror's tickets as the lookup; a batch is all or
// nothing (422 naming each bad index). One rule is the mirror's own: a uuid given twice in one
// batch is refused, where the service would answer the one check-in twice. Failures are
// values; nothing here writes.
import {
  BATCH_REFUSED,
  type CheckinItem,
  type CheckinLookup,
  type CheckinRefusal,
  checkinItem,
  readCheckinRequest,
} from '../../domain/checkin-request';
import type { ListMirror } from './list-mirror';
import { type Entry, type Rec, isRec } from './mirror-types';

export type Refusal = {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  /** The refusal is (or a bad item of the batch is) a ticket the mirror does not hold. */
  ticketUnknown?: boolean;
};
export type Plan = { ok: true; entries: Entry[]; uuids: string[]; single: boolean; created: boolean };

type Item = { uuid: string; ticketId: number; createdAt: number; known: boolean };

/** The mirror's tickets, by their upstream ids; it holds every ticket of the list (void ones too). */
function mirrorLookup(m: ListMirror): CheckinLookup<number> {
  return {
    held: (uuid) => {
      const held = m.checkins.get(uuid);
      return held ? Number(held.rec.ticket_id) : undefined;
    },
    find: (key, value) => {
      const ticket = m.ticketByRef(key, value);
      return ticket ? Number(ticket.id) : undefined;
    },
    isVoid: (id) => {
      const ticket = m.tickets.get(id)?.rec;
      return ticket?.state === 'void' || ticket?.void === true;
    },
    onList: () => true,
  };
}

const refusalOf = (r: CheckinRefusal): Refusal =>
  r.ticketUnknown
    ? { status: r.status, message: r.message, ticketUnknown: true }
    : { status: r.status, message: r.message };

function item(
  verdict: CheckinItem<number> | CheckinRefusal,
  newUuid: () => string,
  taken: Set<string>,
): Item | CheckinRefusal {
  if (!verdict.ok) return verdict;
  // A retry after a lost answer: the check-in this relay already holds, never a second one.
  if (verdict.held && verdict.uuid)
    return { uuid: verdict.uuid, ticketId: verdict.ticket, createdAt: 0, known: true };
  if (verdict.uuid && taken.has(verdict.uuid))
    return { ok: false, status: 422, message: 'uuid is given twice in this batch' };
  const uuid = verdict.uuid ?? newUuid();
  taken.add(uuid);
  return { uuid, ticketId: verdict.ticket, createdAt: verdict.createdAtMs, known: false };
}

/** The entries a POST body makes, or why it is refused (nothing recorded). */
export function planCheckins(m: ListMirror, body: Rec, now: number, newUuid: () => string): Plan | Refusal {
  const request = readCheckinRequest(body);
  if (!request.ok) return refusalOf(request);
  const lookup = mirrorLookup(m);
  const taken = new Set<string>();
  const items = request.items.map(
    ([index, raw]) => [index, item(checkinItem(raw, lookup, now), newUuid, taken)] as const,
  );
  const bad = items.flatMap(([index, it]) => ('ok' in it ? [[index, it] as const] : []));
  if (bad.length > 0) {
    const first = bad[0]?.[1] as CheckinRefusal;
    if (request.single) return refusalOf(first);
    const refusal: Refusal = {
      status: 422,
      message: BATCH_REFUSED,
      errors: Object.fromEntries(bad.map(([index, r]) => [index, [r.message]])),
    };
    if (bad.some(([, r]) => r.ticketUnknown)) refusal.ticketUnknown = true;
    return refusal;
  }
  const entries: Entry[] = [];
  let at = m.nextAt(now);
  let id = m.nextLocalId();
  const good = items.map(([, it]) => it as Item);
  for (const it of good) {
    if (it.known) continue;
    entries.push({
      k: 'door-checkin',
      at,
      uuid: it.uuid,
      id,
      ticket_id: it.ticketId,
      created_at: it.createdAt,
    });
    at += 1;
    id += 1;
  }
  return {
    ok: true,
    entries,
    uuids: good.map((it) => it.uuid),
    single: request.single,
    created: entries.length > 0,
  };
}

/** The entry a DELETE makes, the record to answer unchanged (already deleted), or 404. */
export function planDelete(m: ListMirror, uuid: string, now: number): { entry: Entry | null } | Refusal {
  const held = m.checkins.get(uuid);
  if (!held) return { status: 404, message: 'Check-in not found' };
  if (held.rec.deleted_at) return { entry: null };
  return { entry: { k: 'door-delete', at: m.nextAt(now), uuid } };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A check-in as listed: the record with the relay's change time as `updated_at`. */
export function servedCheckin(m: ListMirror, uuid: string): Rec | null {
  const held = m.checkins.get(uuid);
  if (!held) return null;
  const r = held.rec;
  return {
    id: r.id,
    uuid: r.uuid,
    created_at: r.created_at,
    updated_at: iso(held.seenAt),
    ticket_id: r.ticket_id,
    deleted_at: r.deleted_at ?? null,
  };
}

/** A created check-in: the record with its ticket and release, as the service answers a POST. */
export function createdCheckin(m: ListMirror, uuid: string): Rec | null {
  const c = servedCheckin(m, uuid);
  if (!c) return null;
  const t = m.tickets.get(Number(c.ticket_id))?.rec ?? {};
  const release = isRec(t.release) ? t.release : null;
  return {
    ...c,
    ticket: {
      slug: t.slug,
      reference: t.reference,
      email: t.email,
      first_name: t.first_name,
      last_name: t.last_name,
    },
    release: release ? { slug: release.slug, title: release.title } : null,
  };
}
