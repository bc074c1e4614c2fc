// Error bodies in the exact shapes of document 1 (Admin API, per version) and the Check-in API.
import type { Caller } from '../context';
import type { ApiVersion } from '../model/api-token';
import type { ApiError } from '../../http/errors';
import { maskedToken } from '../../http/token-header';

const TOKEN_HINT =
  'You can retrieve your API token at https://id.tito.io. Please see the API docs for further information at https://ti.to/docs/api.';

function errorList(errors: Record<string, string[]>): { attribute: string; message: string }[] {
  return Object.entries(errors).flatMap(([attribute, messages]) =>
    messages.map((message) => ({ attribute, message })),
  );
}

export function adminErrorBody(
  error: ApiError,
  version: ApiVersion,
  caller: Caller | undefined,
): Record<string, unknown> {
  const { status, message, details } = error;
  if (version === '3.1') {
    const body: Record<string, unknown> = { status, message };
    if (details.errors) {
      body.errors = details.errors;
      body.error_list = errorList(details.errors);
    }
    if (status === 404) body.test_mode = caller?.mode === 'test';
    if (status === 401) body.hint = details.hint ?? TOKEN_HINT;
    else if (details.hint) body.hint = details.hint;
    if (status === 404 && caller) body.access_token = maskedToken(caller.token);
    return body;
  }
  switch (status) {
    case 401:
      // Document 1's 3.0 shape, plus the status and message its documented example carries.
      return { status, message, errors: { api_token: ["can't be blank"] }, hint: details.hint ?? TOKEN_HINT };
    case 403:
    case 429:
      return { errors: { status, title: message, detail: details.hint ?? message } };
    case 404: {
      const body: Record<string, unknown> = { status, message, lookup_mode: caller?.mode ?? 'live' };
      if (details.hint) body.hint = details.hint;
      if (caller) body.access_token = maskedToken(caller.token);
      return body;
    }
    case 422:
      return { errors: details.errors ?? { base: [message] } };
    default:
      return { errors: details.errors ?? { base: [message] } };
  }
}

export function checkinErrorBody(error: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = { status: error.status, message: error.message };
  if (error.details.errors) body.errors = error.details.errors;
  return body;
}
