import type { FieldOptions, FieldType } from '@fiscus/contracts';
import type { DialectName } from '../db/dialect.js';
import type { Lang } from './messages.js';
import { commonText } from './messages.js';
import { pfText } from './platform.messages.js';

/** How a field type is stored; a type change within one class keeps the column. */
export type Storage = 'text' | 'int' | 'real' | 'money' | 'bool';

export function storageOf(type: FieldType): Storage {
  switch (type) {
    case 'integer':
    case 'reference':
      return 'int';
    case 'decimal':
    case 'percent':
      return 'real';
    case 'money':
      return 'money';
    case 'boolean':
      return 'bool';
    default:
      return 'text';
  }
}

/** SQL column type of a storage class. Dates are ISO text on both databases (sortable). */
export function columnType(storage: Storage, dialect: DialectName): string {
  switch (storage) {
    case 'text':
      return 'text';
    case 'int':
      return dialect === 'postgres' ? 'bigint' : 'integer';
    case 'real':
      return dialect === 'postgres' ? 'double precision' : 'real';
    case 'money':
      return dialect === 'postgres' ? 'numeric(19,4)' : 'real';
    case 'bool':
      return 'smallint';
  }
}

export const TEXT_MAX = 1000;
export const LONGTEXT_MAX = 100_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;
const PHONE = /^\+?[0-9][0-9 ()\-./]{2,31}$/;

export function isValidDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** ISO date-time text (UTC) of a value, or undefined when it is not one. */
export function normalizeDatetime(s: string): string | undefined {
  if (
    s.length > 40 ||
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)
  ) {
    return undefined;
  }
  const d = new Date(s.length === 10 ? `${s}T00:00:00.000Z` : s.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return undefined;
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined;
  return d.toISOString();
}

function isUrl(s: string): boolean {
  if (s.length > 2000) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '' && v.length < 40) {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const fail = (error: string): Parsed => ({ ok: false, error });
const okv = (value: unknown): Parsed => ({ ok: true, value });

/**
 * Parses one value for a field of the given type (from a request or for a type change) into
 * its API form: text, number, boolean, string[] or null. Rules other than the type (required,
 * min/max, pattern, unique) are checked by `checkRules`.
 */
export function parseValue(type: FieldType, options: FieldOptions, v: unknown, lang: Lang): Parsed {
  if (v === null || v === undefined) return okv(null);
  // NUL cannot be stored in PostgreSQL text; refuse it on both databases alike.
  if (
    (typeof v === 'string' && v.includes('\u0000')) ||
    (Array.isArray(v) && v.some((x) => typeof x === 'string' && x.includes('\u0000')))
  ) {
    return fail(commonText(lang, 'field.invalid_value'));
  }
  switch (type) {
    case 'text':
    case 'longtext':
    case 'email':
    case 'url':
    case 'phone':
    case 'attachment': {
      if (typeof v !== 'string') {
        if ((typeof v === 'number' || typeof v === 'boolean') && type !== 'attachment')
          v = String(v);
        else return fail(pfText(lang, 'pf.expected_text'));
      }
      let s = v as string;
      if (type !== 'longtext') s = s.trim();
      if (s === '') return okv(null);
      const max = type === 'longtext' ? LONGTEXT_MAX : TEXT_MAX;
      if (s.length > max) return fail(commonText(lang, 'field.too_big_string', { max }));
      if (type === 'email' && !EMAIL.test(s)) return fail(pfText(lang, 'pf.invalid_email'));
      if (type === 'url' && !isUrl(s)) return fail(pfText(lang, 'pf.invalid_url'));
      if (type === 'phone' && !PHONE.test(s)) return fail(pfText(lang, 'pf.invalid_phone'));
      return okv(s);
    }
    case 'integer':
    case 'reference': {
      const n = toNumber(v);
      if (n === undefined)
        return fail(
          pfText(lang, type === 'reference' ? 'pf.expected_record_id' : 'pf.expected_number'),
        );
      if (!Number.isSafeInteger(n))
        return fail(
          pfText(lang, type === 'reference' ? 'pf.expected_record_id' : 'pf.expected_integer'),
        );
      if (type === 'reference' && n <= 0) return fail(pfText(lang, 'pf.expected_record_id'));
      return okv(n);
    }
    case 'decimal':
    case 'percent':
    case 'money': {
      const n = toNumber(v);
      if (n === undefined || Math.abs(n) > 1e15) return fail(pfText(lang, 'pf.expected_number'));
      const scale = options.scale ?? (type === 'money' ? 2 : undefined);
      if (scale !== undefined) {
        const f = 10 ** scale;
        return okv(Math.round(n * f) / f);
      }
      return okv(n);
    }
    case 'boolean': {
      if (typeof v === 'boolean') return okv(v);
      if (v === 0 || v === 1) return okv(v === 1);
      if (typeof v === 'string') {
        const s = v.trim().toLowerCase();
        if (['true', 'yes', '1'].includes(s)) return okv(true);
        if (['false', 'no', '0'].includes(s)) return okv(false);
        if (s === '') return okv(null);
      }
      return fail(pfText(lang, 'pf.expected_boolean'));
    }
    case 'date': {
      if (typeof v !== 'string') return fail(pfText(lang, 'pf.expected_date'));
      const s = v.trim();
      if (s === '') return okv(null);
      if (isValidDate(s)) return okv(s);
      return fail(pfText(lang, 'pf.expected_date'));
    }
    case 'datetime': {
      if (typeof v !== 'string') return fail(pfText(lang, 'pf.expected_datetime'));
      if (v.trim() === '') return okv(null);
      const iso = normalizeDatetime(v.trim());
      return iso ? okv(iso) : fail(pfText(lang, 'pf.expected_datetime'));
    }
    case 'select': {
      if (typeof v !== 'string' && typeof v !== 'number')
        return fail(pfText(lang, 'pf.expected_text'));
      const s = String(v).trim();
      if (s === '') return okv(null);
      if (options.choices?.length && !options.choices.some((c) => c.value === s)) {
        return fail(pfText(lang, 'pf.not_a_choice', { value: s.slice(0, 60) }));
      }
      if (s.length > 200) return fail(commonText(lang, 'field.too_big_string', { max: 200 }));
      return okv(s);
    }
    case 'multiselect': {
      const list = typeof v === 'string' ? (v.trim() === '' ? [] : [v]) : v;
      if (!Array.isArray(list)) return fail(pfText(lang, 'pf.expected_list'));
      const out: string[] = [];
      for (const item of list) {
        if (typeof item !== 'string') return fail(pfText(lang, 'pf.expected_list'));
        const s = item.trim();
        if (s === '' || out.includes(s)) continue;
        if (options.choices?.length && !options.choices.some((c) => c.value === s)) {
          return fail(pfText(lang, 'pf.not_a_choice', { value: s.slice(0, 60) }));
        }
        if (s.length > 200) return fail(commonText(lang, 'field.too_big_string', { max: 200 }));
        out.push(s);
      }
      if (out.length > 500) return fail(commonText(lang, 'field.too_big_array', { max: 500 }));
      return okv(out.length ? out : null);
    }
  }
}

/** Whether a parsed value counts as empty (for `required`). */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

const regexCache = new Map<string, RegExp | null>();
export function compilePattern(pattern: string): RegExp | null {
  if (regexCache.has(pattern)) return regexCache.get(pattern) ?? null;
  let re: RegExp | null;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    re = null;
  }
  if (regexCache.size > 500) regexCache.clear();
  regexCache.set(pattern, re);
  return re;
}

