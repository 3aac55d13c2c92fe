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
