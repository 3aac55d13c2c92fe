import type { FieldOptions, FieldType } from '@fiscus/contracts';
import type { DialectName } from '../../db/dialect.js';
import { divideRound, formatUnits, pow10 } from '../../platform/decimal.js';
import type { FieldMeta } from '../../platform/meta.js';
import { storageOf } from '../../platform/values.js';

/**
 * How the cube reads and writes numbers of a field, exactly: every amount is a BigInt of units
 * at the field's scale (12.50 at scale 2 is 1250n) between the database and the API's decimal
 * strings. This is the only place that knows how a numeric column stores its values.
 */

/** `int`: integers; `scaled`: integers of units; `numeric`: exact SQL numeric; `float`: binary. */
export type NumericStorage = 'int' | 'scaled' | 'numeric' | 'float';

export function fieldScale(f: { type: FieldType; options: FieldOptions }): number {
  if (f.type === 'integer') return 0;
  return f.options.scale ?? 2;
}

function storageText(f: FieldMeta): string {
  return String((storageOf as (t: FieldType, o?: FieldOptions) => string)(f.type, f.options));
}

export function numericStorage(f: FieldMeta, dialect: DialectName): NumericStorage {
  const s = storageText(f);
  if (s === 'int') return 'int';
  if (s === 'real') return 'float';
  if (s === 'money') return dialect === 'postgres' ? 'numeric' : 'float';
  return dialect === 'postgres' ? 'numeric' : 'scaled';
}

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/**
 * Units at `scale` of a decimal text (`"12.5"`, `"-0.125"`, `"1e3"`), rounded half-even when it
 * has more fraction digits; undefined when the text is not a number.
 */
export function parseUnits(text: string, scale: number): bigint | undefined {
  const m = NUMBER.exec(text.trim());
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (!int && !frac) return undefined;
  const exp = m[4] ? Number(m[4]) : 0;
  if (Math.abs(exp) > 400) return undefined;
  const digits = BigInt(`${int}${frac}` || '0');
  const shift = scale - frac.length + exp; // units = digits × 10^shift
  let units = shift >= 0 ? digits * pow10(shift) : divideRound(digits, pow10(-shift));
  if (m[1] === '-') units = -units;
  return units;
}

/** Units of a value as the database hands it over (null stays null). */
export function unitsFromDb(f: FieldMeta, raw: unknown, dialect: DialectName): bigint | null {
  if (raw === null || raw === undefined) return null;
  const scale = fieldScale(f);
  switch (numericStorage(f, dialect)) {
    case 'int':
      return BigInt(typeof raw === 'number' ? Math.trunc(raw) : String(raw)) * pow10(scale);
    case 'scaled':
      return BigInt(typeof raw === 'number' ? Math.trunc(raw) : String(raw));
    default:
      return parseUnits(typeof raw === 'number' ? numberText(raw) : String(raw), scale) ?? 0n;
  }
}

function numberText(n: number): string {
  return String(n);
}

/**
 * Units at `scale` of a decimal text that has at most `scale` fraction digits (trailing zeros
 * aside): `"12.50"` at 2 → 1250n; `"12.505"` at 2 → undefined. Typed values are never rounded.
 */
export function parseExact(text: string, scale: number): bigint | undefined {
  const units = parseUnits(text, scale + 12);
  if (units === undefined) return undefined;
  const extra = pow10(12);
  if (units % extra !== 0n) return undefined;
  return units / extra;
}

/** The largest magnitude (in units) the field can store: what records accept (10^15). */
export function maxUnits(f: FieldMeta): bigint {
  if (f.type === 'integer') return BigInt(Number.MAX_SAFE_INTEGER);
  return pow10(15 + fieldScale(f));
}

/** The database value of `units` for the field's column (the inverse of `unitsFromDb`). */
export function unitsToDb(f: FieldMeta, units: bigint, dialect: DialectName): unknown {
  const scale = fieldScale(f);
  switch (numericStorage(f, dialect)) {
    case 'int':
      return Number(units / pow10(scale));
    case 'scaled':
      return Number.isSafeInteger(Number(units)) ? Number(units) : units.toString();
    case 'numeric':
      return formatUnits(units, scale);
    case 'float':
      return Number(formatUnits(units, scale));
  }
}
