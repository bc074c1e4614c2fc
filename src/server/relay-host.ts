// The Node server with UPSTREAM_* set: a relay in front of a real ticketing service. On disk it
// keeps only its data directory (RELAY_DATA_DIR, `.relay-data` by default; RELAY_MIRROR=off:
// none): the venue mirror, the digests of organiser sessions so they survive a restart, the
// upstream's clock offset (../relay/upstream-clock), and the fleet (doors joined by code:
// ../fleet), which without a data directory is off.
// Sign-in codes live in memory. The banner prints the relay's own addresses, the organiser's link and the
// upstreams' addresses (never the upstream token, never a list slug).
import { resolve } from 'node:path';
import { type HttpBindings, serve } from '@hono/node-server';
import { systemClock } from '../platform/clock';
import { createOrganiserSignIn } from './sign-in/organiser-sign-in';
import { createStaticApp } from './static-app';
import type { ServerSettings } from './config';
import { httpsAdvice, tlsServeOptions } from './tls';
import { runUntilStopped } from './lifecycle';
import { signInBanner } from './sign-in/sign-in-banner';
import { createSignInCodes } from './sign-in/sign-in-codes';
import { DEFAULT_LIMITS } from '../relay/forward';
import { allowedHosts } from '../relay/host-check';
import { createRelayApi } from '../relay/relay-api';
import type { RelaySettings } from '../relay/relay-config';
import { createRelayFetch } from './relay-fetch';
import { createRelaySessions } from '../relay/relay-sessions';
import { sessionFile } from '../relay/session-file';
import { createUpstreamClock, offsetFile } from '../relay/upstream-clock';
import { relaySignInBackend } from './sign-in/relay-backend';
import { createUpstreamHealth } from '../relay/upstream-health';
import { randomUUID } from 'node:crypto';
import { createMirror } from '../relay/mirror/mirror';
import { startServerFleet } from './fleet/server-fleet';
import { relayFleetPorts } from './fleet/relay-fleet-ports';
import { privateDataDir } from '../platform/private-files';
import { dataSeal } from '../platform/data-seal';
import { withCompression } from './compressed-answer';

const shown = (url: URL) => `${url.origin}${url.pathname}`;

export async function startRelayHost(settings: ServerSettings, relay: RelaySettings) {
  const origin = settings.publicOrigin;
  const doorOrigin = settings.appOrigin ?? origin;
  const seal = dataSeal(settings.dataKey);
  if (relay.dataDir) await privateDataDir(resolve(relay.dataDir), (message) => console.warn(message));
  // With a data directory (the venue mirror's), organisers stay signed in across a restart.
  const sessions = createRelaySessions(
    systemClock,
    undefined,
    relay.dataDir ? sessionFile(resolve(relay.dataDir), (message) => console.warn(message)) : null,
  );
  const health = createUpstreamHealth(relay, systemClock);
  // What doors are served is in the upstream's clock: their cursors meet its `updated_at`.
  const upstreamClock = createUpstreamClock(
    systemClock,
    relay.dataDir ? offsetFile(resolve(relay.dataDir), (message) => console.warn(message)) : null,
  );
  const api = createRelayApi({
    settings: relay,
    sessions,
    hosts: allowedHosts({
      publicOrigin: origin,
      appOrigin: settings.appOrigin,
      host: settings.host,
      port: settings.port,
    }),
    doorOrigin,
    publicOrigin: origin,
    limits: { ...DEFAULT_LIMITS, timeoutMs: relay.timeoutMs },
    clock: upstreamClock,
  });
  const mirror = relay.dataDir
    ? createMirror({
        dir: resolve(relay.dataDir, 'mirror'),
        upstream: {
          base: relay.checkinUrl,
          limits: { ...DEFAULT_LIMITS, timeoutMs: relay.timeoutMs },
          clock: upstreamClock,
        },
        clock: upstreamClock,
        newUuid: randomUUID,
        intervalMs: relay.mirrorIntervalMs,
        passThrough: api.passThrough,
        answer: api.answerLocal,
        warn: (message) => console.warn(message),
        seal,
      })
    : null;
  if (mirror) {
    await mirror.start();
    api.setCheckinHandler(mirror.handler);
  }
  const signIn = createOrganiserSignIn(
    relaySignInBackend(relay, sessions, health, mirror ? () => mirror.describe() : null),
    createSignInCodes(systemClock),
    settings,
  );
  const fleet = relay.dataDir
    ? await startServerFleet({
        dataDir: resolve(relay.dataDir),
        ports: relayFleetPorts(relay, sessions, { ...DEFAULT_LIMITS, timeoutMs: relay.timeoutMs }),
        // A write the mirror does not answer goes upstream, whose check-ins this cannot see.
        holdsCheckin: (slug, uuid) => mirror?.holds(slug, uuid),
        doorOrigin,
        seal,
        onlineWithinMs: settings.fleetOnlineWithinMs,
      })
    : null;
  const fetch = createRelayFetch({
    api,
    signIn,
    staticApp: createStaticApp(resolve(settings.distDir)),
    doorOrigin,
    fleet,
  });
  const interactive = process.stdin.isTTY === true;
  const firstLink = await signInBanner(signIn.newLink(), { exposed: settings.exposed, interactive });
  const server = serve(
    {
      fetch: withCompression((request, env) => fetch(request, env as HttpBindings)),
      port: settings.port,
      hostname: settings.host,
      ...tlsServeOptions(settings.tls),
    },
    () => {
      const lines = [
        `Venue check-in is running at ${origin}/ as a relay`,
        `  Relays to:    Check-in API ${shown(relay.checkinUrl)}   Admin API ${shown(relay.adminUrl)}`,
        '                (the Admin API token stays on this server; browsers only talk to this address)',
        `  Admin API:    ${origin}/v3 (signed-in organisers)   Check-in API: ${origin}/checkin`,
        `  Doors:        open ${doorOrigin}/checkin_lists/<list slug>, or type a list's slug or its web`,
        '                check-in address in the door app served here; the door kit shows each list.',
        `  Health:       ${origin}/__service`,
      ];
      if (mirror && relay.dataDir)
        lines.push(
          `  Mirror:       on: joined lists and doors' check-ins are kept in ${resolve(relay.dataDir)}`,
          relay.dataDirDefault
            ? '                (the default; RELAY_DATA_DIR chooses another place, RELAY_MIRROR=off turns it off)'
            : '                (RELAY_DATA_DIR; RELAY_MIRROR=off turns it off)',
          seal.sealing
            ? '                sealed with DATA_KEY'
            : '                not sealed: DATA_KEY is not set',
        );
      else
        lines.push(
          '  Mirror:       off (RELAY_MIRROR=off): doors sync through to the service, nothing is kept here',
        );
      if (settings.exposed)
        lines.push(`  WARNING:      listening on ${settings.host}, reachable from other machines.`);
      if (settings.exposed && !settings.tls) lines.push(...httpsAdvice());
      lines.push(firstLink);
      console.log(lines.join('\n'));
    },
  );
  runUntilStopped({ server, newLink: () => signIn.newLink(), exposed: settings.exposed, interactive });
  return { server };
}
