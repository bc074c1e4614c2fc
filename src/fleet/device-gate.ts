// The Check-in API through a device's credential: `/checkin/checkin_lists/<credential>/…` is
// mapped to the list's real slug before the host's service (the built-in one, or the relay's
// forwarding and mirror) sees it, and the answer comes back with the credential wherever the
// slug was. Guarantees:
// - the slug never reaches the device: every string of a JSON answer (keys included), any other
//   body's text and every header value have it replaced; a JSON answer too deep to walk is
//   refused rather than passed on;
// - a credential that is not one, or that no device holds, is the Check-in API's own 404 for an
//   unknown list;
// - the uuids of the check-ins the service answers a device's POST as recorded (single, batch,
//   the recorded part of a 422) are written to the device's own file (./device-checkins) before
//   the door hears back; once revoked, a device adds only check-ins its POST made: uuids the list
//   did not hold before it (written before the POST goes on) and uuids the service chose itself,
//   so replaying another door's uuid, which the service answers with that door's check-in, makes
//   it no more this device's;
// - a revoked credential reads nothing (410 `revoked: true`); its check-in POSTs (single and
//   batch) still go through, once each as ever (the service is idempotent by uuid), and the
//   uuids the service took are counted for the device before the door hears back; its DELETE of
//   a check-in goes through only for a check-in of its own file, any other is 410. What those
//   answers say comes back cut to the check-ins' own fields and the kind of each refusal: a
//   service's created check-in carries the ticket's code, reference and holder, which a revoked
//   device must not read (the door needs none of it to pair its rows);
// - a forgotten credential opens nothing at all;
// - a slug-joined door's path (no `dev_` in the list's place) is not the gate's: it passes as is.
import { bufferedRequest } from '../http/buffer-body';
import { MAX_BODY_BYTES } from '../http/body';
import { ApiError } from '../http/errors';
import { targetPath } from '../http/request-target';
import { routedPath } from '../http/route-path';
import type { DeviceCheckins } from './device-checkins';
import { CREDENTIAL_PATTERN } from './device-credentials';
import { refusal, revokedAnswer } from './fleet-answers';
import type { StoredDevice } from './fleet-data';
import { DEVICE_CREDENTIAL_PREFIX } from './fleet-protocol';
import { type FleetStore, isDead } from './fleet-store';
import { TooDeep, recordedUuids, replaced, revokedView, sentUuids } from './gate-bodies';

export type GateVerdict =
  | { kind: 'not-a-device' }
  | { kind: 'answer'; response: Response }
  /** Send `request` (addressed to `target`, raw origin-form) instead; pass its answer to `finish`. */
  | { kind: 'mapped'; target: string; request: Request; finish(answer: Response): Promise<Response> };

export interface DeviceGateOptions {
  store: FleetStore;
  checkins: Pick<DeviceCheckins, 'add' | 'has'>;
  /**
   * Whether the list of `slug` holds a check-in of `uuid` now, as the service answering the
   * device's next write will see it; undefined when the host cannot tell (taken as held).
   */
  holdsCheckin(slug: string, uuid: string): boolean | undefined;
}

/** The same request addressed to `target` (origin-form), its body passed on unread. */
export function requestTo(request: Request, target: string): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers };
  if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = request.body;
    init.duplex = 'half';
  }
  return new Request(new URL(target, request.url), init);
}

/** Which of an answer's recorded uuids are the device's own. */
type Claim = (recorded: string[]) => string[];

