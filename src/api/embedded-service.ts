// The built-in demo service: the mock ticketing service running inside the app, its data kept
// in this browser's IndexedDB. Loaded on first use only, so the door app's first paint never
// pays for it. Requests to it look exactly like requests to a real server.
import { DEMO_SERVICE_DATABASE } from '../platform/database-names';
import type { MockService } from '../mock-api';
import type { FetchLike } from './http';

let service: Promise<MockService> | null = null;

function load(): Promise<MockService> {
  service ??= import('../mock-api').then(({ createMockService, indexedDbPersistence }) => {
    const created = createMockService({
      persistence: indexedDbPersistence(DEMO_SERVICE_DATABASE),
      config: { appOrigin: globalThis.location?.origin, seed: { name: 'demo' } },
    });
    return created.ready.then(() => created);
  });
  return service;
}

/** The base addresses the built-in service answers on (any origin: it is never on the network). */
export function embeddedBaseUrls(origin = globalThis.location?.origin ?? 'http://localhost') {
  return { checkin: `${origin}/checkin`, admin: `${origin}/v3` };
}

export const embeddedFetch: FetchLike = async (request) => (await load()).handle(request);

export async function generateEmbeddedToken(mode: 'live' | 'test', version: '3.0' | '3.1'): Promise<string> {
  return (await (await load()).generateToken({ mode, version })).token;
}

export async function revokeEmbeddedToken(token: string): Promise<boolean> {
  return (await load()).revokeToken(token);
}

/** Closes its database (if it was ever opened), so it can be deleted; a later use starts afresh. */
export async function closeEmbeddedService(): Promise<void> {
  const loaded = service;
  service = null;
  if (loaded) await (await loaded).close();
}
