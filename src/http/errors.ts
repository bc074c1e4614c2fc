// Errors are thrown as ApiError anywhere in a handler and rendered once, in the shape of the
// API and version that was called (document 1 for the Admin API; `{status, message}` for the
// Check-in API). Throwing also rolls the transaction back.
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorDetails {
  errors?: FieldErrors;
  hint?: string;
  /** 3.0 403/429 `detail`. */
  detail?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
  }
}

export const RESOURCE_NOT_FOUND = 'Resource not found';
export const INVALID_REQUEST = 'That request was invalid';

export function notFound(hint?: string): ApiError {
  return new ApiError(404, RESOURCE_NOT_FOUND, hint ? { hint } : {});
}

/** The 404 of a record that exists, but only in the mode the caller is not using. */
export function notFoundInThisMode(callerMode: 'live' | 'test'): ApiError {
  return notFound(
    callerMode === 'live'
      ? 'Record not found with test mode off but it does exist with test mode on'
      : 'Record not found with test mode on but it does exist with test mode off',
  );
}

export function forbidden(resource: string): ApiError {
  return new ApiError(403, 'Forbidden', { hint: `You are not authorized to access ${resource}` });
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

export function invalid(errors: FieldErrors): ApiError {
  return new ApiError(422, INVALID_REQUEST, { errors });
}

export function tooManyRequests(): ApiError {
  return new ApiError(429, 'Rate limit exceeded', {
    hint: 'Slow down and retry after the Retry-After seconds',
  });
}
