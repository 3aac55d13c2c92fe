// Error codes and the envelope's plain checks, free of the validation library: the console's
// HTTP client and sign-in pages import these without loading the schemas.

/**
 * The closed set of error codes the API answers with. The console translates messages by code
 * (namespace `errors`), so every code here has a text in every language.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'invalid_credentials',
  'second_factor_required',
  'invalid_second_factor',
  'invalid_refresh_token',
  'invalid_reset_token',
  'confirmation_invalid',
  'confirmation_expired',
  'confirmation_used',
  'forbidden',
  'not_found',
  'conflict',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'too_many_requests',
  'headers_too_large',
  'internal',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Field-level errors: field path → messages (already in the user's language where known). */
export type FieldErrors = Record<string, string[]>;

/** Every error answer of the API. */
export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    fields?: FieldErrors;
    requestId?: string;
    /** Seconds to wait before trying again (429, 503); also sent as `Retry-After`. */
    retryAfter?: number;
  };
}

export const statusOfCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  token_expired: 401,
  invalid_credentials: 401,
  second_factor_required: 401,
  invalid_second_factor: 401,
  invalid_refresh_token: 401,
  invalid_reset_token: 400,
  confirmation_invalid: 400,
  confirmation_expired: 410,
  confirmation_used: 409,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  headers_too_large: 431,
  internal: 500,
  service_unavailable: 503,
};

/**
 * Whether a value is an error envelope. A plain check (no schema parsing).
 */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (!value || typeof value !== 'object' || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    typeof code === 'string' &&
    (errorCodes as readonly string[]).includes(code) &&
    typeof message === 'string'
  );
}
