// The Node server's settings, read from the environment.
import type { SeedOptions, TokenGrant } from './context';
import type { ApiVersion, Mode } from './model/api-token';

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
        throw new Error(`MOCK_API_TOKENS: entry ${index + 1} is not TOKEN:live|test:3.0|3.1[:accounts]`);
      }
      return {
        token,
        mode: mode as Mode,
        version: version as ApiVersion,
        accounts: accounts ? accounts.split('|').filter(Boolean) : ['demo'],
      };
    });
}

export function readServerSettings(env: NodeJS.ProcessEnv): ServerSettings {
  const seedName = env.MOCK_SEED === 'empty' ? 'empty' : 'demo';
  const tickets = env.MOCK_SEED_TICKETS ? Number(env.MOCK_SEED_TICKETS) : undefined;
  if (tickets !== undefined && !(Number.isSafeInteger(tickets) && tickets >= 0)) {
    throw new Error('MOCK_SEED_TICKETS must be a whole number');
  }
  return {
    port: Number(env.PORT ?? 4173),
    host: env.HOST ?? '127.0.0.1',
    distDir: env.DIST_DIR ?? 'dist',
    dataDir: env.MOCK_DATA_DIR ?? '.mock-data',
    seed: { name: seedName, tickets },
    seedGiven: env.MOCK_SEED !== undefined || env.MOCK_SEED_TICKETS !== undefined,
    reset: env.MOCK_RESET === '1' || env.MOCK_RESET === 'true',
    faults: env.MOCK_FAULTS === '1' || env.MOCK_FAULTS === 'true',
    appOrigin: env.APP_ORIGIN || undefined,
    tokens: env.MOCK_API_TOKENS ? parseTokenGrants(env.MOCK_API_TOKENS) : undefined,
  };
}
