import type { Context, Hono } from 'hono';
import type { Clock } from '../platform/clock';
import type { ApiVersion, Mode } from './model/api-token';
import type { Random } from './random';
import type { Store } from './store/store';

/** A token granted from outside the store (the server's MOCK_API_TOKENS). */
export interface TokenGrant {
  token: string;
  mode: Mode;
  version: ApiVersion;
  accounts: string[];
}

export interface SeedOptions {
  name: 'demo' | 'empty';
  /** Tickets of the demo check-in list, for large-list tests and benchmarks. */
  tickets?: number | undefined;
}

export interface MockConfig {
  /** Origin of the door app, for `web_checkin_url`. Defaults to `publicOrigin`. */
  appOrigin?: string | undefined;
  /**
   * The service's own public address, for `qr_code_url` (and `web_checkin_url` without
   * `appOrigin`). The Node server always sets it, so no Host header flows into an answer;
   * only the in-app service, which is never on a network, uses the request's origin.
   */
  publicOrigin?: string | undefined;
  /** Origins other than the service's own allowed to call it from a browser (CORS). None by default. */
  corsOrigins?: readonly string[] | undefined;
  /**
   * Gives the demo seed's check-in lists fresh random slugs instead of the well-known ones in
   * the source (a server reachable beyond this machine).
   */
  freshDemoSlugs?: boolean | undefined;
  /** Enables `/__mock/reset` and `/__mock/faults`. */
  faults?: boolean | undefined;
  /** The bearer token `/__mock/reset` and `/__mock/faults` require; without one they answer 401. */
  controlToken?: string | undefined;
  tokens?: TokenGrant[] | undefined;
  seed?: SeedOptions | undefined;
  /**
   * Refuse to start when the stored data came from another seed than `seed` (an explicit
   * MOCK_SEED): stored data is replaced only when the operator asks (MOCK_RESET, /__mock/reset).
   */
  refuseOtherSeed?: boolean | undefined;
  /**
   * A second active check-in of a ticket on a list: `record` it (the default) or `refuse` it
   * with a 422 that says "already" (MOCK_DUPLICATE_CHECKINS). The documents do not say which the
   * real service does; the door app and the relay are right under both.
   */
  duplicateCheckins?: DuplicateCheckins | undefined;
}

export type DuplicateCheckins = 'record' | 'refuse';

/** What every handler may use. */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  random: Random;
  config: MockConfig;
}

/** Who is calling the Admin API, settled by the auth middleware. */
export interface Caller {
  token: string;
  mode: Mode;
  version: ApiVersion;
  accounts: string[];
}

export type AdminEnv = { Variables: { caller: Caller; version: ApiVersion } };
export type AdminApp = Hono<AdminEnv>;
export type AdminContext = Context<AdminEnv>;