export function createDeviceGate({ store, checkins, holdsCheckin }: DeviceGateOptions) {
  const unknownList = () => refusal(404, 'Check-in list not found');
  const RECORDED = new Set([200, 201, 422]);

  /** `revoked`: the answer is cut to what a revoked device may read (gate-bodies.ts, `revokedView`). */
  const finisher =
    (device: StoredDevice, credential: string, claim: Claim | null, counting: boolean, revoked = false) =>
    async (answer: Response): Promise<Response> => {
      const slug = device.list_slug;
      const headers = new Headers();
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.set(name, value.split(slug).join(credential));
      });
      if (!answer.body) return new Response(null, { status: answer.status, headers });
      const text = await answer.text();
      // A revoked device's answer is read as JSON whatever its type says (the door reads it so);
      // one that is not JSON says nothing at all to it: it could name anything.
      const json = revoked || (headers.get('content-type') ?? '').includes('json');
      let body = text.split(slug).join(credential);
      if (json) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
          if (revoked) body = '';
        }
        if (parsed !== undefined) {
          if (claim && RECORDED.has(answer.status)) {
            const recorded = recordedUuids(parsed);
            await checkins.add(device.id, claim(recorded));
            if (counting) await store.countTaken(device.id, recorded);
          }
          try {
            body = JSON.stringify(replaced(revoked ? revokedView(parsed) : parsed, slug, credential));
          } catch (error) {
            if (!(error instanceof TooDeep)) throw error;
            return refusal(502, 'The answer for this device could not be passed on');
          }
        }
      }
      return new Response(body, { status: answer.status, headers });
    };

  /**
   * A revoked device's check-in POST, its body read here: the uuids it sends that the list does
   * not hold yet are its own before the service sees them, so kill -9 between the service's
   * record and the answer leaves them its own for the retry.
   */
  const revokedPost = async (
    request: Request,
    target: string,
    device: StoredDevice,
    credential: string,
  ): Promise<GateVerdict> => {
    let buffered: Request;
    try {
      buffered = await bufferedRequest(request, MAX_BODY_BYTES, new URL(target, request.url).href);
    } catch (error) {
      if (error instanceof ApiError)
        return { kind: 'answer', response: refusal(error.status, error.message) };
      return { kind: 'answer', response: refusal(400, 'The request body could not be read') };
    }
    const sent = await sentUuids(buffered.clone());
    const fresh = [...(sent ?? [])].filter((uuid) => holdsCheckin(device.list_slug, uuid) === false);
    await checkins.add(device.id, fresh);
    // A uuid it sent is its own only if fresh (added above); one the service chose is new.
    const claim: Claim = (recorded) => (sent ? recorded.filter((uuid) => !sent.has(uuid)) : []);
    return {
      kind: 'mapped',
      target,
      request: buffered,
      finish: finisher(device, credential, claim, true, true),
    };
  };

  /** What to do with `request`, which arrived as `rawTarget` (already judged safe: ../http/request-target). */
  return async (request: Request, rawTarget: string): Promise<GateVerdict> => {
    const { method } = request;
    if (method === 'OPTIONS') return { kind: 'not-a-device' };
    const path = targetPath(rawTarget);
    const query = rawTarget.slice(path.length);
    const [, api, lists, credential, ...rest] = routedPath(path).split('/');
    if (api !== 'checkin' || lists !== 'checkin_lists' || !credential?.startsWith(DEVICE_CREDENTIAL_PREFIX))
      return { kind: 'not-a-device' };
    const device = CREDENTIAL_PATTERN.test(credential) ? store.deviceByCredential(credential) : undefined;
    if (!device) return { kind: 'answer', response: unknownList() };
    if (isDead(device)) return { kind: 'answer', response: revokedAnswer() };
    const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
    const target = `/checkin/checkin_lists/${device.list_slug}${tail}${query}`;
    const checkinPost = method === 'POST' && rest.length === 1 && rest[0] === 'checkins';
    if (device.revoked_at === null) {
      const claim: Claim | null = checkinPost ? (recorded) => recorded : null;
      return {
        kind: 'mapped',
        target,
        request: requestTo(request, target),
        finish: finisher(device, credential, claim, false),
      };
    }
    if (checkinPost) return revokedPost(request, target, device, credential);
    const undo = method === 'DELETE' && rest.length === 2 && rest[0] === 'checkins';
    if (undo && (await checkins.has(device.id, rest[1] ?? ''))) {
      return {
        kind: 'mapped',
        target,
        request: requestTo(request, target),
        finish: finisher(device, credential, null, false, true),
      };
    }
    return { kind: 'answer', response: revokedAnswer() };
  };
}