/** min/max/pattern of a parsed, non-empty value; returns the error text or undefined. */
export function checkRules(
  type: FieldType,
  options: FieldOptions,
  v: unknown,
  lang: Lang,
): string | undefined {
  if (isEmptyValue(v)) return undefined;
  const { min, max, pattern } = options;
  if (typeof v === 'number') {
    if (typeof min === 'number' && v < min)
      return commonText(lang, 'field.too_small_number', { min });
    if (typeof max === 'number' && v > max)
      return commonText(lang, 'field.too_big_number', { max });
  } else if (typeof v === 'string' && (type === 'date' || type === 'datetime')) {
    if (typeof min === 'string' && v < min) return pfText(lang, 'pf.min_date', { min });
    if (typeof max === 'string' && v.slice(0, max.length) > max)
      return pfText(lang, 'pf.max_date', { max });
  } else if (typeof v === 'string') {
    if (typeof min === 'number' && v.length < min)
      return commonText(lang, 'field.too_small_string', { min });
    if (typeof max === 'number' && v.length > max)
      return commonText(lang, 'field.too_big_string', { max });
    if (pattern) {
      const re = compilePattern(pattern);
      if (re && !re.test(v)) return pfText(lang, 'pf.pattern_mismatch');
    }
  }
  return undefined;
}

/** API value → database value. */
export function encode(type: FieldType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'boolean') return v ? 1 : 0;
  if (type === 'multiselect') return JSON.stringify(v);
  return v;
}

/** Database value → API value. */
export function decode(type: FieldType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (storageOf(type)) {
    case 'bool':
      return Number(v) !== 0;
    case 'int':
    case 'real':
    case 'money':
      return typeof v === 'number' ? v : Number(v);
    default:
      if (type === 'multiselect') {
        try {
          const parsed: unknown = JSON.parse(String(v));
          return Array.isArray(parsed) ? parsed : [String(v)];
        } catch {
          return [String(v)];
        }
      }
      return String(v);
  }
}
