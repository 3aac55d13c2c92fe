import type { DecimalString } from '@fiscus/contracts';

/**
 * Exact decimals in the console. The API sends decimal, money and percent values (and sums) as
 * `DecimalString`s — `"1234.50"` — so that no digit is lost to binary floating point. Here they
 * are added with BigInt; `Intl.NumberFormat` formats a decimal string exactly (no conversion to a
 * number).
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Whether a value is a decimal string as the API writes it. */
export function isDecimalString(v: unknown): v is DecimalString {
  return typeof v === 'string' && DECIMAL.test(v);
}

function split(text: string): { units: bigint; scale: number } {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] ?? '0'}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function join(units: bigint, scale: number): DecimalString {
  const neg = units < 0n;
  let digits = (neg ? -units : units).toString();
  if (scale === 0) return `${neg ? '-' : ''}${digits}`;
  digits = digits.padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** `a + b` exactly, at the larger of their scales (`"0.10" + "0.2"` → `"0.30"`). */
export function addDecimals(a: DecimalString | number, b: DecimalString | number): DecimalString {
  const x = split(typeof a === 'number' ? String(a) : a);
  const y = split(typeof b === 'number' ? String(b) : b);
  const s = Math.max(x.scale, y.scale);
  const ux = x.units * 10n ** BigInt(s - x.scale);
  const uy = y.units * 10n ** BigInt(s - y.scale);
  return join(ux + uy, s);
}

// ---- typing decimals ----------------------------------------------------------------------------

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The decimal and grouping separators of a locale (`de`: `,` and `.`; `fr`: `,` and a space). */
export function separators(locale: string): { group: string; decimal: string } {
  let s = separatorCache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, s);
  }
  return s;
}

const GROUPED = (sep: string) => new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`);

/**
 * A number as a user types it in their locale → the exact decimal string it means, or null when
 * the text is not a number. Never goes through a binary number: every digit typed is kept.
 *
 * - Spaces (also no-break and narrow no-break, the French and Russian thousands separator), a
 *   leading `+` and the minus sign `−` are allowed.
 * - With both `.` and `,`, the last one is the decimal separator and the other groups thousands
 *   (`1.234,5` and `1,234.5` are both 1234.5).
 * - With one of them only: the locale's decimal separator is the decimal separator (German
 *   `1234,5`); the locale's thousands separator groups thousands where it stands every three
 *   digits (German `1.234.567`, English `1,234`); otherwise a single `.` or `,` is a decimal
 *   separator (German `1.5`, English `1,5`, French `1.5` are 1.5).
 */
export function parseDecimalText(text: string, locale: string): DecimalString | null {
  let s = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^\u2212/, '-')
    .replace(/^\+/, '');
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const { group, decimal } = separators(locale);
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let intPart: string;
  let frac = '';
  const splitAt = (sep: string) => {
    const i = s.lastIndexOf(sep);
    return [s.slice(0, i), s.slice(i + 1)] as const;
  };
  if (dots && commas) {
    const dec = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const grp = dec === '.' ? ',' : '.';
    if ((dec === '.' ? dots : commas) > 1) return null;
    const [head, tail] = splitAt(dec);
    if (!GROUPED(grp).test(head)) return null;
    intPart = head.split(grp).join('');
    frac = tail;
  } else if (dots || commas) {
    const sep = dots ? '.' : ',';
    const count = dots || commas;
    if (sep === decimal) {
      if (count > 1) return null;
      [intPart, frac] = splitAt(sep);
    } else if (sep === group && GROUPED(sep).test(s)) {
      intPart = s.split(sep).join('');
    } else {
      if (count > 1) return null;
      [intPart, frac] = splitAt(sep);
    }
  } else {
    intPart = s;
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(frac) || intPart + frac === '') return null;
  intPart = intPart.replace(/^0+(?=\d)/, '') || '0';
  const out = frac ? `${intPart}.${frac}` : intPart;
  return (neg && /[1-9]/.test(out) ? `-${out}` : out) as DecimalString;
}

/**
 * The text an editor starts with for a decimal string: the locale's decimal separator, no
 * grouping (German `"1234.5"` → `1234,5`), so that it reads back as the same value.
 */
export function decimalEditText(value: string, locale: string): string {
  if (!DECIMAL.test(value)) return value;
  const { decimal } = separators(locale);
  return decimal === '.' ? value : value.replace('.', decimal);
}

/** Fraction digits a decimal string needs (trailing zeros do not count: `"1.500"` → 1). */
export function placesOf(value: DecimalString): number {
  const frac = value.split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length;
}

/** Digits before the decimal point, leading zeros not counted (`"-0.5"` → 0, `"120.5"` → 3). */
export function wholeDigitsOf(value: DecimalString): number {
  const whole = value.replace(/^-/, '').split('.')[0] ?? '';
  return whole.replace(/^0+/, '').length;
}

/** Compares two decimal strings (or numbers) exactly: −1, 0 or 1. */
export function compareDecimals(a: DecimalString | number, b: DecimalString | number): number {
  const x = split(typeof a === 'number' ? decimalOfNumber(a) : a);
  const y = split(typeof b === 'number' ? decimalOfNumber(b) : b);
  const s = Math.max(x.scale, y.scale);
  const d = x.units * 10n ** BigInt(s - x.scale) - y.units * 10n ** BigInt(s - y.scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** A JSON number as the decimal its shortest text spells (`0.1` → `"0.1"`, `1e21` → digits). */
function decimalOfNumber(n: number): DecimalString {
  if (Number.isInteger(n)) return BigInt(n).toString();
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * A decimal string formatted for reading in the user's locale at `places` fraction digits, with
 * thousands separators (`"1234.5"`, de, 2 → `1.234,50`) — exactly, from the digits.
 */
export function formatDecimal(value: DecimalString, locale: string, places: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: places,
    maximumFractionDigits: Math.max(places, placesOf(value)),
  }).format(value as unknown as number);
}
