import type { FieldOptions, FieldType } from '@fiscus/contracts';
import type { DialectName } from '../db/dialect.js';
import { SQLITE_UNITS_TYPE } from '../db/exact-integers.js';
import {
  compareDec,
  currencyScale,
  decimalOfNumber,
  fitsDigits,
  formatUnits,
  MAX_DIGITS,
  MAX_SCALE,
  parseDecimal,
  unitsAt,
  unitsOfPlain,
  type Dec,
} from './decimal.js';
import type { Lang } from './messages.js';
import { commonText } from './messages.js';
import { pfText } from './platform.messages.js';

/**
 * How a field type is stored; a type change within one class keeps the column. Decimal, money
 * and percent values are stored exactly at their field's scale: `dec2` is a column of values
 * with two fraction digits.
 */
export type Storage = 'text' | 'int' | 'bool' | `dec${number}`;

/** Field types whose values are exact decimals of a fixed scale. */
export function isDecimalType(type: FieldType): boolean {
  return type === 'decimal' || type === 'money' || type === 'percent';
}

/**
 * Fraction digits a field keeps: its `scale` option; without one, money has its currency's
 * minor unit (EUR 2, JPY 0, KWD 3; 2 without a currency), decimal and percent 2. Integers 0.
 * Fields get their scale written into their options when they are made, so it never changes
 * behind their back.
 */
export function scaleOf(type: FieldType, options: FieldOptions): number {
  if (!isDecimalType(type)) return 0;
  if (options.scale !== undefined) return Math.min(options.scale, MAX_SCALE);
  return type === 'money' ? currencyScale(options.currency) : 2;
}

export function storageOf(type: FieldType, options: FieldOptions = {}): Storage {
  switch (type) {
    case 'integer':
    case 'reference':
      return 'int';
    case 'decimal':
    case 'percent':
    case 'money':
      return `dec${scaleOf(type, options)}`;
    case 'boolean':
      return 'bool';
    default:
      return 'text';
  }
}

/**
 * SQL column type of a storage class. Dates are ISO text on both databases (sortable). Decimals
 * of scale s: PostgreSQL `numeric(18, s)`; SQLite integer units (value × 10^s) in a column whose
 * type name gives it integer affinity and makes the driver read it exactly (db/exact-integers.ts).
 */
