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

export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('forbidden', message);
export const validationFailed = (fields: FieldErrors, message = 'Some fields are not valid') =>
  new AppError('validation_failed', message, fields);
