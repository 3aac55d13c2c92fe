import type { FieldOptions, FieldType } from '@fiscus/contracts';
import type { DialectName } from '../../db/dialect.js';
import { formatUnits, parseDecimal, UNITS_LIMIT, unitsAt } from '../../platform/decimal.js';
import type { FieldMeta } from '../../platform/meta.js';
import { isDecimalType, scaleOf } from '../../platform/values.js';

/**
 * How the cube reads and writes numbers of a field, exactly: every amount is a BigInt of units
 * at the field's scale (12.50 at scale 2 is 1250n) between the database and the API's decimal
 * strings. Whole numbers are stored as they are; decimals as SQLite integer units or PostgreSQL
 * `numeric` (platform/values.ts).
 */

/** `int`: whole numbers; `scaled`: SQLite integer units; `numeric`: PostgreSQL numeric. */
export type NumericStorage = 'int' | 'scaled' | 'numeric';

export function fieldScale(f: { type: FieldType; options: FieldOptions }): number {
  return scaleOf(f.type, f.options);
}

export function numericStorage(f: FieldMeta, dialect: DialectName): NumericStorage {
  if (!isDecimalType(f.type)) return 'int';
  return dialect === 'postgres' ? 'numeric' : 'scaled';
}

/**
 * Units at `scale` of a decimal text (`"12.5"`, `"-0.125"`, `"1e3"`), rounded half-even when it
 * has more fraction digits; undefined when the text is not a number.
 */
export function parseUnits(text: string, scale: number): bigint | undefined {
  const d = parseDecimal(text);
  return d ? unitsAt(d, scale, 'half-even') : undefined;
}

/** Units of a value as the database hands it over (null stays null). */
export function unitsFromDb(f: FieldMeta, raw: unknown, dialect: DialectName): bigint | null {
  if (raw === null || raw === undefined) return null;
  const scale = fieldScale(f);
  switch (numericStorage(f, dialect)) {
    case 'int':
    case 'scaled':
      return BigInt(typeof raw === 'number' ? Math.trunc(raw) : String(raw));
    default:
      return parseUnits(String(raw), scale) ?? 0n;
  }
}

/**
 * Units at `scale` of a decimal text that has at most `scale` fraction digits (trailing zeros
 * aside): `"12.50"` at 2 → 1250n; `"12.505"` at 2 → undefined. Typed values are never rounded.
 */
export function parseExact(text: string, scale: number): bigint | undefined {
  const d = parseDecimal(text);
  return d ? unitsAt(d, scale, 'exact') : undefined;
}

/**
 * The largest magnitude (in units) the field can store: whole numbers what JSON carries exactly
 * (2^53 − 1), decimals 18 significant digits (units below 10^18).
 */
export function maxUnits(f: FieldMeta): bigint {
  if (!isDecimalType(f.type)) return BigInt(Number.MAX_SAFE_INTEGER);
  return UNITS_LIMIT - 1n;
}

/** The database value of `units` for the field's column (the inverse of `unitsFromDb`). */
export function unitsToDb(f: FieldMeta, units: bigint, dialect: DialectName): unknown {
  switch (numericStorage(f, dialect)) {
    case 'int':
      return Number(units);
    case 'scaled':
      return units;
    case 'numeric':
      return formatUnits(units, fieldScale(f));
  }
}
