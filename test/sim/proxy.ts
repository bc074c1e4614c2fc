// The network between the doors and the service: a small HTTP proxy. Each link (a door's path to
// its relay or to the service, a relay's uplink) reaches it at its own address, /d/<link>/..., and
// is forwarded to that link's upstream, so faults apply per link: a partition (the connection is
// cut before anything reaches the service), latency, a 5xx burst, 429 with Retry-After, and an
// answer dropped after the service committed (forwarded, answered, then the socket destroyed).
// While the service is down (killed), every request is cut as a partition would be.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../server/server-process';

export type ProxyAction =
  | { kind: 'cut' }
  | { kind: 'status'; status: number; retryAfterS?: number }
  | { kind: 'forward'; latencyMs: number; dropAnswer: boolean };

export interface ProxyCounts {
  forwarded: number;
  cut: number;
  dropped: number;
  serverErrors: number;
  rateLimited: number;
  upstreamDown: number;
}

export interface FaultProxyOptions {
  /** Where this link leads now: the service's origin, or a relay's. */
  upstream: (link: number) => string;
  /** What to do with this link's request; `serial` counts the link's requests. */
  decide: (door: number, method: string, serial: number) => ProxyAction;
  /** Called as a door's write leaves for the service (the runner restarts doors mid-flush here). */
  onWrite?: (door: number) => void;
  /** Called once per write with what became of it (the runner's trace of each check-in's uuid). */
  onWriteDone?: (door: number, method: string, path: string, body: Buffer, fate: string) => void;
}

const PATH = /^\/d\/(\d+)(\/.*)$/;
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFaultProxy(options: FaultProxyOptions) {
  const counts: ProxyCounts = {
    forwarded: 0,
    cut: 0,
    dropped: 0,
    serverErrors: 0,
    rateLimited: 0,
    upstreamDown: 0,
  };
  const serials = new Map<number, number>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const match = PATH.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const door = Number(match[1]);
    const serial = (serials.get(door) ?? 0) + 1;
    serials.set(door, serial);
    const method = request.method ?? 'GET';
    const action = options.decide(door, method, serial);
    const write = method !== 'GET' && method !== 'HEAD';
    const done = (body: Buffer, fate: string) => {
      if (write) options.onWriteDone?.(door, method, match[2]!, body, fate);
    };
    if (action.kind === 'cut') {
      counts.cut++;
      const body = write ? await bodyOf(request).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      request.socket.destroy();
      done(body, 'cut before the service');
      return;
    }
    if (action.kind === 'status') {
      if (action.status === 429) counts.rateLimited++;
      else counts.serverErrors++;
      done(await bodyOf(request).catch(() => Buffer.alloc(0)), `answered ${action.status} by the proxy`);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (action.retryAfterS !== undefined) headers['retry-after'] = String(action.retryAfterS);
      response.writeHead(action.status, headers).end(JSON.stringify({ error: 'simulated' }));
      return;
    }
    const body = await bodyOf(request);
    if (action.latencyMs > 0) await pause(action.latencyMs);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers.set(name, value);
    if (method !== 'GET' && method !== 'HEAD') options.onWrite?.(door);
    let answer: Response;
    let payload: Buffer;
    try {
      answer = await fetch(`${options.upstream(door)}${match[2]}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
      });
      payload = Buffer.from(await answer.arrayBuffer());
    } catch {
      counts.upstreamDown++;
      request.socket.destroy();
      done(body, 'service down, cut');
      return;
    }
    if (action.dropAnswer) {
      counts.dropped++;
      request.socket.destroy();
      done(body, `service answered ${answer.status}, answer dropped`);
      return;
    }
    counts.forwarded++;
    done(body, `service answered ${answer.status}`);
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name) && name !== 'content-encoding') out[name] = value;
    });
    response.writeHead(answer.status, out).end(payload);
  }

  const port0 = await freePort();
  const server = createServer((request, response) => {
    handle(request, response).catch(() => request.socket.destroy());
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(port0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    counts,
    /** Requests each link has carried so far. */
    requestsOf: (link: number) => serials.get(link) ?? 0,
    /** The base address link `n` reaches the Check-in API through (a relay's uplink: its service's). */
    baseUrlFor: (door: number) => `http://127.0.0.1:${port}/d/${door}/checkin`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
