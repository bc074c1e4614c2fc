// The Node server's settings, read from the environment.
import { networkInterfaces } from 'node:os';
import type { DuplicateCheckins, SeedOptions, TokenGrant } from '../mock-api/context';
import type { ApiVersion, Mode } from '../mock-api/model/api-token';
import { type RelaySettings, readRelaySettings } from '../relay/relay-config';
import { secretString } from '../platform/secrets';
import { readDataKey } from '../platform/data-seal';
import { SettingsError } from '../platform/settings-error';
import { ONLINE_WITHIN_MS } from '../fleet/fleet-protocol';

/** TLS_CERT_FILE and TLS_KEY_FILE: PEM files; the server then listens with node:https. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface ServerSettings {
  port: number;
  host: string;
  distDir: string;
  dataDir: string;
  seed: SeedOptions;
  seedGiven: boolean;
  /** MOCK_RESET: set the stored data aside and seed afresh. */
  reset: boolean;
  faults: boolean;
  appOrigin: string | undefined;
  tokens: TokenGrant[] | undefined;
  /** The address clients reach the server at: `qr_code_url`, `web_checkin_url`, the banner. */
  publicOrigin: string;
  /** Origins besides the server's own that browsers may call it from. */
  corsOrigins: string[];
  /** Bearer token of `/__mock/reset` and `/__mock/faults`. */
  controlToken: string;
  controlTokenGenerated: boolean;
  /** Whether the server listens beyond this machine (HOST not a loopback address). */
  exposed: boolean;
  /** Keep the demo lists' well-known slugs even when exposed (MOCK_DEMO_SLUGS=fixed). */
  fixedDemoSlugs: boolean;
  tls: TlsFiles | undefined;
  /** MOCK_DUPLICATE_CHECKINS: record a second active check-in of a ticket (default) or refuse it. */
  duplicateCheckins: DuplicateCheckins;
  /** MOCK_CLOCK_OFFSET_MS: the mock service's clock runs this far from this machine's (rehearsals). */
  clockOffsetMs: number;
  /** UPSTREAM_*: relay to a real service instead of serving the built-in mock. */
  relay: RelaySettings | undefined;
  /** DATA_KEY: the personal data in the data folder is sealed at rest with a key made from it. */
  dataKey: string | undefined;
  /** FLEET_ONLINE_WITHIN_S: the Devices screen calls a door online while it reported within this. */
  fleetOnlineWithinMs: number;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host.trim());
}

/** `http://host:port` as a browser would write it; a wildcard host becomes this machine's LAN address. */
export function listeningOrigin(host: string, port: number, secure = false): string {
  let name = host;
  if (host === '0.0.0.0' || host === '::' || host === '') name = lanAddress() ?? '127.0.0.1';
  return `${secure ? 'https' : 'http'}://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

function lanAddress(): string | undefined {
  for (const entries of Object.values(networkInterfaces())) {
    const found = entries?.find((entry) => entry.family === 'IPv4' && !entry.internal);
    if (found) return found.address;
  }
  return undefined;
}

/** An origin from a setting, or an error naming the setting (never echoing a value that may be secret). */
export function parseOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SettingsError(`${name} must be an address such as http://192.168.1.20:4173`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SettingsError(`${name} must be http or https`);
  return url.origin;
}

/** `TOKEN:MODE:VERSION[:acct1|acct2]`, comma-separated. */
export function parseTokenGrants(value: string): TokenGrant[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, index) => {
      const [token, mode, version, accounts] = entry.split(':');
      if (!token || (mode !== 'live' && mode !== 'test') || (version !== '3.0' && version !== '3.1')) {
        // Names the entry by position: a token is never written to a log.
        throw new SettingsError(
          `MOCK_API_TOKENS: entry ${index + 1} is not TOKEN:live|test:3.0|3.1[:accounts]`,
        );
      }
      return {
        token,
        mode: mode as Mode,
        version: version as ApiVersion,
        accounts: accounts ? accounts.split('|').filter(Boolean) : ['demo'],
      };
    });
}

function readTlsFiles(env: NodeJS.ProcessEnv): TlsFiles | undefined {
  const certFile = env.TLS_CERT_FILE?.trim();
  const keyFile = env.TLS_KEY_FILE?.trim();
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new SettingsError('HTTPS needs both TLS_CERT_FILE and TLS_KEY_FILE');
  return { certFile, keyFile };
}

