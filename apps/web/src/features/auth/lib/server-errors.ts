import { errorOf, messageOf, retryAfterOf } from '@/lib/http-errors';
import { i18next } from '@/lib/i18n';

/** The part of a Mantine form this helper needs. */
interface FieldErrorTarget {
  setFieldError: (path: string, error: string) => void;
}

export interface FormFailure {
  /** Message for the whole form (shown above the fields), or null when the fields say it all. */
  message: string | null;
  /** Seconds to wait before the next attempt (429), if known. */
  retryAfter?: number;
}

/**
 * Puts a failed call's per-field messages on the form's fields (server names may differ from
 * form names: `aliases` maps them) and returns what is left for the whole form.
 */
export function applyServerError(
  form: FieldErrorTarget,
  err: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): FormFailure {
  const env = errorOf(err);
  const retryAfter = retryAfterOf(err);
  if (retryAfter !== undefined || env?.code === 'too_many_requests') {
    return {
      message: retryAfter
        ? i18next.t('auth:errors.tooManyWait', { count: retryAfter })
        : (env?.message ?? i18next.t('errors:codes.too_many_requests')),
      retryAfter,
    };
  }
  let placed = 0;
  let unplaced = 0;
  for (const [name, messages] of Object.entries(env?.fields ?? {})) {
    const field = aliases[name] ?? name;
    if (fields.includes(field) && messages[0]) {
      form.setFieldError(field, messages.join(' '));
      placed += 1;
    } else unplaced += 1;
  }
  if (placed > 0 && unplaced === 0) return { message: null };
  return { message: messageOf(err) };
}
