// `/__mock/*`: reset and faults (only with `faults` enabled) and the check-in list QR codes.
import type { ServiceContext, SeedOptions } from './context';
import { checkinQrSvg } from './checkin/qr';
import { parseFaultSettings } from './fault-settings';
import type { Faults } from './faults';
import { readBody } from './http/body';
import { ApiError } from './http/errors';

interface Control {
  ctx: ServiceContext;
  faults: Faults;
  reset(seed: SeedOptions): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'Content-Type' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...CORS },
  });
}

export async function controlResponse(request: Request, control: Control): Promise<Response> {
  const path = new URL(request.url).pathname;
  try {
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { ...CORS, 'access-control-allow-methods': 'GET, POST, DELETE' },
      });
    }
    const qr = /^\/__mock\/qr\/checkin_lists\/([^/]+?)(\.svg)?$/.exec(path);
    if (qr && request.method === 'GET')
      return await checkinQrSvg(control.ctx, request, decodeURIComponent(qr[1] ?? ''));
    if (!control.ctx.config.faults)
      throw new ApiError(404, 'Mock controls are disabled: start with MOCK_FAULTS=1');
    if (path === '/__mock/reset' && request.method === 'POST') {
      const body = await readBody(request);
      const seed = parseSeed(body.seed, control.ctx.config.seed);
      control.faults.clear();
      await control.reset(seed);
      return json({ reset: true, seed });
    }
    if (path === '/__mock/faults') {
      if (request.method === 'GET') return json({ faults: control.faults.current });
      if (request.method === 'POST') {
        control.faults.set(parseFaultSettings(await readBody(request)));
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
