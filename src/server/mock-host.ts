// The Node server with the built-in mock service: the built app at `/` and the mock under /v3
// (Admin API), /checkin (Check-in API) and /__mock, on one port. Its store is journaled to
// MOCK_DATA_DIR, so a write it answered survives `kill -9`. Every answer carries the security
// headers of ./security-headers and a `Date` from the service's own clock (MOCK_CLOCK_OFFSET_MS
// moves it, and then its records' times and its `Date` move together, as a real service's
// would); addresses in answers come from the configured public origin, never from the request's
// Host header.
import { closeAfterRefusal } from './discard-body';
import { routedPath } from '../http/route-path';
import { refusedTarget, targetPath } from '../http/request-target';
import { resolve } from 'node:path';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { warmCheckinLists } from '../mock-api/checkin/warm';
import { DroppedResponse } from '../mock-api/faults';
import { mockSignInBackend } from './sign-in/mock-backend';
import { SERVICE_INFO_PATH, createOrganiserSignIn } from './sign-in/organiser-sign-in';
import { withSecurityHeaders } from './security-headers';
import { withCompression } from './compressed-answer';
import type { ServerSettings } from './config';
import { httpsAdvice, tlsServeOptions } from './tls';
import { type MockService, createMockService } from '../mock-api/service';
import { type Clock, offsetClock, systemClock } from '../platform/clock';
import { withHeaders } from '../http/answer-headers';
import { DEMO_ACCOUNT, DEMO_EVENT, replaceWellKnownSlugs } from '../mock-api/seed/demo';
import { createStaticApp, notFoundPage } from './static-app';
import { runUntilStopped } from './lifecycle';
import { signInBanner } from './sign-in/sign-in-banner';
import { createSignInCodes } from './sign-in/sign-in-codes';
import { nodeJournalPersistence, setAsideStoredData } from '../mock-api/store/persistence-node';
import { RESET_VARIABLE } from '../mock-api/store/stored-data-error';
import { isFleetPath } from '../fleet/fleet-http';
import { type ServerFleet, startServerFleet } from './fleet/server-fleet';
import { mockFleetPorts } from './fleet/mock-fleet-ports';
import { setFleetAside } from './fleet/fleet-aside';
import { privateDataDir } from '../platform/private-files';
import { dataSeal } from '../platform/data-seal';

const SERVICE_PATH = /^\/(v3|checkin|__mock)(\/|$)/;
// Where a refused target gets an API's JSON answer rather than the files' (sign-in is JSON too).
const JSON_PATH = /^\/(v3|checkin|__mock|__service)(\/|$)/;

type OrganiserSignIn = ReturnType<typeof createOrganiserSignIn>;

/**
 * One fetch handler for the app and the mock; a dropped answer destroys the connection. With a
 * fleet, its paths are answered first and a device's credential in a Check-in API path is
 * mapped to its list's slug (../fleet/device-gate) before the mock sees the request.
 */
