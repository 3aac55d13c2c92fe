import type { FieldOptions, FieldType } from '@fiscus/contracts';
import { MAX_DIGITS } from './decimal.js';
import { LONGTEXT_MAX, scaleOf, TEXT_MAX } from './values.js';

/**
 * Fast readers of the values a bulk write receives: for the usual, valid value of a field type
 * (a trimmed text, a safe integer, a JSON boolean, an ISO date, a choice, a plain decimal
 * number) they answer the value `parseValue` answers, without its result objects, BigInt work
 * or message lookups; for anything else — every invalid value, every unusual spelling — they
 * answer `SLOW` and the caller asks `parseValue`, which has the last word and the error texts.
 * `coerce.test.ts` holds them to `parseValue` on random values.
 */

/** What a fast reader answers when `parseValue` must decide. */
export const SLOW: unique symbol = Symbol('slow');

export type FastReader = (v: unknown) => unknown;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` of a real day (what `isValidDate` accepts), by character codes. */
function isIsoDay(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const y = Number(s.slice(0, 4));
  const m = (s.charCodeAt(5) - 48) * 10 + s.charCodeAt(6) - 48;
  const d = (s.charCodeAt(8) - 48) * 10 + s.charCodeAt(9) - 48;
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : (MONTH_DAYS[m - 1] as number));
}

/**
 * The canonical text at `scale` (`formatUnits`' output) of a plain decimal text — an optional
 * minus, no leading zeros, an optional fraction (`/^-?(0|[1-9]\d*)(\.\d+)?$/`) —, or SLOW when it
 * is not one, has more fraction digits than `scale` or more digits than a stored decimal holds.
 * Read by character codes: a text already canonical comes back as it is, without new strings.
 */
function canonicalDecimal(text: string, scale: number): unknown {
  const n = text.length;
  const negative = text.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  const intStart = i;
  let c = text.charCodeAt(i);
  if (c === 48) i++;
  else if (c >= 49 && c <= 57) {
    i++;
    while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++;
  } else return SLOW;
  const intDigits = i - intStart;
  let frac = 0;
  let nonZero = intDigits > 1 || text.charCodeAt(intStart) !== 48;
  if (i < n) {
    if (text.charCodeAt(i) !== 46) return SLOW;
    const fracStart = ++i;
    while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
      if (c !== 48) nonZero = true;
      i++;
    }
    if (i !== n || i === fracStart) return SLOW;
    frac = n - fracStart;
  }
  if (frac > scale) return SLOW;
  // Units below 10^MAX_DIGITS: at most MAX_DIGITS digits, leading zeros of "0.x" not counted.
  const zeroInt = intDigits === 1 && text.charCodeAt(intStart) === 48;
  if ((zeroInt ? 0 : intDigits) + scale > MAX_DIGITS) return SLOW;
  // A negative zero has no sign.
  const from = negative && !nonZero ? 1 : 0;
  if (frac === scale) return from ? text.slice(1) : text;
  const digits = from ? text.slice(1) : text;
  return (frac ? digits : `${digits}.`) + '0'.repeat(scale - frac);
}

/** Units below this are exact in a double, and a step of the scale is wider than a double's ulp. */
const EXACT_UNITS = 2 ** 52;

/**
 * The canonical text at `scale` of a JSON number, by integer arithmetic where that is exact:
 * when `v` is the double nearest to `units / 10^scale` for a whole `units` below 2^52, that
 * decimal is the shortest text of `v` (`String(v)`, no other decimal of `scale` places lies
 * within a double's rounding of it), so the answer is `canonicalDecimal(String(v), scale)`
 * without making and reading the double's text. Otherwise (more places, huge or odd values)
 * it asks `canonicalDecimal` itself.
 */
function decimalOfNumber(v: number, scale: number, unit: number): unknown {
  const units = Math.round(v * unit);
  if (units / unit !== v || units >= EXACT_UNITS || units <= -EXACT_UNITS) {
    return Number.isFinite(v) ? canonicalDecimal(String(v), scale) : SLOW;
  }
  if (scale === 0) return String(units === 0 ? 0 : units);
  const abs = units < 0 ? -units : units;
  const frac = abs % unit;
  const text = `${String((abs - frac) / unit)}.${String(frac).padStart(scale, '0')}`;
  return units < 0 ? `-${text}` : text;
}

function hasNul(s: string): boolean {
  return s.includes('\u0000');
}

/**
 * The fast reader of a field type, or null when every value goes to `parseValue` (lists, date-
 * times, addresses, links, phone numbers, files).
 */
export function fastReader(type: FieldType, options: FieldOptions): FastReader | null {
  switch (type) {
    case 'text':
    case 'longtext': {
      const max = type === 'longtext' ? LONGTEXT_MAX : TEXT_MAX;
      const trim = type !== 'longtext';
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v !== 'string' || hasNul(v)) return SLOW;
        const s = trim ? v.trim() : v;
        if (s === '') return null;
        return s.length > max ? SLOW : s;
      };
    }
    case 'integer':
    case 'reference': {
      const positive = type === 'reference';
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v !== 'number' || !Number.isSafeInteger(v)) return SLOW;
        return positive && v <= 0 ? SLOW : v;
      };
    }
    case 'boolean':
      return (v) => {
        if (v === null || v === undefined) return null;
        return typeof v === 'boolean' ? v : SLOW;
      };
    case 'date':
      return (v) => {
        if (v === null || v === undefined) return null;
        return typeof v === 'string' && isIsoDay(v) ? v : SLOW;
      };
    case 'select': {
      const choices = options.choices?.length ? new Set(options.choices.map((c) => c.value)) : null;
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v !== 'string' || hasNul(v)) return SLOW;
        const s = v.trim();
        if (s === '' || s.length > 200 || (choices && !choices.has(s))) return SLOW;
        return s;
      };
    }
    case 'decimal':
    case 'money':
    case 'percent': {
      const scale = scaleOf(type, options);
      const unit = 10 ** scale;
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'number') return decimalOfNumber(v, scale, unit);
        if (typeof v === 'string' && v.length <= 60) return canonicalDecimal(v, scale);
        return SLOW;
      };
    }
    default:
      return null;
  }
}

/** Whether `checkRules` can find anything wrong with a value of a field with these options. */
export function hasRules(options: FieldOptions): boolean {
  return options.min !== undefined || options.max !== undefined || !!options.pattern;
}
