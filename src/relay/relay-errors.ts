// The relay's own refusals, in the shape of the API they answer for, so a client reads a
// relay's 401/404/502 exactly as it reads the upstream's: the Check-in API's `{status, message}`,
// the Admin API's 3.1 shape (`status`, `message`, `hint`; 401 also carries 3.0's `errors`).
import type { ForwardFailure } from './forward';

export type RelayApi = 'checkin' | 'admin';

export function relayError(
  api: RelayApi,
  status: number,
  message: string,
  extra: { hint?: string; headers?: Record<string, string> } = {},
): Response {
  const body: Record<string, unknown> = { status, message };
  if (api === 'admin' && extra.hint) body.hint = extra.hint;
  if (api === 'admin' && status === 401) body.errors = { api_token: ["can't be blank"] };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra.headers },
  });
}

const FAILURES: Record<ForwardFailure, { status: number; message: string }> = {
  unreachable: { status: 502, message: 'The ticketing service could not be reached from this relay' },
  timeout: { status: 504, message: 'The ticketing service did not answer in time' },
  redirect: {
    status: 502,
    message: 'The ticketing service answered with a redirect, which the relay does not follow',
  },
  'too-large': { status: 502, message: "The ticketing service's answer was too large to relay" },
};

/** An upstream that did not answer usably, as a 502 or 504 (never a 500: the relay itself is fine). */
export function forwardFailureResponse(api: RelayApi, reason: ForwardFailure): Response {
  const { status, message } = FAILURES[reason];
  return relayError(api, status, message, {
    hint: 'Doors keep working from their own copy and send their check-ins when the service is back.',
  });
}
