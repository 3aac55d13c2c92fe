import type { FieldErrors } from '@fiscus/contracts';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { commonText, type Lang } from './messages.js';
import { pfText } from './platform.messages.js';

export type NotFoundWhat = 'object' | 'field' | 'record' | 'view' | 'domain' | 'member';

/** A 404 for a platform thing that does not exist in the caller's domain. */
export function notFoundIn(lang: Lang, what: NotFoundWhat): AppError {
  return new AppError('not_found', pfText(lang, `pf.not_found.${what}`));
}

/** A 400 with per-field messages. */
export function invalid(lang: Lang, fields: Record<string, string[]>): AppError {
  return new AppError('validation_failed', commonText(lang, 'error.validation_failed'), fields);
}

/** Adds one message to a field-errors map. */
export function addError(fields: Record<string, string[]>, path: string, text: string): void {
  // Own property even for keys like "__proto__" that a client may send as a field name.
  if (!Object.hasOwn(fields, path)) {
    Object.defineProperty(fields, path, {
      value: [],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  fields[path]?.push(text);
}

type Issue = z.core.$ZodIssue;

/** Turns zod issues into `{ field: [message] }` in the caller's language. */
export function issuesToFields(issues: readonly Issue[], lang: Lang): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    let text: string;
    switch (issue.code) {
      case 'invalid_type':
        text =
          issue.input === undefined
            ? commonText(lang, 'field.required')
            : commonText(lang, 'field.invalid_type', { expected: issue.expected });
        break;
      case 'too_small':
        text =
          issue.origin === 'string' && Number(issue.minimum) === 1
            ? commonText(lang, 'field.required')
            : commonText(
                lang,
                issue.origin === 'string' ? 'field.too_small_string' : 'field.too_small_number',
                { min: Number(issue.minimum) },
              );
        break;
      case 'too_big':
        text = commonText(
          lang,
          issue.origin === 'string'
            ? 'field.too_big_string'
            : issue.origin === 'array'
              ? 'field.too_big_array'
              : 'field.too_big_number',
          { max: Number(issue.maximum) },
        );
        break;
      case 'invalid_format':
        text = commonText(lang, 'field.invalid_format');
        break;
      case 'unrecognized_keys':
        text = commonText(lang, 'field.unknown_key');
        break;
      default:
        text = commonText(lang, 'field.invalid_value');
    }
    (fields[key] ??= []).push(text);
  }
  return fields;
}
