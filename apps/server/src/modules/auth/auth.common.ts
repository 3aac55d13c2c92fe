import { AppError } from '../../lib/app-error.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A link confirming a new e-mail address works this long (seconds). */
export const EMAIL_CHANGE_TTL = 24 * 3600;

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** 429 with the number of seconds to wait (sent as `Retry-After`). */
export class ThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('too_many_requests', message);
  }
}