export function createServerFetch(
  service: MockService,
  distDir: string,
  signIn?: OrganiserSignIn,
  fleet?: ServerFleet,
) {
  const staticApp = createStaticApp(distDir);
  const answer = async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const raw = env.incoming.url ?? '';
    const refused = refusedTarget(raw);
    if (refused) {
      // The API is the one the target names as sent: its dots may have resolved into another.
      // Named as sent, or as it would resolve (`/x/../v3/hello`).
      const api =
        JSON_PATH.exec(routedPath(targetPath(raw)))?.[0] ??
        JSON_PATH.exec(routedPath(new URL(request.url).pathname))?.[0];
      const named = api && new Request(new URL(api, request.url), { headers: request.headers });
      const answer = named
        ? withSecurityHeaders(service.refuse(named, refused.status, refused.message), 'api')
        : withSecurityHeaders(notFoundPage(refused.status), 'app');
      return closeAfterRefusal(request, answer);
    }
    const pathname = new URL(request.url).pathname;
    const caller = env.incoming.socket.remoteAddress ?? 'unknown';
    if (fleet && isFleetPath(pathname))
      return closeAfterRefusal(request, withSecurityHeaders(await fleet.http(request, caller), 'api'));
    const verdict = fleet ? await fleet.gate(request, raw) : { kind: 'not-a-device' as const };
    if (verdict.kind === 'answer')
      return closeAfterRefusal(request, withSecurityHeaders(verdict.response, 'api'));
    if (signIn && (pathname === SERVICE_INFO_PATH || pathname.startsWith(`${SERVICE_INFO_PATH}/`))) {
      return closeAfterRefusal(request, withSecurityHeaders(await signIn.handle(request, caller), 'api'));
    }
    const isService = SERVICE_PATH.test(routedPath(pathname));
    if (!isService) return withSecurityHeaders(await staticApp.fetch(request, env), 'app');
    try {
      const answer =
        verdict.kind === 'mapped'
          ? await verdict.finish(await service.handle(verdict.request))
          : await service.handle(request);
      return await closeAfterRefusal(request, withSecurityHeaders(answer, 'api'));
    } catch (error) {
      if (!(error instanceof DroppedResponse)) throw error;
      env.incoming.socket.destroy();
      return new Response(null, { status: 500 });
    }
  };

  return async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    try {
      return await answer(request, env);
    } catch (error) {
      // A fault of the server itself: named in the log (never the request, which holds slugs
      // and credentials), answered in the API's shape with the usual headers, never a bare 500.
      console.error(`server fault: ${error instanceof Error ? error.name : 'unknown'}`);
      const faulted = new Request(new URL(request.url), { headers: request.headers });
      const api = JSON_PATH.test(new URL(request.url).pathname);
      return withSecurityHeaders(
        api
          ? service.refuse(faulted, 503, 'The server could not handle this request; try again')
          : new Response('The server could not handle this request; try again.', {
              status: 503,
              headers: { 'content-type': 'text/plain; charset=utf-8' },
            }),
        api ? 'api' : 'app',
      );
    }
  };
}

async function ensureTokens(service: MockService, settings: ServerSettings): Promise<string[]> {
  if (settings.tokens)
    return settings.tokens.map((t) => `${t.token} (${t.mode}, ${t.version}, ${t.accounts.join('|')})`);
  const stored = service.context.store
    .all('api_tokens')
    .filter((t) => !t.revoked_at && t.issued_by !== 'sign-in-link');
  const tokens =
    stored.length > 0
      ? stored
      : [
          await service.generateToken({ mode: 'live', version: '3.0', accounts: [DEMO_ACCOUNT] }),
          await service.generateToken({ mode: 'test', version: '3.0', accounts: [DEMO_ACCOUNT] }),
        ];
  return tokens.map((t) => `${t.token} (${t.mode}, ${t.version}, ${t.account_slugs.join('|')})`);
}

/** Whether the list holds a check-in of this uuid, as the service's own rule for a uuid sent again reads it. */
function holdsCheckin(service: MockService, slug: string, uuid: string): boolean | undefined {
  const { store } = service.context;
  const list = store.findOne('checkin_lists', 'bySlug', slug);
  return list ? store.findOne('checkins', 'byListUuid', `${list.id}:${uuid}`) !== undefined : undefined;
}

function demoLists(service: MockService) {
  const { store } = service.context;
  const event = store.all('events').find((e) => e.slug === DEMO_EVENT);
  return event ? store.all('checkin_lists').filter((l) => l.event_id === event.id) : [];
}

/** Every answer dated by `clock`, unless it carries its own `Date` (a fault's). */
function datedBy<A extends unknown[]>(
  clock: Clock,
  fetch: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const answer = await fetch(request, ...rest);
    return answer.headers.has('date') ? answer : withHeaders(answer, { date: clock.now().toUTCString() });
  };
}

