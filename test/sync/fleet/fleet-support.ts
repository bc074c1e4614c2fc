// The app's server as a code-joined door meets it, in process: the fleet's endpoints
// (`/__service/doors/*`, src/fleet/fleet-protocol.ts) beside the mock service's Check-in API,
// the device's credential standing in the slug's place. A stand-in with the protocol's answers
// (the real one is tested against a server process in test/server/fleet-door-server.test.ts);
// the test decides when the device is revoked, when the network is down, and what fails. Every
// request that reaches it is logged in order, so a test can say what happened before what.
import type { FetchLike } from '../../../src/api/http';
import type { CheckinDatabase } from '../../../src/db/database';
import type { MockService } from '../../../src/mock-api/service';
import { createDoorsClient } from '../../../src/api/doors-client';
import type { DoorReport } from '../../../src/fleet/fleet-protocol';
import type { DeviceFacts } from '../../../src/sync/fleet/door-report';
import { clientOver, freshDb, LIST, manualClock } from '../support';

export const SERVER = 'http://venue.test';
export const CREDENTIAL = `dev_${'k7'.repeat(20)}`;
export const CODE = '7K3MQ9TZ2HX4VB8N';
const REVOKED = { status: 410, message: 'This device was revoked by the organiser', revoked: true };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FleetServer {
  fetch: FetchLike;
  /** Every request as it came: `join`, `report`, `forgotten`, `GET checkins`, `POST checkins`… */
  log: string[];
  reports: DoorReport[];
  /** The raw bodies of the reports, as they crossed the wire. */
  reportBodies: string[];
  revoked: boolean;
  /** Nothing answers (the door's network is down). */
  offline: boolean;
  /** Check-in writes answer this status instead of being taken. */
  writesFail: number | null;
  /** The next report's answer asks the door to show who it is. */
  identify: boolean;
  forgotten: boolean;
  /** The next check-in write is taken by the service, but its answer never reaches the door. */
  loseNextAnswer: boolean;
  /** Called as that answer is lost (the organiser revokes the device at that moment, say). */
  onLostAnswer: (() => void) | null;
  /**
   * Awaited before an answer leaves (`what` as logged): a test holds it there while the door
   * goes offline, as an answer already on its way when the network went.
   */
  beforeAnswer: ((what: string) => Promise<void>) | null;
}

export function fleetServer(service: MockService, listSlug = LIST): FleetServer {
  const server: FleetServer = {
    fetch: async (request) => {
      if (server.offline) throw new TypeError('Failed to fetch');
      const url = new URL(request.url);
      const auth = request.headers.get('authorization');
      const doors = /^\/__service\/doors\/(\w+)$/.exec(url.pathname)?.[1];
      if (doors === 'join') {
        server.log.push('join');
        const body = (await request.json()) as { code: string; name: string };
        if (body.code !== CODE)
          return json({ status: 404, message: 'This join code does not join a door' }, 404);
        return json(
          {
            device: { id: 'devid-1', name: body.name },
            credential: CREDENTIAL,
            // As the app's server answers it: relative to where the door reached it.
            checkin_url: '/checkin',
            checkin_list: { title: 'Main door' },
          },
          201,
        );
      }
      if (doors === 'report' || doors === 'forgotten') {
        server.log.push(doors);
        if (auth !== `Device ${CREDENTIAL}`) return json({ status: 401, message: 'unknown' }, 401);
        if (doors === 'forgotten') {
          server.forgotten = true;
          return new Response(null, { status: 204 });
        }
        if (server.revoked) return json(REVOKED, 410);
        const text = await request.text();
        server.reportBodies.push(text);
        server.reports.push(JSON.parse(text));
        const identify = server.identify;
        server.identify = false;
        await server.beforeAnswer?.(doors);
        return json({ identify });
      }
      const prefix = `/checkin/checkin_lists/${CREDENTIAL}`;
      if (!url.pathname.startsWith(prefix)) return json({ status: 404, message: 'not here' }, 404);
      const rest = url.pathname.slice(prefix.length);
      const write = request.method !== 'GET';
      const what = `${request.method} ${rest.split('/')[1] ?? 'list'}`;
      server.log.push(what);
      if (server.revoked && !write) return json(REVOKED, 410);
      if (write && server.writesFail !== null)
        return json({ status: server.writesFail, message: 'refused' }, server.writesFail);
      const inner = new URL(`http://mock.test/checkin/checkin_lists/${listSlug}${rest}${url.search}`);
      const body = write ? await request.text() : null;
      const answer = await service.handle(
        new Request(inner, { method: request.method, headers: request.headers, body }),
      );
      if (write && server.loseNextAnswer) {
        server.loseNextAnswer = false;
        server.onLostAnswer?.();
        throw new TypeError('Failed to fetch');
      }
      // The slug never leaves the server: its answers carry the credential in its place.
      const text = (await answer.text()).replaceAll(listSlug, CREDENTIAL);
      await server.beforeAnswer?.(what);
      return new Response(answer.status === 204 ? null : text, {
        status: answer.status,
        headers: answer.headers,
      });
    },
    log: [],
    reports: [],
    reportBodies: [],
    revoked: false,
    offline: false,
    writesFail: null,
    identify: false,
    forgotten: false,
    loseNextAnswer: false,
    onLostAnswer: null,
    beforeAnswer: null,
  };
  return server;
}

/** A door device of the fleet: its own database and engine, the fleet's endpoints at SERVER. */
export async function fleetDoor(
  server: FleetServer,
  {
    name = 'North door',
    db = freshDb(name),
    deviceFacts,
  }: { name?: string; db?: CheckinDatabase; deviceFacts?: () => Promise<DeviceFacts> } = {},
) {
  const { createSyncEngine } = await import('../../../src/sync/engine/sync-engine');
  const clock = manualClock();
  const engine = createSyncEngine({
    db,
    clientFor: clientOver(server.fetch),
    defaultBaseUrl: `${SERVER}/checkin`,
    deviceName: () => name,
    clock,
    random: () => 0.5,
    doorsFor: (serverUrl) => createDoorsClient(serverUrl, server.fetch),
    appVersion: '9.9.9',
    deviceFacts:
      deviceFacts ??
      (async () => ({
        updateWaiting: false,
        readiness: { ready: true, items: [{ id: 'list-complete', level: 'green' }] },
        battery: { level: 0.62, charging: false },
        storage: { persisted: true, freeBytes: 5_000_000_000 },
      })),
  });
  return { engine, db, clock };
}
