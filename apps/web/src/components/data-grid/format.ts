import { decimalEditText } from '@/lib/decimal';
import type { CellType, GridColumn, ReferenceValue } from './types';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat(locale, { ...options, style: 'decimal', currency: undefined });
    }
    numberFormats.set(key, f);
  }
  return f;
}

function dateFormat(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      withTime
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : { dateStyle: 'medium', timeZone: 'UTC' },
    );
    dateFormats.set(key, f);
  }
  return f;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A numeric value as `Intl.NumberFormat` formats it exactly: a decimal string (as the API sends
 * decimal, money and percent values and sums) stays a string — formatted digit for digit, never
 * through a binary number —, a number stays a number. Null when it is neither.
 */
function exact(value: unknown): number | `${number}` | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && DECIMAL.test(value)) return value as `${number}`;
  return null;
}

/** A decimal string or number divided by 100, exactly (percent points → a fraction). */
function hundredth(v: number | `${number}`): number | `${number}` {
  if (typeof v === 'number') return v / 100;
  const neg = v.startsWith('-');
  const [int = '0', frac = ''] = (neg ? v.slice(1) : v).split('.');
  const digits = int.padStart(3, '0');
  const out = `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${frac}`;
  return `${neg ? '-' : ''}${out}` as `${number}`;
}

/** A date-only value ('2026-03-01') is a calendar day: shown the same in every time zone. */
export function toDate(value: unknown, dateOnly: boolean): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string' && dateOnly && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  const d = new Date(value as string | number);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function isReference(value: unknown): value is ReferenceValue {
  return typeof value === 'object' && value !== null && 'id' in value && 'label' in value;
}

/** The text of a value in the user's locale; '' for an empty value. */
export function formatValue(
  type: CellType,
  value: unknown,
  locale: string,
  opts: {
    currency?: string;
    precision?: number;
    yes?: string;
    no?: string;
    choices?: GridColumn<unknown>['choices'];
  } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'integer': {
      const n = exact(value);
      return n === null
        ? String(value)
        : numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
    }
    case 'decimal': {
      const n = exact(value);
      const digits = opts.precision ?? 2;
      return n === null
        ? String(value)
        : numberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(n);
    }
    case 'money': {
      const n = exact(value);
      if (n === null) return String(value);
      const digits = opts.precision ?? 2;
      return numberFormat(
        locale,
        opts.currency
          ? {
              style: 'currency',
              currency: opts.currency,
              minimumFractionDigits: digits,
              maximumFractionDigits: digits,
            }
          : { minimumFractionDigits: digits, maximumFractionDigits: digits },
      ).format(n);
    }
    case 'percent': {
      const n = exact(value);
      const digits = opts.precision ?? 2;
      // Stored in points: 12.5 → 12.5 %.
      return n === null
        ? String(value)
        : numberFormat(locale, {
            style: 'percent',
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(hundredth(n));
    }
    case 'date': {
      const d = toDate(value, true);
      return d ? dateFormat(locale, false).format(d) : String(value);
    }
    case 'datetime': {
      const d = toDate(value, false);
      return d ? dateFormat(locale, true).format(d) : String(value);
    }
    case 'boolean':
      return value === true || value === 1 || value === 'true'
        ? (opts.yes ?? '✓')
        : (opts.no ?? '');
    case 'select': {
      const c = opts.choices?.find((ch) => ch.value === value);
      return c ? c.label : String(value);
    }
    case 'multiselect': {
      const list = Array.isArray(value) ? value : [value];
      return list
        .map((v) => opts.choices?.find((ch) => ch.value === v)?.label ?? String(v))
        .join(', ');
    }
    case 'reference':
      return isReference(value) ? value.label : String(value);
    case 'attachment':
      if (typeof value === 'object' && value !== null && 'name' in value)
        return String((value as { name: unknown }).name);
      return String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * The text an editor starts with for a value: plain (no grouping) so that it parses back; a
 * decimal with the locale's decimal separator (German `1234,5`), as the user types it.
 */
export function editText(type: CellType, value: unknown, locale?: string): string {
  if (value === null || value === undefined) return '';
  if (type === 'date' && typeof value === 'string') return value.slice(0, 10);
  if (locale && (type === 'decimal' || type === 'money' || type === 'percent'))
    return decimalEditText(String(value), locale);
  return String(value);
}

/** Types a cell can be edited as plain text in place. */
export const inlineEditable: ReadonlySet<CellType> = new Set<CellType>([
  'text',
  'integer',
  'decimal',
  'money',
  'percent',
  'date',
  'email',
  'url',
  'phone',
  'boolean',
  'select',
]);

export const numericTypes: ReadonlySet<CellType> = new Set<CellType>([
  'integer',
  'decimal',
  'money',
  'percent',
]);
