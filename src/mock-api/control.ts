// `/__mock/*`: reset and faults (only with `faults` enabled, and only for a caller holding the
// control token) and the check-in list QR codes (public: the image of an address the list's
// holders already have, and what `qr_code_url` points to).
import type { ServiceContext, SeedOptions } from './context';
import { checkinQrSvg } from './checkin/qr';
import { parseFaultSettings } from './fault-settings';
import type { Faults } from './faults';
import { readBody } from '../http/body';
import { ApiError, badRequest } from '../http/errors';
import { bufferedRequest } from '../http/buffer-body';
import { tokenFromHeader } from '../http/token-header';
import { sameSecret } from '../platform/secrets';
import { routedPath } from '../http/route-path';

interface Control {
  ctx: ServiceContext;
  faults: Faults;
  reset(seed: SeedOptions): Promise<void>;
}

const CONTROL_BODY_BYTES = 16 * 1024;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('The path is not valid percent-encoding');
  }
}

/** 401 unless the request carries `Authorization: Bearer <control token>`. */
function requireControlToken(request: Request, expected: string | undefined): void {
  const header = request.headers.get('authorization') ?? '';
  const given = /^\s*Bearer\s/i.test(header) ? tokenFromHeader(header) : null;
  if (!expected || !given || !sameSecret(given, expected)) {
    throw new ApiError(
      401,
      given
        ? 'The control token is invalid'
        : 'Send the control token: Authorization: Bearer <MOCK_CONTROL_TOKEN>',
    );
  }
}

async function controlBody(request: Request): Promise<Record<string, unknown>> {
  const buffered = await bufferedRequest(request, CONTROL_BODY_BYTES).catch((error: unknown) => {
    throw error instanceof ApiError ? error : badRequest('The request body could not be read');
  });
  return readBody(buffered, { maxBytes: CONTROL_BODY_BYTES });
}

export async function controlResponse(request: Request, control: Control): Promise<Response> {
  const path = routedPath(new URL(request.url).pathname);
  try {
    const qr = /^\/__mock\/qr\/checkin_lists\/([^/]+?)(\.svg)?$/.exec(path);
    if (qr && (request.method === 'GET' || request.method === 'HEAD'))
      return await checkinQrSvg(control.ctx, request, decoded(qr[1] ?? ''));
    if (!control.ctx.config.faults)
      throw new ApiError(404, 'Mock controls are disabled: start with MOCK_FAULTS=1');
    requireControlToken(request, control.ctx.config.controlToken);
    if (path === '/__mock/reset' && request.method === 'POST') {
      const body = await controlBody(request);
      const seed = parseSeed(body.seed, control.ctx.config.seed);
      control.faults.clear();
      await control.reset(seed);
      return json({ reset: true, seed });
    }
    if (path === '/__mock/faults') {
      if (request.method === 'GET') return json({ faults: control.faults.current });
      if (request.method === 'POST') {
        control.faults.set(parseFaultSettings(await controlBody(request)));
        return json({ faults: control.faults.current });
      }
      if (request.method === 'DELETE') {
        control.faults.clear();
        return json({ faults: control.faults.current });
      }
    }
    throw new ApiError(404, 'The endpoint requested does not exist');
  } catch (error) {
    if (error instanceof ApiError) {
      return json(
        {
          status: error.status,
          message: error.message,
          ...(error.details.errors ? { errors: error.details.errors } : {}),
        },
        error.status,
      );
    }
    throw error;
  }
}

function parseSeed(raw: unknown, fallback: SeedOptions | undefined): SeedOptions {
  if (raw === undefined || raw === null) return fallback ?? { name: 'demo' };
  if (raw === 'demo' || raw === 'empty') return { name: raw };
  if (typeof raw === 'object' && !Array.isArray(raw)) {
    const { name, tickets } = raw as { name?: unknown; tickets?: unknown };
    if ((name === 'demo' || name === 'empty') && (tickets === undefined || Number.isSafeInteger(tickets))) {
      return { name, tickets: tickets as number | undefined };
    }
  }
  throw new ApiError(422, 'seed must be "demo", "empty" or {name, tickets}');
}
