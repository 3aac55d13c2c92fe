/**
 * Cube values as the user sees and types them. The server answers sums and averages as exact
 * decimal strings; they are formatted from the string (Intl formats a numeric string exactly),
 * never through binary floating point, so `0.1 + 0.2` never shows as `0.30000000000000004` and
 * 17-digit amounts keep their cents.
 */

export interface NumberFormatSpec {
  /** Fraction digits shown; undefined: the measure's own scale. */
  decimals?: number;
  /** Shows the value × 100 with a % sign (ratios: 0.1234 → 12.34 %). */
  percent?: boolean;
  /** Thousands separators (default on). */
  grouping?: boolean;
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether a value is a number the pivot can format and colour (a count or a decimal string). */
export function isNumeric(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && DECIMAL.test(value))
  );
}

/**
 * The text of a cell value in the user's locale. Numbers and decimal strings follow `spec`
 * (default: the measure's scale); dates and texts are shown as they are; empty is ''.
 */
export function formatCubeValue(
  value: number | string | null | undefined,
  locale: string,
  scale: number,
  spec: NumberFormatSpec = {},
): string {
  if (value === null || value === undefined) return '';
  if (!isNumeric(value)) return String(value);
  const digits = spec.decimals ?? (spec.percent ? Math.max(0, scale - 2) : scale);
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: spec.grouping ?? true,
    roundingMode: 'halfEven',
  };
  if (spec.percent) options.style = 'percent';
  // A string is formatted as the exact decimal it spells (Intl.NumberFormat v3).
  return numberFormat(locale, options).format(
    (typeof value === 'string' ? value : String(value)) as unknown as number,
  );
}

/** The number of a value for colours and charts (precision is not needed there). */
export function toFloat(value: unknown): number | null {
  if (!isNumeric(value)) return null;
  return typeof value === 'number' ? value : Number(value);
}

/** Group and decimal separators of a locale. */
function separators(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * A number typed by the user in their locale (`1 234,50` in Russian, `1,234.50` in English,
 * also with a plain `.` as decimal point) → an exact decimal string (`1234.50`), or null when
 * the text is not a number.
 */
export function parseDecimalInput(text: string, locale: string): string | null {
  const { group, decimal } = separators(locale);
  let s = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^\u2212/, '-');
  if (s === '') return null;
  if (group.trim() !== '' && group !== decimal) s = s.split(group).join('');
  if (decimal !== '.') {
    // A locale's decimal comma; a lone '.' is accepted as a decimal point too.
    if (s.includes(decimal)) s = s.replace(decimal, '.');
  }
  s = s.replace(/^\+/, '');
  if (!DECIMAL.test(s) && !/^-?\.\d+$/.test(s) && !/^-?\d+\.$/.test(s)) return null;
  if (s.startsWith('.') || s.startsWith('-.')) s = s.replace('.', '0.');
  if (s.endsWith('.')) s = s.slice(0, -1);
  return s;
}
