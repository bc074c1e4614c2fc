// The fleet's answers: JSON, never cached, errors in the Check-in API's `{status, message}`.
// Bodies are read here too: JSON only, within a small limit and the shared depth and key rules
// (../http/body), so a malformed body is a 4xx before any of it is used.
import { bufferedRequest } from '../http/buffer-body';
import { readBody } from '../http/body';
import { ApiError, badRequest } from '../http/errors';

export const REVOKED_MESSAGE = 'This device was revoked by the organiser';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

export function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ status, message }, status, headers);
}

/** What a revoked or forgotten credential gets, from the fleet's endpoints and the Check-in API alike. */
export function revokedAnswer(): Response {
  return json({ status: 410, message: REVOKED_MESSAGE, revoked: true }, 410);
}

export function notAllowed(allow: string[]): Response {
  return refusal(405, `Use ${allow.join(' or ')} here`, { allow: allow.join(', ') });
}

export function rateLimited(retryAfterSeconds: number): Response {
  return refusal(429, `Too many wrong join codes from this address: try again in ${retryAfterSeconds} s.`, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** The request's JSON object body (null-prototype, prototype keys refused), at most `maxBytes`. */
export async function jsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const buffered = await bufferedRequest(request, maxBytes).catch((error: unknown) => {
    throw error instanceof ApiError ? error : badRequest('The request body could not be read');
  });
  return readBody(buffered, { maxBytes });
}
