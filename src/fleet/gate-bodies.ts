// What the device gate (./device-gate) reads of bodies: the slug swapped for the credential in an
// answer, the uuids an answer says were recorded, and the uuids a check-in POST sends. Pure.
import { readBody } from '../http/body';
import { readCheckinRequest } from '../domain/checkin-request';

const MAX_DEPTH = 64;
const MAX_UUID_CHARS = 100;

export class TooDeep extends Error {
  override readonly name = 'TooDeep';
}

/** `value` with `from` replaced by `to` in every string and key, on null-prototype objects. */
export function replaced(value: unknown, from: string, to: string, depth = 0): unknown {
  if (typeof value === 'string') return value.includes(from) ? value.split(from).join(to) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return value.map((item) => replaced(item, from, to, depth + 1));
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value))
    out[key.includes(from) ? key.split(from).join(to) : key] = replaced(item, from, to, depth + 1);
  return out;
}

/** The uuids of the check-ins an answer says were recorded (a record, a batch, a partial 422). */
export function recordedUuids(body: unknown): string[] {
  const records = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { checkins?: unknown }).checkins)
      ? ((body as { checkins: unknown[] }).checkins ?? [])
      : [body];
  const uuids: string[] = [];
  for (const record of records) {
    const uuid = record && typeof record === 'object' ? (record as { uuid?: unknown }).uuid : undefined;
    if (typeof uuid === 'string' && uuid.length > 0 && uuid.length <= MAX_UUID_CHARS) uuids.push(uuid);
  }
  return uuids;
}

/**
 * Every uuid a check-in POST's items carry, as the service would read the body; null when the
 * body is not one the service reads (it is then refused there, and nothing it answers is
 * trusted). A uuid of any scalar type or form is listed: the service may take any of them as
 * one it holds.
 */
export async function sentUuids(request: Request): Promise<Set<string> | null> {
  let body: Record<string, unknown>;
  try {
    body = await readBody(request);
  } catch {
    return null;
  }
  const read = readCheckinRequest(body);
  if (!read.ok) return null;
  const uuids = new Set<string>();
  for (const [, item] of read.items) {
    const uuid = item && typeof item === 'object' ? (item as { uuid?: unknown }).uuid : undefined;
    // A uuid the service could hold is a string or a number; an object or array (a hostile
    // body's, made without a prototype: String() of it throws) is refused there.
    if (typeof uuid === 'string' ? uuid !== '' : typeof uuid === 'number' || typeof uuid === 'boolean')
      uuids.add(String(uuid));
  }
  return uuids;
}

/** The fields of a check-in a door pairs its rows by; nothing of the ticket or its holder. */
const CHECKIN_FIELDS = ['id', 'uuid', 'ticket_id', 'created_at', 'updated_at', 'deleted_at'] as const;
// One word for every refusal: "already checked in" apart from the rest would tell a revoked
// device, ticket by ticket, who is inside.
const REFUSED = 'This check-in was refused';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What a revoked device is told of its check-in POST's (or own undo's) answer: each check-in's
 * own fields, and each refusal as refused (a message may name the ticket, and its kind would
 * say whether the guest is inside). A door pairs its rows by uuid and parks a refused row with the message
 * as its reason, shown beside the ticket of its own copy: it loses nothing it needs.
 */
export function revokedView(body: unknown): unknown {
  const checkin = (value: unknown) => {
    if (!isRecord(value)) return null;
    const out = Object.create(null) as Record<string, unknown>;
    for (const field of CHECKIN_FIELDS) if (field in value) out[field] = value[field];
    return out;
  };
  const words = () => REFUSED;
  if (Array.isArray(body)) return body.map(checkin);
  if (!isRecord(body)) return null;
  if (!('status' in body || 'message' in body || 'errors' in body)) return checkin(body);
  const out = Object.create(null) as Record<string, unknown>;
  if (typeof body.status === 'number') out.status = body.status;
  if ('message' in body) out.message = words();
  if (isRecord(body.errors)) {
    const errors = Object.create(null) as Record<string, unknown>;
    for (const [index, said] of Object.entries(body.errors))
      errors[index] = Array.isArray(said) ? said.map(words) : [words()];
    out.errors = errors;
  }
  if (Array.isArray(body.checkins)) out.checkins = body.checkins.map(checkin);
  return out;
}
