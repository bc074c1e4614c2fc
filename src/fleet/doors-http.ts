// `/__service/doors/*`: what a door says to the server with no organiser credential.
//   POST join       {code, name, app_version} -> 201 DoorJoined
//   POST report     Authorization: Device <credential>, DoorReport -> 200 DoorInstructions
//   POST forgotten  Authorization: Device <credential> -> 204
// Every code that joins no one (unknown, expired, used up, withdrawn, not even code-shaped) gets
// the same 404, and counts against the caller's address (./attempt-limit). A credential the
// server does not know is 401; a revoked one reads 410 `revoked: true`; forgetting is
// idempotent, so a door whose answer was lost can say it again, and it removes the record of
// the check-ins the device made (./device-checkins) once the credential is dead.
import type { AttemptVerdict } from './attempt-limit';
import type { DeviceCheckins } from './device-checkins';
import { credentialFromHeader } from './device-credentials';
import { jsonBody, json, notAllowed, rateLimited, refusal, revokedAnswer } from './fleet-answers';
import { readDoorReport, readJoinRequest } from './fleet-bodies';
import type { StoredDevice } from './fleet-data';
import type { DoorInstructions, DoorJoined } from './fleet-protocol';
import { type FleetStore, isDead } from './fleet-store';

const JOIN_BYTES = 1024;
const REPORT_BYTES = 8 * 1024;
const FORGOTTEN_BYTES = 1024;

export const NO_SUCH_CODE =
  'This join code does not join a door: it may be mistyped, expired, used up or withdrawn. Ask the organiser for a new one.';

export interface DoorsHttpOptions {
  store: FleetStore;
  /** The check-ins each device made: a forgotten device's go with it. */
  checkins: Pick<DeviceCheckins, 'drop'>;
  attempts: { take(caller: string): AttemptVerdict; refund(caller: string): void };
}

export function createDoorsHttp(options: DoorsHttpOptions) {
  const { store } = options;

  const join = async (request: Request, caller: string): Promise<Response> => {
    // Counted as a wrong code from here, before its body is read: given back below if it was not.
    const allowed = options.attempts.take(caller);
    if (!allowed.ok) return rateLimited(allowed.retryAfterSeconds);
    const read = readJoinRequest(
      await jsonBody(request, JOIN_BYTES).catch((error: unknown) => {
        options.attempts.refund(caller);
        throw error;
      }),
    );
    if (!read.ok) {
      options.attempts.refund(caller);
      return refusal(400, read.message);
    }
    const joined = await store.join(read.value.code, read.value.name, read.value.app_version);
    if (!joined.ok) {
      if (joined.reason !== 'full') return refusal(404, NO_SUCH_CODE);
      options.attempts.refund(caller);
      return refusal(
        409,
        'This event has as many doors as the server keeps: the organiser revokes some first.',
      );
    }
    options.attempts.refund(caller);
    const { device, credential } = joined.value;
    const answer: DoorJoined = {
      device: { id: device.id, name: device.name },
      credential,
      // Relative: the door resolves it against the address it reached this server at. The public
      // origin may not be that address (the LAN address picked at start, a name, a proxy), and a
      // Check-in API on another origin is cross-origin for the door's page: its reads failed as
      // "cannot be reached" after the join had already spent one of the code's devices.
      checkin_url: '/checkin',
      checkin_list: { title: device.list_title },
    };
    return json(answer, 201);
  };

  /** The device the request's credential names, or the answer refusing it. */
  const deviceOf = (request: Request, deadToo: boolean): StoredDevice | Response => {
    const credential = credentialFromHeader(request.headers.get('authorization'));
    const device = credential ? store.deviceByCredential(credential) : undefined;
    if (!device)
      return refusal(
        401,
        'This device is not known here: send Authorization: Device <credential> of a joined door.',
      );
    if (!deadToo && (device.revoked_at !== null || isDead(device))) return revokedAnswer();
    return device;
  };

  const report = async (request: Request): Promise<Response> => {
    const device = deviceOf(request, false);
    if (device instanceof Response) return device;
    const read = readDoorReport(await jsonBody(request, REPORT_BYTES));
    if (!read.ok) return refusal(400, read.message);
    const instructions: DoorInstructions = await store.report(device.id, read.value);
    return json(instructions);
  };

  const forgotten = async (request: Request): Promise<Response> => {
    const device = deviceOf(request, true);
    if (device instanceof Response) return device;
    await jsonBody(request, FORGOTTEN_BYTES);
    await store.forget(device.id);
    await options.checkins.drop(device.id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  };

  const routes = new Map<string, (request: Request, caller: string) => Promise<Response>>([
    ['join', join],
    ['report', report],
    ['forgotten', forgotten],
  ]);

  /** `rest`: the path after `/__service/doors/`. */
  return async (request: Request, rest: string[], caller: string): Promise<Response> => {
    const route = rest.length === 1 ? routes.get(rest[0] ?? '') : undefined;
    if (!route) return refusal(404, 'The endpoint requested does not exist');
    if (request.method !== 'POST') return notAllowed(['POST']);
    return route(request, caller);
  };
}
