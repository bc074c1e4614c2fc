// The Check-in API through a device's credential: `/checkin/checkin_lists/<credential>/…` is
// mapped to the list's real slug before the host's service (the built-in one, or the relay's
// forwarding and mirror) sees it, and the answer comes back with the credential wherever the
// slug was. Guarantees:
// - the slug never reaches the device: every string of a JSON answer (keys included), any other
//   body's text and every header value have it replaced; a JSON answer too deep to walk is
//   refused rather than passed on;
// - a credential that is not one, or that no device holds, is the Check-in API's own 404 for an
//   unknown list;
// - a revoked credential reads nothing (410 `revoked: true`) but its check-in POSTs (single and
//   batch) still go through, once each as ever (the service is idempotent by uuid), and the
//   uuids the service took are counted for the device before the door hears back;
// - a forgotten credential opens nothing at all;
// - a slug-joined door's path (no `dev_` in the list's place) is not the gate's: it passes as is.
import { targetPath } from '../http/request-target';
import { routedPath } from '../http/route-path';
import { CREDENTIAL_PATTERN } from './device-credentials';
import { refusal, revokedAnswer } from './fleet-answers';
import { DEVICE_CREDENTIAL_PREFIX } from './fleet-protocol';
import { type FleetStore, isDead } from './fleet-store';

const MAX_DEPTH = 64;
const MAX_UUID_CHARS = 100;

export type GateVerdict =
  | { kind: 'not-a-device' }
  | { kind: 'answer'; response: Response }
  /** Send the request to `target` (raw, origin-form) instead; pass its answer to `finish`. */
  | { kind: 'mapped'; target: string; finish(answer: Response): Promise<Response> };

class TooDeep extends Error {
  override readonly name = 'TooDeep';
}

/** `value` with `from` replaced by `to` in every string and key, on null-prototype objects. */
function replaced(value: unknown, from: string, to: string, depth = 0): unknown {
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
function recordedUuids(body: unknown): string[] {
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

export function createDeviceGate(store: FleetStore) {
  const unknownList = () => refusal(404, 'Check-in list not found');

  const finisher =
    (slug: string, credential: string, counting: string | null) =>
    async (answer: Response): Promise<Response> => {
      const headers = new Headers();
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.set(name, value.split(slug).join(credential));
      });
      if (!answer.body) return new Response(null, { status: answer.status, headers });
      const text = await answer.text();
      let body = text.split(slug).join(credential);
      if ((headers.get('content-type') ?? '').includes('json')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (parsed !== undefined) {
          if (counting && (answer.status === 200 || answer.status === 201 || answer.status === 422))
            await store.countTaken(counting, recordedUuids(parsed));
          try {
            body = JSON.stringify(replaced(parsed, slug, credential));
          } catch (error) {
            if (!(error instanceof TooDeep)) throw error;
            return refusal(502, 'The answer for this device could not be passed on');
          }
        }
      }
      return new Response(body, { status: answer.status, headers });
    };

  /** What to do with a request to `rawTarget` (already judged safe: ../http/request-target). */
  return (method: string, rawTarget: string): GateVerdict => {
    if (method === 'OPTIONS') return { kind: 'not-a-device' };
    const path = targetPath(rawTarget);
    const query = rawTarget.slice(path.length);
    const [, api, lists, credential, ...rest] = routedPath(path).split('/');
    if (api !== 'checkin' || lists !== 'checkin_lists' || !credential?.startsWith(DEVICE_CREDENTIAL_PREFIX))
      return { kind: 'not-a-device' };
    const device = CREDENTIAL_PATTERN.test(credential) ? store.deviceByCredential(credential) : undefined;
    if (!device) return { kind: 'answer', response: unknownList() };
    if (isDead(device)) return { kind: 'answer', response: revokedAnswer() };
    const checkinPost = method === 'POST' && rest.length === 1 && rest[0] === 'checkins';
    if (device.revoked_at !== null && !checkinPost) return { kind: 'answer', response: revokedAnswer() };
    const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
    return {
      kind: 'mapped',
      target: `/checkin/checkin_lists/${device.list_slug}${tail}${query}`,
      finish: finisher(device.list_slug, credential, device.revoked_at !== null ? device.id : null),
    };
  };
}
