// Shared test helpers for the mock service: a deterministic service, tokens of every kind,
// a small event to hang records on, and a `call` that returns status and parsed JSON.
import { fixedClock } from '../../src/platform/clock';
import type { MockConfig } from '../../src/mock-api/context';
import { createRandom } from '../../src/mock-api/random';
import { type MockService, createMockService } from '../../src/mock-api/service';
import { memoryPersistence } from '../../src/mock-api/store/persistence';

export const NOW = '2026-06-15T12:00:00.000Z';

/** Tokens by mode and version; all may use the account `acme`. */
export const TOKENS = {
  live30: 'live-token-30-aaaa',
  live31: 'live-token-31-bbbb',
  test30: 'test-token-30-cccc',
  test31: 'test-token-31-dddd',
} as const;

export type TokenName = keyof typeof TOKENS;

/** The bearer token of `/__mock/reset` and `/__mock/faults` in test services. */
export const CONTROL_TOKEN = 'test-control-token-eeee';

export function createTestService(config: MockConfig = {}) {
  const clock = fixedClock(NOW);
  const persistence = memoryPersistence();
  const service = createMockService({
    clock,
    random: createRandom(42),
    persistence,
    config: {
      seed: { name: 'empty' },
      appOrigin: 'https://door.example',
      controlToken: CONTROL_TOKEN,
      tokens: [
        { token: TOKENS.live30, mode: 'live', version: '3.0', accounts: ['acme'] },
        { token: TOKENS.live31, mode: 'live', version: '3.1', accounts: ['acme'] },
        { token: TOKENS.test30, mode: 'test', version: '3.0', accounts: ['acme'] },
        { token: TOKENS.test31, mode: 'test', version: '3.1', accounts: ['acme'] },
      ],
      ...config,
    },
  });
  return { service, clock, persistence, store: service.context.store, ctx: service.context };
}

export interface CallOptions {
  token?: TokenName | null;
  /** Sends the control token (`Authorization: Bearer`) instead of an API token. */
  control?: boolean;
  /** JSON body (objects are sent as JSON; strings as they are). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect JSON bodies freely.
  body: any;
  text: string;
}

export async function call(
  service: MockService,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const tokenName = options.token === undefined ? 'live30' : options.token;
  if (tokenName) headers.Authorization = `Token token=${TOKENS[tokenName]}`;
  if (options.control) headers.Authorization = `Bearer ${CONTROL_TOKEN}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] = options.contentType ?? 'application/json';
  }
  const response = await service.handle(new Request(`http://mock.test${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
