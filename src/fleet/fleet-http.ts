// The fleet's HTTP surface on the app's server, the same for both hosts: `/__service/doors/*`
// (./doors-http) and `/__service/fleet/*` (./organiser-http). Paths are taken as plain segments
// (letters, digits, `_`, `-`): anything else, a percent-escape or an empty segment included,
// names no route. Every refusal is a 4xx `{status, message}`; a thrown ApiError (a body too
// large, not JSON, too deep, with a prototype key) is answered the same way; anything else
// thrown is a fault and goes up to the host.
import type { Clock } from '../platform/clock';
import { ApiError } from '../http/errors';
import { type AttemptVerdict, createAttemptLimit } from './attempt-limit';
import type { DeviceCheckins } from './device-checkins';
import { createDoorsHttp } from './doors-http';
import { refusal } from './fleet-answers';
import type { FleetPorts } from './fleet-ports';
import { DOORS_PATH, FLEET_PATH } from './fleet-protocol';
import type { FleetStore } from './fleet-store';
import { createOrganiserHttp } from './organiser-http';

const SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

export interface FleetHttpOptions {
  store: FleetStore;
  checkins: Pick<DeviceCheckins, 'drop'>;
  ports: FleetPorts;
  clock: Clock;
  doorOrigin: string;
  /** A door is online while it reported within this (ONLINE_WITHIN_MS unless set). */
  onlineWithinMs?: number;
  attempts?: { take(caller: string): AttemptVerdict; refund(caller: string): void };
}

/** Whether a path is the fleet's to answer. */
export function isFleetPath(pathname: string): boolean {
  return [DOORS_PATH, FLEET_PATH].some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

export function createFleetHttp(options: FleetHttpOptions) {
  const doors = createDoorsHttp({
    store: options.store,
    checkins: options.checkins,
    attempts: options.attempts ?? createAttemptLimit(options.clock),
  });
  const organiser = createOrganiserHttp(options);

  /** Answers a fleet path; `caller` names the client for the join attempt limit (its address). */
  return async (request: Request, caller: string): Promise<Response> => {
    const path = new URL(request.url).pathname.replace(/\/$/, '');
    const doorsPath = path.startsWith(`${DOORS_PATH}/`);
    const rest = path.slice((doorsPath ? DOORS_PATH : FLEET_PATH).length + 1).split('/');
    if (!isFleetPath(path) || !rest.every((segment) => SEGMENT.test(segment)))
      return refusal(404, 'The endpoint requested does not exist');
    try {
      return doorsPath ? await doors(request, rest, caller) : await organiser(request, rest);
    } catch (error) {
      if (error instanceof ApiError) return refusal(error.status, error.message);
      throw error;
    }
  };
}
