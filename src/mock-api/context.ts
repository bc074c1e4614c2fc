import type { Context, Hono } from 'hono';
import type { Clock } from './clock';
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
  /** Origin of the door app, for `web_checkin_url`. Defaults to the origin of the request. */
  appOrigin?: string | undefined;
  /** Enables `/__mock/reset` and `/__mock/faults`. */
  faults?: boolean | undefined;
  tokens?: TokenGrant[] | undefined;
  seed?: SeedOptions | undefined;
  /**
   * Refuse to start when the stored data came from another seed than `seed` (an explicit
   * MOCK_SEED): stored data is replaced only when the operator asks (MOCK_RESET, /__mock/reset).
   */
  refuseOtherSeed?: boolean | undefined;
}

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
