import { statusOfCode, type ErrorCode, type FieldErrors } from '@fiscus/contracts';

/** The one error type of the server; the error handler turns it into the contracts' envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? statusOfCode[code];
  }
}

/**
 * An error the client may retry after `retryAfter` seconds (429 too many requests, 503 busy):
 * the error handler sends it as `Retry-After` and in the envelope.
 */
export class RetryLaterError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfter: number,
  ) {
    super(code, message);
  }
}