function readDuplicateCheckins(value: string | undefined): DuplicateCheckins {
  const given = value?.trim() ?? '';
  if (given === '' || given === 'record') return 'record';
  if (given === 'refuse') return 'refuse';
  throw new SettingsError('MOCK_DUPLICATE_CHECKINS must be record (the default) or refuse');
}

/** A year either way is far past any clock a service could be trusted to keep. */
const MAX_CLOCK_OFFSET_MS = 366 * 24 * 3600 * 1000;

function readClockOffset(value: string | undefined): number {
  const given = value?.trim() ?? '';
  if (given === '') return 0;
  const ms = Number(given);
  if (!Number.isSafeInteger(ms) || Math.abs(ms) > MAX_CLOCK_OFFSET_MS)
    throw new SettingsError('MOCK_CLOCK_OFFSET_MS must be a whole number of milliseconds (negative: behind)');
  return ms;
}

/**
 * A running door reports after its syncs (at most every 5 s) and at least every 15 s: a door
 * syncing every 5 s stays online from 10 s up; below 15 s one on the default 10 s sync would
 * show silent between reports. An hour is the longest a door may go unheard and still count.
 */
function readFleetOnlineWithin(value: string | undefined): number {
  const given = value?.trim() ?? '';
  if (given === '') return ONLINE_WITHIN_MS;
  const seconds = Number(given);
  if (!Number.isSafeInteger(seconds) || seconds < 10 || seconds > 3600)
    throw new SettingsError(
      'FLEET_ONLINE_WITHIN_S must be a whole number of seconds from 10 to 3600 (30 when not set)',
    );
  return seconds * 1000;
}

export function readServerSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const seedName = env.MOCK_SEED === 'empty' ? 'empty' : 'demo';
  const tickets = env.MOCK_SEED_TICKETS ? Number(env.MOCK_SEED_TICKETS) : undefined;
  if (tickets !== undefined && !(Number.isSafeInteger(tickets) && tickets >= 0)) {
    throw new SettingsError('MOCK_SEED_TICKETS must be a whole number');
  }
  const port = Number(env.PORT?.trim() || 4173);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65535)
    throw new SettingsError('PORT must be a port number from 0 to 65535 (4173 when not set)');
  const host = env.HOST ?? '127.0.0.1';
  const appOrigin = env.APP_ORIGIN ? parseOrigin('APP_ORIGIN', env.APP_ORIGIN) : undefined;
  const corsOrigins = (env.MOCK_CORS_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => parseOrigin('MOCK_CORS_ORIGINS', entry));
  const controlToken = env.MOCK_CONTROL_TOKEN?.trim() || undefined;
  const tls = readTlsFiles(env);
  return {
    port,
    host,
    distDir: env.DIST_DIR ?? 'dist',
    dataDir: env.MOCK_DATA_DIR ?? '.mock-data',
    seed: { name: seedName, tickets },
    seedGiven: env.MOCK_SEED !== undefined || env.MOCK_SEED_TICKETS !== undefined,
    reset: env.MOCK_RESET === '1' || env.MOCK_RESET === 'true',
    faults: env.MOCK_FAULTS === '1' || env.MOCK_FAULTS === 'true',
    appOrigin,
    tokens: env.MOCK_API_TOKENS ? parseTokenGrants(env.MOCK_API_TOKENS) : undefined,
    publicOrigin: env.PUBLIC_URL
      ? parseOrigin('PUBLIC_URL', env.PUBLIC_URL)
      : listeningOrigin(host, port, tls !== undefined),
    corsOrigins: appOrigin && !corsOrigins.includes(appOrigin) ? [...corsOrigins, appOrigin] : corsOrigins,
    controlToken: controlToken ?? secretString(32),
    controlTokenGenerated: controlToken === undefined,
    exposed: !isLoopback(host),
    fixedDemoSlugs: env.MOCK_DEMO_SLUGS === 'fixed',
    duplicateCheckins: readDuplicateCheckins(env.MOCK_DUPLICATE_CHECKINS),
    clockOffsetMs: readClockOffset(env.MOCK_CLOCK_OFFSET_MS),
    tls,
    relay: readRelaySettings(env),
    dataKey: readDataKey(env.DATA_KEY),
    fleetOnlineWithinMs: readFleetOnlineWithin(env.FLEET_ONLINE_WITHIN_S),
  };
}