export function columnType(storage: Storage, dialect: DialectName): string {
  switch (storage) {
    case 'text':
      return 'text';
    case 'int':
      return dialect === 'postgres' ? 'bigint' : 'integer';
    case 'bool':
      return 'smallint';
    default: {
      const scale = Number(storage.slice(3));
      return dialect === 'postgres'
        ? `numeric(${MAX_DIGITS},${scale})`
        : `${SQLITE_UNITS_TYPE}(${MAX_DIGITS},${scale})`;
    }
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

/**
 * The exact decimal of a value sent for a decimal field: a decimal text (`"12.50"`, `"-3"`,
 * `"1e3"`) or a JSON number (read as its shortest text: `0.1` is one tenth).
 */
export function decimalOf(v: unknown): Dec | undefined {
  if (typeof v === 'number') return decimalOfNumber(v);
  if (typeof v === 'string' && v.length <= 60) return parseDecimal(v);
  return undefined;
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
      if (typeof v === 'string' && v.trim() === '') return okv(null);
      const d = decimalOf(v);
      if (!d) return fail(pfText(lang, 'pf.expected_number'));
      const scale = scaleOf(type, options);
      const units = unitsAt(d, scale, 'exact');
      if (units === undefined) return fail(pfText(lang, 'pf.too_many_decimals', { scale }));
      if (!fitsDigits(units))
        return fail(pfText(lang, 'pf.too_many_digits', { digits: MAX_DIGITS - scale }));
      return okv(formatUnits(units, scale));
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
  } else if (typeof v === 'string' && isDecimalType(type)) {
    // Exact: the value against the bound as written, whatever their scales.
    const x = parseDecimal(v);
    const lo = min === undefined ? undefined : decimalOf(min);
    const hi = max === undefined ? undefined : decimalOf(max);
    if (x && lo && compareDec(x, lo) < 0)
      return commonText(lang, 'field.too_small_number', { min: String(min) });
    if (x && hi && compareDec(x, hi) > 0)
      return commonText(lang, 'field.too_big_number', { max: String(max) });
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

/**
 * API value → database value. Decimals go to SQLite as integer units at the field's scale
 * (BigInt: beyond 2^53 too) and to PostgreSQL as their canonical text, which `numeric` reads
 * exactly. They come as `parseValue` makes them (canonical texts at the scale); a number or
 * another decimal text (a value kept from before, e.g. an undo) is read exactly and rounded
 * half-even to the scale.
 */
export function encode(
  field: { type: FieldType; options: FieldOptions },
  v: unknown,
  dialect: DialectName,
): unknown {
  if (v === null || v === undefined) return null;
  const { type } = field;
  if (type === 'boolean') return v ? 1 : 0;
  if (type === 'multiselect') return JSON.stringify(v);
  if (!isDecimalType(type)) return v;
  const scale = scaleOf(type, field.options);
  if (typeof v === 'string') {
    const dot = v.indexOf('.');
    const canonical = scale === 0 ? dot < 0 : dot > 0 && v.length - dot - 1 === scale;
    if (canonical) {
      if (dialect === 'sqlite') {
        const units = unitsOfPlain(v);
        if (units !== undefined) return units;
      } else if (/^-?\d+(\.\d+)?$/.test(v)) return v;
    }
  }
  const d = decimalOf(v);
  if (!d) return v;
  const units = unitsAt(d, scale, 'half-even') as bigint;
  return dialect === 'sqlite' ? units : formatUnits(units, scale);
}

/**
 * Database value → API value. A decimal comes back as its canonical text at the field's scale
 * (`"12.50"`): from SQLite's integer units (BigInt, or a number within 2^53), from PostgreSQL's
 * `numeric` text.
 */
export function decode(field: { type: FieldType; options: FieldOptions }, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  const { type } = field;
  switch (storageOf(type)) {
    case 'bool':
      return Number(v) !== 0;
    case 'int':
      return typeof v === 'number' ? v : Number(v);
    case 'text':
      if (type === 'multiselect') {
        try {
          const parsed: unknown = JSON.parse(String(v));
          return Array.isArray(parsed) ? parsed : [String(v)];
        } catch {
          return [String(v)];
        }
      }
      return String(v);
    default:
      return decodeDecimal(v, scaleOf(type, field.options));
  }
}

/**
 * Decimal texts already canonical at a scale (index: the scale): what PostgreSQL hands over for a
 * `numeric(18, s)` column — no sign but a minus, no leading zeros, exactly `s` fraction digits.
 */
const CANONICAL_AT: RegExp[] = [];

/** A stored decimal (SQLite units, PostgreSQL numeric text) as its canonical text at `scale`. */
export function decodeDecimal(v: unknown, scale: number): string {
  if (typeof v === 'bigint') return formatUnits(v, scale);
  if (typeof v === 'number' && Number.isInteger(v)) return formatUnits(BigInt(v), scale);
  if (typeof v === 'string') {
    // PostgreSQL's text of the column's own scale is the canonical text (every page of records
    // reads it; parsing and writing it again costs the main thread ~1 µs per value). A minus
    // zero is not canonical.
    const canonical = (CANONICAL_AT[scale] ??= new RegExp(
      scale > 0 ? `^-?(?:0|[1-9]\\d*)\\.\\d{${scale}}$` : '^-?(?:0|[1-9]\\d*)$',
    ));
    if (canonical.test(v) && (v.charCodeAt(0) !== 45 || /[1-9]/.test(v))) return v;
  }
  const d = parseDecimal(String(v));
  const units = d ? unitsAt(d, scale, 'half-even') : undefined;
  return units === undefined ? String(v) : formatUnits(units, scale);
}
