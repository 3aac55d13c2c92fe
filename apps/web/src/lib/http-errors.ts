import { isErrorEnvelope, type ErrorEnvelope } from '@fiscus/contracts';
import { i18next } from './i18n';

/** The answer of a failed call, as far as the console reads it. */
interface FailedAnswer {
  status: number;
  data?: unknown;
  headers?: Record<string, unknown>;
}

/**
 * A failed call of the fetch client (lib/fetch-json.ts); `response` is missing when the server
 * could not be reached. It has the shape of the HTTP client's errors, so the helpers below read
 * both alike.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: FailedAnswer,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A failed call of either client (fetch or axios), else undefined. */
function failedCall(err: unknown): { response?: FailedAnswer } | undefined {
  if (err instanceof HttpError) return err;
  if (typeof err === 'object' && err !== null && 'isAxiosError' in err && err.isAxiosError === true)
    return err as { response?: FailedAnswer };
  return undefined;
}

/** True when a call failed because the server could not be reached (no answer at all). */
export function isNetworkFailure(err: unknown): boolean {
  const call = failedCall(err);
  return !!call && !call.response;
}

/** The envelope of a failed call, if the server sent one. */
export function errorOf(err: unknown): ErrorEnvelope['error'] | undefined {
  const data = failedCall(err)?.response?.data;
  return isErrorEnvelope(data) ? data.error : undefined;
}

/** The HTTP status of a failed call, when the server answered it. */
export function errorStatus(err: unknown): number | undefined {
  return failedCall(err)?.response?.status;
}

/** Seconds to wait before trying again, from a 429 answer (`Retry-After`), if known. */
export function retryAfterOf(err: unknown): number | undefined {
  const response = failedCall(err)?.response;
  if (response?.status !== 429) return undefined;
  const raw = response.headers?.['retry-after'];
  const secs = Number(raw);
  if (Number.isFinite(secs) && secs > 0) return Math.ceil(secs);
  if (typeof raw === 'string') {
    const at = Date.parse(raw);
    if (Number.isFinite(at)) return Math.max(1, Math.ceil((at - Date.now()) / 1000));
  }
  return undefined;
}

/** A message for the user: the server's translated message, or a translated generic one. */
export function messageOf(err: unknown): string {
  const env = errorOf(err);
  if (env) return env.message;
  if (isNetworkFailure(err)) return i18next.t('errors:network');
  return i18next.t('errors:unexpected');
}
