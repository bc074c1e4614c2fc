// The door's side of the fleet's own endpoints on the app's server (`/__service/doors`, the
// protocol in src/fleet/fleet-protocol.ts): joining by a code, reporting, saying the list is
// forgotten. Answers are parsed here, at the edge; a revoked device is the failure `revoked`
// (410 `revoked: true`, src/api/http.ts). The credential travels in the Authorization header
// only; nothing here logs it or the report.
import * as z from 'zod/mini';
import { type Result, ok } from '../domain/result';
import type { DoorInstructions, DoorJoined, DoorReport } from '../fleet/fleet-protocol';
import { DEVICE_AUTH_SCHEME, DOORS_PATH } from '../fleet/fleet-protocol';
import { createTransport, type FetchLike } from './http';

// Typed by the protocol: the schemas must give exactly its shapes.
const joinedSchema: z.ZodMiniType<DoorJoined> = z.object({
  device: z.object({ id: z.string().check(z.minLength(1)), name: z.string() }),
  credential: z.string().check(z.minLength(1)),
  checkin_url: z.string().check(z.minLength(1)),
  checkin_list: z.object({ title: z.string() }),
});

const instructionsSchema: z.ZodMiniType<DoorInstructions> = z.object({ identify: z.boolean() });

export interface DoorsClient {
  /** The server this client talks to (an origin: `/__service/doors` is under it). */
  readonly serverUrl: string;
  join(code: string, name: string, appVersion: string): Promise<Result<DoorJoined>>;
  report(credential: string, report: DoorReport): Promise<Result<DoorInstructions>>;
  forgotten(credential: string): Promise<Result<void>>;
}

/** How long a report or a join may take before it counts as lost: a report is never waited for. */
const TIMEOUT_MS = 10_000;

export function createDoorsClient(serverUrl: string, fetch: FetchLike): DoorsClient {
  const origin = new URL(serverUrl).origin;
  const transport = createTransport({ baseUrl: `${origin}${DOORS_PATH}`, fetch, timeoutMs: TIMEOUT_MS });
  const device = (credential: string) => ({ authorization: `${DEVICE_AUTH_SCHEME} ${credential}` });
  return {
    serverUrl: origin,
    join: (code, name, appVersion) =>
      transport.request(
        { method: 'POST', path: '/join', body: { code, name, app_version: appVersion } },
        joinedSchema,
      ),
    report: (credential, report) =>
      transport.request(
        { method: 'POST', path: '/report', headers: device(credential), body: report },
        instructionsSchema,
      ),
    async forgotten(credential) {
      const answer = await transport.request(
        { method: 'POST', path: '/forgotten', headers: device(credential), body: {} },
        z.unknown(),
      );
      return answer.ok ? ok(undefined) : answer;
    },
  };
}
