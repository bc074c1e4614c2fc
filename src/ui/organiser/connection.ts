// Where the organiser screens send Admin API requests, persisted in localStorage so a reload
// keeps the connection. The token stays on this device; it is never logged or shown in full.
// `server` is the Node server this page came from, signed in by its one-time link; `builtin`
// the demo service inside this browser; `remote` any other Admin API with a pasted token.
import { useSyncExternalStore } from 'react';
import { type AdminClient, createAdminClient } from '../../api/admin-client';
import { builtinFetch } from './builtin-service';

export type Connection =
  | { kind: 'builtin'; token: string | null; mode?: 'live' | 'test'; version?: '3.0' | '3.1' }
  | { kind: 'remote'; baseUrl: string; token: string }
  | { kind: 'server'; token: string; host: string; mode?: 'live' | 'test'; version?: '3.0' | '3.1' };

const KEY = 'venue-checkin.organiser.connection';
const DEFAULT: Connection = { kind: 'builtin', token: null };

/** Nothing chosen on this device yet (the object `useConnection` returns until a save). */
export function isUnchosen(connection: Connection): boolean {
  return connection === DEFAULT;
}
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Connection } | null = null;

function read(): Connection {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.value;
  let value: Connection = DEFAULT;
  try {
    const parsed = raw ? (JSON.parse(raw) as Connection) : DEFAULT;
    if (
      parsed.kind === 'builtin' ||
      (parsed.kind === 'remote' && typeof parsed.baseUrl === 'string') ||
      (parsed.kind === 'server' && typeof parsed.token === 'string' && typeof parsed.host === 'string')
    )
      value = parsed;
  } catch {
    value = DEFAULT;
  }
  cached = { raw, value };
  return value;
}

export function saveConnection(connection: Connection): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(connection));
  } catch {
    // Private windows may refuse storage; the connection then lasts for this page only.
    cached = { raw: null, value: connection };
  }
  for (const listener of listeners) listener();
}

/** Back to nothing chosen (signing out of this server on this device). */
export function forgetConnection(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    cached = { raw: null, value: DEFAULT };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, read, () => DEFAULT);
}

export function builtinBaseUrl(): string {
  return `${location.origin}/v3`;
}

const clients = new Map<string, AdminClient>();

/** One client per connection, so hooks can depend on it without refetching on every render. */
export function clientFor(connection: Connection): AdminClient | null {
  if (!connection.token) return null;
  const baseUrl = connection.kind === 'remote' ? connection.baseUrl : builtinBaseUrl();
  const key = `${connection.kind}|${baseUrl}|${connection.token}`;
  let client = clients.get(key);
  if (!client) {
    client = createAdminClient({
      baseUrl,
      token: connection.token,
      fetch: connection.kind === 'builtin' ? builtinFetch : (request) => fetch(request),
    });
    clients.set(key, client);
  }
  return client;
}
