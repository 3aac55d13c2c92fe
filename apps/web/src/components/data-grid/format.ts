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

export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
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
      const n = toNumber(value);
      return n === null
        ? String(value)
        : numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
    }
    case 'decimal': {
      const n = toNumber(value);
      const digits = opts.precision ?? 2;
      return n === null
        ? String(value)
        : numberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(n);
    }
    case 'money': {
      const n = toNumber(value);
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
      const n = toNumber(value);
      const digits = opts.precision ?? 1;
      // Stored in points: 12.5 → 12.5 %.
      return n === null
        ? String(value)
        : numberFormat(locale, {
            style: 'percent',
            minimumFractionDigits: 0,
            maximumFractionDigits: digits,
          }).format(n / 100);
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

/** The text an editor starts with for a value (plain, not localised, so it parses back). */
export function editText(type: CellType, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (type === 'date' && typeof value === 'string') return value.slice(0, 10);
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
