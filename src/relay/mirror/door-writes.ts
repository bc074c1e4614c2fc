// A door's POST of check-ins and DELETE of a check-in, checked against the mirror and turned
// into journal entries, and the answer in the Check-in API's shape (docs/checkin-api-choices.md):
// the same rules as the service: exactly one of ticket_id / ticket_reference / ticket_slug, an
// optional client `uuid` (8–64 letters, digits, dashes; a uuid the list holds answers its
// check-in, 200), an optional `created_at` never later than now, a batch of at most 1000 that is
// all or nothing (422 naming each bad index). Failures are values; nothing here writes.
import type { ListMirror } from './list-mirror';
import { type Entry, type Rec, isRec } from './mirror-types';

export type Refusal = { status: number; message: string; errors?: Record<string, string[]> };
export type Plan = { ok: true; entries: Entry[]; uuids: string[]; single: boolean; created: boolean };

const IDENTIFIERS = ['ticket_id', 'ticket_reference', 'ticket_slug'] as const;
const UUID = /^[A-Za-z0-9-]{8,64}$/;
const EARLIEST_SCAN_MS = Date.UTC(2000, 0, 1);
const MAX_BATCH = 1000;
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

type Item = { uuid: string; ticketId: number; createdAt: number; known: boolean } | Refusal;

function item(m: ListMirror, raw: unknown, now: number, newUuid: () => string, taken: Set<string>): Item {
  if (!isRec(raw))
    return {
      status: 422,
      message: 'Each check-in must be an object with ticket_id, ticket_reference or ticket_slug',
    };
  let uuid: string | undefined;
  if (present(raw.uuid)) {
    if (typeof raw.uuid !== 'string' || !UUID.test(raw.uuid))
      return { status: 422, message: 'uuid must be 8 to 64 letters, digits or dashes' };
    uuid = raw.uuid;
    const held = m.checkins.get(uuid);
    // A retry after a lost answer: the check-in this relay already holds, never a second one.
    if (held) return { uuid, ticketId: Number(held.rec.ticket_id), createdAt: 0, known: true };
    if (taken.has(uuid)) return { status: 422, message: 'uuid is given twice in this batch' };
  }
  const given = IDENTIFIERS.filter((key) => present(raw[key]));
  if (given.length !== 1)
    return {
      status: 422,
      message:
        given.length === 0
          ? 'Give one of ticket_id, ticket_reference or ticket_slug'
          : `Give only one of ticket_id, ticket_reference or ticket_slug (got ${given.join(', ')})`,
    };
  const key = given[0] as (typeof IDENTIFIERS)[number];
  const value = raw[key];
  if (typeof value !== 'string' && typeof value !== 'number')
    return { status: 422, message: `${key} must be a string or a number` };
  const text = String(value).trim();
  if (key === 'ticket_id' && !/^\d{1,15}$/.test(text))
    return { status: 422, message: 'ticket_id must be a whole number' };
  const ticket = m.ticketByRef(
    key === 'ticket_id' ? 'id' : key === 'ticket_slug' ? 'slug' : 'reference',
    text,
  );
  // The mirror holds every ticket of the list the upstream listed (void ones from `since` pulls).
  if (!ticket) return { status: 404, message: 'Ticket not found' };
  if (ticket.state === 'void' || ticket.void === true)
    return { status: 422, message: 'This ticket is void and cannot be checked in' };
  let createdAt = now;
  if (present(raw.created_at)) {
    const given = raw.created_at;
    const ms =
      typeof given === 'number' ? given * 1000 : typeof given === 'string' ? Date.parse(given) : Number.NaN;
    if (!Number.isFinite(ms) || ms < EARLIEST_SCAN_MS)
      return {
        status: 422,
        message: 'created_at must be an ISO 8601 datetime or Unix seconds, from the year 2000',
      };
    createdAt = Math.min(ms, now);
  }
  uuid ??= newUuid();
  taken.add(uuid);
  return { uuid, ticketId: Number(ticket.id), createdAt, known: false };
}

/** The entries a POST body makes, or why it is refused (nothing recorded). */
export function planCheckins(m: ListMirror, body: Rec, now: number, newUuid: () => string): Plan | Refusal {
  const single = isRec(body.checkin);
  let raw: [string, unknown][];
  if (single) raw = [['0', body.checkin]];
  else if (isRec(body.batch) && 'checkins' in body.batch) {
    const items = body.batch.checkins;
    if (typeof items !== 'object' || items === null)
      return { status: 422, message: 'batch.checkins must be an object keyed by index' };
    raw = Array.isArray(items)
      ? items.map((it, i) => [String(i), it] as [string, unknown])
      : Object.entries(items).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
    if (raw.length === 0) return { status: 422, message: 'batch.checkins is empty' };
    if (raw.length > MAX_BATCH)
      return { status: 422, message: `batch.checkins holds more than ${MAX_BATCH} check-ins` };
  } else return { status: 422, message: 'Send a checkin or a batch of checkins' };
  const taken = new Set<string>();
  const items = raw.map(([index, it]) => [index, item(m, it, now, newUuid, taken)] as const);
  const bad = items.filter((entry): entry is readonly [string, Refusal] => 'status' in entry[1]);
  if (bad.length > 0) {
    const first = bad[0]?.[1] as Refusal;
    if (single) return first;
    return {
      status: 422,
      message: 'Some check-ins could not be recorded; none were',
      errors: Object.fromEntries(bad.map(([index, r]) => [index, [r.message]])),
    };
  }
  const entries: Entry[] = [];
  let at = m.nextAt(now);
  let id = m.nextLocalId();
  const good = items.map(([, it]) => it as Exclude<Item, Refusal>);
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
  return { ok: true, entries, uuids: good.map((it) => it.uuid), single, created: entries.length > 0 };
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
