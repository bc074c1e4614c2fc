// Whether this organiser screen can reach a fleet, and where. The fleet lives only on the app's
// own Node server (the built-in service's host or the relay), beside its Admin API: the demo in
// this browser has no doors to speak to, and another Admin API knows nothing of devices.
import type { ServiceInfo } from '../../../api/service-info';
import type { Connection } from '../connection';

export type FleetAccess =
  | { kind: 'ready'; origin: string; token: string }
  /** The demo service inside this browser: no other device can reach it. */
  | { kind: 'demo' }
  /** The page did not come from the app's Node server (a static host, the dev server). */
  | { kind: 'no-server' }
  /** The app's server, but one without the fleet (older than it). */
  | { kind: 'old-server' }
  /** Connected to another Admin API than this server's. */
  | { kind: 'foreign'; host: string }
  | { kind: 'signed-out' };

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * `pageOrigin` is where this page came from: the browser only ever talks to that server, so a
 * pasted connection to its own `/v3` counts as this server too.
 */
export function fleetAccess(
  connection: Connection,
  info: ServiceInfo | null,
  pageOrigin: string,
): FleetAccess {
  if (connection.kind === 'builtin') return { kind: 'demo' };
  if (!connection.token) return { kind: 'signed-out' };
  if (connection.kind === 'remote') {
    const admin = originOf(connection.baseUrl);
    const own = [pageOrigin, info?.origin].filter(Boolean);
    if (!admin || !own.includes(admin)) return { kind: 'foreign', host: admin ? new URL(admin).host : '' };
  }
  if (!info) return { kind: 'no-server' };
  if (!info.fleet) return { kind: 'old-server' };
  return { kind: 'ready', origin: pageOrigin, token: connection.token };
}
