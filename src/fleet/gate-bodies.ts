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
 * trusted). A uuid of any type or form is listed: the service may take any of them as one it
 * holds.
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
    if (uuid !== undefined && uuid !== null && uuid !== '') uuids.add(String(uuid));
  }
  return uuids;
}
