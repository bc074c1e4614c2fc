// Whether the page was served by the app's own Node server, and the organiser's one-time
// sign-in there. The server answers `GET /__service` with JSON; a static host or Vite's dev
// server answers it with the app shell (HTML) or a 404, so anything but that exact JSON means
// "not served by the Node server" and the in-browser demo stays the default.
import * as z from 'zod/mini';
import { type Result, fail, ok } from '../domain/result';
import type { FetchLike } from './http';

const infoSchema = z.object({
  service: z.literal('venue-checkin'),
  kind: z.literal('node-server'),
  origin: z.string(),
  door_origin: z.string(),
  admin_api: z.string(),
  reachable_from_network: z.boolean(),
  // Absent from servers older than the relay: read as the mock.
  mode: z.optional(z.enum(['mock', 'relay'])),
  upstream_checkin_url: z.optional(z.string()),
  // A relay that keeps a venue mirror (RELAY_DATA_DIR): doors on it hear of each other at once.
  mirror: z.optional(z.boolean()),
  // A server that keeps the doors as a fleet (join codes, reports, revocation): absent before.
  fleet: z.optional(z.boolean()),
  upstreams: z.optional(
    z.array(
      z.object({
        api: z.enum(['checkin', 'admin']),
        origin: z.string(),
        reachable: z.boolean(),
        authenticated: z.optional(z.boolean()),
      }),
    ),
  ),
});

export interface UpstreamReach {
  api: 'checkin' | 'admin';
  origin: string;
  reachable: boolean;
  authenticated?: boolean;
}

export interface ServiceInfo {
  /** The server's public address (`PUBLIC_URL`, or where it listens). */
  origin: string;
  /** Where doors open the app to join this server's lists. */
  doorOrigin: string;
  /** Whether it listens beyond the machine it runs on (`HOST=0.0.0.0`). */
  reachableFromNetwork: boolean;
  /** `relay`: the server forwards to a real ticketing service; `mock`: its built-in demo service. */
  mode: 'mock' | 'relay';
  /** A relay's upstream Check-in API (the part of a real web check-in address before `/checkin_lists/`). */
  upstreamCheckinUrl: string | null;
  /** A relay's view of its upstreams, probed moments ago. */
  upstreams: UpstreamReach[];
  /** A relay that keeps a venue mirror: its doors' check-ins are there for the others at once. */
  mirror?: boolean;
  /** The server keeps the doors as a fleet (src/fleet/fleet-protocol.ts): the Devices screen works. */
  fleet?: boolean;
}

const signedInSchema = z.object({
  token: z.string().check(z.minLength(1)),
  mode: z.enum(['live', 'test']),
  version: z.enum(['3.0', '3.1']),
  accounts: z.array(z.string()),
});

export type SignedIn = z.output<typeof signedInSchema>;

/** The server's description when this page came from the Node server, else null. */
export async function fetchServiceInfo(origin: string, fetch: FetchLike): Promise<ServiceInfo | null> {
  try {
    const response = await fetch(
      new Request(`${origin}/__service`, { headers: { accept: 'application/json' }, cache: 'no-store' }),
    );
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json'))
      return null;
    const parsed = infoSchema.safeParse(await response.json());
    if (!parsed.success) return null;
    return {
      origin: parsed.data.origin,
      doorOrigin: parsed.data.door_origin,
      reachableFromNetwork: parsed.data.reachable_from_network,
      mode: parsed.data.mode ?? 'mock',
      upstreamCheckinUrl: parsed.data.upstream_checkin_url ?? null,
      upstreams: (parsed.data.upstreams ?? []).map((u) => ({ ...u })),
      ...(parsed.data.mirror === true ? { mirror: true } : {}),
      ...(parsed.data.fleet === true ? { fleet: true } : {}),
    };
  } catch {
    return null;
  }
}

/** The code of a sign-in link (`…/organiser/sign-in#code=…`), from its fragment; null when absent. */
export function signInCodeFrom(fragment: string): string | null {
  const code = new URLSearchParams(fragment.replace(/^#/, '')).get('code');
  return code && /^[0-9A-Za-z]{16,64}$/.test(code) ? code : null;
}

/** Spends a sign-in code for an Admin API token of the server at `origin`. */
export async function redeemSignInCode(
  origin: string,
  code: string,
  fetch: FetchLike,
): Promise<Result<SignedIn>> {
  let response: Response;
  try {
    response = await fetch(
      new Request(`${origin}/__service/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ code }),
        cache: 'no-store',
      }),
    );
  } catch {
    return fail('network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message.slice(0, 300)
        : undefined;
    const extra = { status: response.status, ...(message ? { detail: message } : {}) };
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      return fail(
        'rate-limited',
        Number.isFinite(seconds) ? { ...extra, retryAfterMs: seconds * 1000 } : extra,
      );
    }
    if (response.status === 401 || response.status === 410) return fail('unauthorised', extra);
    return fail(response.status >= 500 ? 'server' : 'rejected', extra);
  }
  const parsed = signedInSchema.safeParse(body);
  return parsed.success ? ok(parsed.data) : fail('bad-response', { detail: 'sign-in answer' });
}