export async function startMockHost(settings: ServerSettings) {
  const dataDir = resolve(settings.dataDir);
  const seal = dataSeal(settings.dataKey);
  await privateDataDir(dataDir, (message) => console.warn(message));
  if (settings.reset) {
    const aside = await setFleetAside(dataDir, await setAsideStoredData(dataDir));
    console.warn(
      aside
        ? `${RESET_VARIABLE}: the previous data was moved to ${aside}; seeding afresh. Unset it, or the next start sets this data aside too.`
        : `${RESET_VARIABLE}: no stored data in ${dataDir}; seeding afresh.`,
    );
  }
  const clock = offsetClock(systemClock, settings.clockOffsetMs);
  const service = createMockService({
    clock,
    persistence: nodeJournalPersistence(dataDir, { seal }),
    config: {
      seed: settings.seed,
      refuseOtherSeed: settings.seedGiven,
      faults: settings.faults,
      controlToken: settings.controlToken,
      appOrigin: settings.appOrigin,
      publicOrigin: settings.publicOrigin,
      corsOrigins: settings.corsOrigins,
      freshDemoSlugs: settings.exposed && !settings.fixedDemoSlugs,
      tokens: settings.tokens,
      duplicateCheckins: settings.duplicateCheckins,
    },
  });
  await service.ready;
  // Data seeded by an earlier start on loopback still has the slugs printed in the source.
  if (service.context.config.freshDemoSlugs)
    await service.write(() => replaceWellKnownSlugs(service.context));
  warmCheckinLists(service.context);
  const tokens = await ensureTokens(service, settings);
  const signIn = createOrganiserSignIn(mockSignInBackend(service), createSignInCodes(systemClock), settings);
  const interactive = process.stdin.isTTY === true;
  const firstLink = await signInBanner(signIn.newLink(), { exposed: settings.exposed, interactive });
  const fleet = await startServerFleet({
    dataDir,
    ports: mockFleetPorts(service),
    holdsCheckin: (slug, uuid) => holdsCheckin(service, slug, uuid),
    doorOrigin: settings.appOrigin ?? settings.publicOrigin,
    seal,
    onlineWithinMs: settings.fleetOnlineWithinMs,
  });
  const served = createServerFetch(service, resolve(settings.distDir), signIn, fleet);
  // On this machine's clock Node dates every answer itself; only a moved clock needs its own.
  const fetch = withCompression(settings.clockOffsetMs === 0 ? served : datedBy(clock, served));
  const server = serve(
    { fetch, port: settings.port, hostname: settings.host, ...tlsServeOptions(settings.tls) },
    () => {
      const origin = settings.publicOrigin;
      // The start banner is the one place tokens and list slugs are printed.
      const lines = [
        `Venue check-in is running at ${origin}/`,
        `  Admin API:    ${origin}/v3   Check-in API: ${origin}/checkin`,
        `  Data:         ${dataDir} (seed ${service.context.store.seedName ?? 'stored'}; ${seal.sealing ? 'sealed with DATA_KEY' : 'not sealed: DATA_KEY is not set'})`,
      ];
      if (settings.exposed) {
        lines.push(
          `  WARNING:      listening on ${settings.host}, reachable from other machines: anyone on the`,
          '                network with a list address or a token can read its attendees.',
          settings.fixedDemoSlugs
            ? '                MOCK_DEMO_SLUGS=fixed: the demo lists keep the slugs printed in the source.'
            : '                The demo lists got fresh slugs (MOCK_DEMO_SLUGS=fixed keeps the well-known ones).',
        );
        if (!settings.tls) lines.push(...httpsAdvice());
      }
      for (const list of demoLists(service)) {
        lines.push(
          `  Demo list:    ${settings.appOrigin ?? origin}/checkin_lists/${list.slug} (${list.title})`,
        );
      }
      lines.push(firstLink);
      for (const token of tokens) lines.push(`  API token:    ${token}`);
      if (settings.faults) {
        lines.push('  Faults:       enabled (/__mock/faults, /__mock/reset)');
        if (settings.controlTokenGenerated)
          lines.push(`  Control token: ${settings.controlToken} (Authorization: Bearer)`);
      }
      if (settings.clockOffsetMs !== 0)
        lines.push(
          `  Clock:        the service's clock runs ${settings.clockOffsetMs} ms from this machine's`,
        );
      if (settings.duplicateCheckins === 'refuse')
        lines.push('  Duplicates:   a second check-in of a ticket already in is refused (422)');
      console.log(lines.join('\n'));
    },
  );
  runUntilStopped({
    server,
    newLink: () => signIn.newLink(),
    exposed: settings.exposed,
    interactive,
    beforeExit: () => service.close(),
  });
  return { service, server };
}
