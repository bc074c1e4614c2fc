// The relay's settings, read from UPSTREAM_*: where the real service's two APIs are and the
// Admin API token the server keeps. All three or none: a half-configured relay refuses to start
// rather than quietly serving the mock. Errors name the variable, never echo a value (the token
// is secret, and an address may carry credentials someone pasted by mistake).
import { SettingsError } from '../platform/settings-error';

export interface RelaySettings {
  /** The Check-in API's base address, without a trailing slash (`…/checkin` on the mock). */
  checkinUrl: URL;
  /** The Admin API's base address, ending in `/v3`. */
  adminUrl: URL;
  /** Sent upstream as `Authorization: Token token=…`; never leaves this process otherwise. */
  adminToken: string;
  /** UPSTREAM_TIMEOUT_MS (optional): how long one upstream exchange may take before a 504. */
  timeoutMs: number;
  /**
   * Where the venue mirror keeps its journals: RELAY_DATA_DIR, else `.relay-data` in the working
   * directory; null when the mirror is turned off (RELAY_MIRROR=off).
   */
  dataDir: string | null;
  /** Whether `dataDir` was chosen by default (the banner says so). */
  dataDirDefault: boolean;
  /** RELAY_MIRROR_INTERVAL_MS (optional): how often each mirrored list forwards and pulls. */
  mirrorIntervalMs: number;
}

/** The venue mirror's directory when RELAY_DATA_DIR is not set (relative to the working directory). */
export const DEFAULT_RELAY_DATA_DIR = '.relay-data';

export const RELAY_VARIABLES = [
  'UPSTREAM_CHECKIN_URL',
  'UPSTREAM_ADMIN_URL',
  'UPSTREAM_ADMIN_TOKEN',
] as const;

function baseUrl(name: string, value: string, example: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new SettingsError(`${name} must be an address such as ${example}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SettingsError(`${name} must be http or https`);
  if (url.username || url.password) throw new SettingsError(`${name} must not carry a user name or password`);
  if (url.search || url.hash) throw new SettingsError(`${name} must not carry a query or fragment`);
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** The relay's settings, or undefined when no UPSTREAM_* is set (the built-in mock). */
export function readRelaySettings(env: NodeJS.ProcessEnv): RelaySettings | undefined {
  const given = RELAY_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (given.length === 0) return undefined;
  const missing = RELAY_VARIABLES.filter((name) => !given.includes(name));
  if (missing.length > 0)
    throw new SettingsError(
      `Relay mode needs all of ${RELAY_VARIABLES.join(', ')}; missing: ${missing.join(', ')}`,
    );
  const checkinUrl = baseUrl(
    'UPSTREAM_CHECKIN_URL',
    env.UPSTREAM_CHECKIN_URL ?? '',
    'https://checkin.example.com/checkin',
  );
  const adminUrl = baseUrl(
    'UPSTREAM_ADMIN_URL',
    env.UPSTREAM_ADMIN_URL ?? '',
    'https://checkin.example.com/v3',
  );
  if (!adminUrl.pathname.endsWith('/v3')) throw new SettingsError('UPSTREAM_ADMIN_URL must end in /v3');
  const adminToken = (env.UPSTREAM_ADMIN_TOKEN ?? '').trim();
  // A header value cannot hold control characters; refuse them here rather than per request.
  if (!/^[\x21-\x7e]{1,512}$/.test(adminToken))
    throw new SettingsError('UPSTREAM_ADMIN_TOKEN must be printable characters without spaces');
  const timeoutMs = Number(env.UPSTREAM_TIMEOUT_MS ?? 20_000);
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 300_000)
    throw new SettingsError('UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000');
  const mirror = (env.RELAY_MIRROR ?? '').trim().toLowerCase();
  if (mirror !== '' && mirror !== 'on' && mirror !== 'off')
    throw new SettingsError('RELAY_MIRROR must be on or off (the venue mirror is on by default)');
  const givenDir = (env.RELAY_DATA_DIR ?? '').trim();
  const dataDir = mirror === 'off' ? null : givenDir || DEFAULT_RELAY_DATA_DIR;
  const dataDirDefault = dataDir !== null && givenDir === '';
  const mirrorIntervalMs = Number(env.RELAY_MIRROR_INTERVAL_MS ?? 2000);
  if (!Number.isSafeInteger(mirrorIntervalMs) || mirrorIntervalMs < 100 || mirrorIntervalMs > 600_000)
    throw new SettingsError(
      'RELAY_MIRROR_INTERVAL_MS must be a whole number of milliseconds from 100 to 600000',
    );
  return { checkinUrl, adminUrl, adminToken, timeoutMs, dataDir, dataDirDefault, mirrorIntervalMs };
}
