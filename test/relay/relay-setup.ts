// A "real service" (a second copy of the Node server in mock mode, no CORS origins) and the
// relay in front of it, both real child processes on free ports. Between them sits a tap: a
// plain HTTP forwarder in the test process that records every request the upstream receives,
// so a test can say what reached it (and what never did). It can also hang (no answer) or be
// cut (connections destroyed) to play an upstream that is slow or gone, or refuse chosen
// requests (503) to keep the venue mirror from getting through while doors still do.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, freePort, killHard, startServerProcess } from '../server/server-process';

export const UPSTREAM_TOKEN = 'upstream_live_secret_token_0123456789abcdef';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Tap {
  origin: string;
  seen: Seen[];
  /** `drop`: the request reaches the upstream, its answer never comes back (outcome unknown). */
  mode: 'pass' | 'hang' | 'cut' | 'drop';
  /** A request this says yes to is answered 503 by the tap and never reaches the upstream. */
  refuse?: (seen: Seen) => boolean;
  /** Told of each upstream answer the tap passed back whole, when it has ended (benchmarks). */
  onAnswer?: (seen: Seen, status: number, body: string) => void;
  close(): Promise<void>;
}

export async function startTap(upstream: string): Promise<Tap> {
  const target = new URL(upstream);
  const port = await freePort();
  const tap: Tap = { origin: `http://127.0.0.1:${port}`, seen: [], mode: 'pass', close: async () => {} };
  const server: Server = createServer((req, res) => {
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers };
    tap.seen.push(seen);
    if (tap.mode === 'hang') return;
    if (tap.mode === 'cut') return req.socket.destroy();
    if (tap.refuse?.(seen)) {
      req.resume();
      // No `Date`: the tap's clock is not the upstream's, and the relay reads the upstream's.
      res.sendDate = false;
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end('{"status":503,"message":"Refused by the test tap"}');
    }
    const out = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (tap.mode === 'drop') {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const told = tap.onAnswer;
        if (told) {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => told(seen, answer.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        }
        answer.pipe(res);
      },
    );
    // The upstream gone: the tap goes too, so the relay sees a refused or reset connection.
    out.on('error', () => req.socket.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  tap.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return tap;
}

export interface RelayPair {
  root: string;
  upstream: RunningServer;
  tap: Tap;
  relay: RunningServer;
  /** kill -9 of the relay, then the same relay again (same port, same data). */
  restartRelay(): Promise<void>;
  /** kill -9 of the upstream; `startUpstream` brings it back on its port with its data. */
  killUpstream(): Promise<void>;
  startUpstream(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the upstream, the tap and the relay; `relayEnv` adds to the relay's environment, `upstreamExtra` to the upstream's. */
export async function startRelayPair(
  relayEnv: Record<string, string> | ((root: string) => Record<string, string>) = {},
  upstreamExtra: Record<string, string> = {},
): Promise<RelayPair> {
  const root = mkdtempSync(join(tmpdir(), 'relay-'));
  const distDir = join(root, 'dist');
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  const upstreamEnv = {
    MOCK_DATA_DIR: join(root, 'upstream-data'),
    DIST_DIR: distDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: '40',
    MOCK_API_TOKENS: `${UPSTREAM_TOKEN}:live:3.1:demo`,
    MOCK_CORS_ORIGINS: '',
    ...upstreamExtra,
  };
  const upstream = await startServerProcess(upstreamEnv);
  const tap = await startTap(upstream.origin);
  const env = {
    DIST_DIR: distDir,
    UPSTREAM_CHECKIN_URL: `${tap.origin}/checkin`,
    UPSTREAM_ADMIN_URL: `${tap.origin}/v3`,
    UPSTREAM_ADMIN_TOKEN: UPSTREAM_TOKEN,
    // Long enough that a loaded machine's slow answer is not taken for a silent upstream (a
    // failure the mirror backs off from); the silent-upstream test sets its own short limit.
    UPSTREAM_TIMEOUT_MS: '15000',
    // The venue mirror is on by default in relay mode; its files go in this test's directory,
    // never the repository's `.relay-data`. Tests of the bare forwarding say RELAY_MIRROR=off.
    RELAY_DATA_DIR: join(root, 'relay-data'),
    ...(typeof relayEnv === 'function' ? relayEnv(root) : relayEnv),
  };
  const relay = await startServerProcess(env);
  const pair: RelayPair = {
    root,
    upstream,
    tap,
    relay,
    async restartRelay() {
      await killHard(pair.relay);
      pair.relay = await startServerProcess({ ...env, PORT: new URL(pair.relay.origin).port });
    },
    async killUpstream() {
      await killHard(pair.upstream);
    },
    async startUpstream() {
      pair.upstream = await startServerProcess({ ...upstreamEnv, PORT: new URL(pair.upstream.origin).port });
    },
    async stop() {
      await killHard(pair.relay);
      await tap.close();
      await killHard(pair.upstream);
      rmSync(root, { recursive: true, force: true });
    },
  };
  return pair;
}

/** The demo lists' web check-in addresses the upstream printed. */
export function upstreamListAddresses(upstream: RunningServer): string[] {
  return [...upstream.output().matchAll(/^\s*Demo list:\s+(\S+)/gm)].map((m) => m[1] ?? '');
}

/** The relay's printed organiser sign-in code. */
export function printedSignInCode(relay: RunningServer): string {
  const link = /^\s*Organiser:\s+(\S+)/m.exec(relay.output())?.[1] ?? '';
  return new URL(link).hash.replace(/^#code=/, '');
}

/** A request with a raw target and headers exactly as given (fetch would normalise them). */
export function rawRequest(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: target,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A pair whose venue mirror runs a round every 300 ms, and the slug of the service's first demo list. */
export async function startMirroredPair(
  upstreamExtra: Record<string, string> = {},
): Promise<{ pair: RelayPair; slug: string }> {
  const pair = await startRelayPair(
    (root) => ({
      RELAY_DATA_DIR: join(root, 'relay-data'),
      RELAY_MIRROR_INTERVAL_MS: '300',
    }),
    upstreamExtra,
  );
  const slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  return { pair, slug };
}

/** Polls `what` every 150 ms until it gives a value, or fails after `ms`. */
export async function until<T>(what: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 150));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
export type Json = any;

/** One request to a real process: its status and its body, parsed when it is JSON. */
export async function fetchJson(
  origin: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${origin}${path}`, init);
  const text = await response.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}
