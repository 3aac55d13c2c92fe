import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import { divideRound, formatUnits, parseDecimal, pow10, unitsAt } from './decimal.js';

/**
 * Exact sums and averages of numeric columns in SQL, the same on both databases and at any size:
 *
 * - SQLite stores whole numbers and decimal units as 64-bit integers, and its `sum()` stops with
 *   "integer overflow" past 2^63 (and `total()` is floating point). A sum is taken as two sums
 *   that cannot overflow — of each value's high part (÷ 2^32) and of its low part (mod 2^32) —
 *   joined exactly in JavaScript. Both are read as text: they may pass 2^53.
 * - PostgreSQL sums `numeric` and `bigint` exactly (as numeric); the sum is read as text.
 *
 * Values are integer units at a scale: a decimal field's units (12.50 at scale 2 is 1250), or a
 * whole number (scale 0). `name` prefixes the result columns a sum uses.
 */

/** 2^32: the split of SQLite's sums. */
export const SUM_SPLIT = 4294967296;

/** The select-list items of an exact sum of `x` and the count of its non-null values. */
export function exactSumSelects(
  x: RawBuilder<unknown>,
  dialect: DialectName,
  name: string,
): RawBuilder<unknown>[] {
  const id = (suffix: string) => sql.id(`${name}${suffix}`);
  const split = sql.lit(SUM_SPLIT);
  const count = sql`count(${x}) as ${id('n')}`;
  if (dialect === 'sqlite')
    return [
      sql`cast(sum(${x} / ${split}) as text) as ${id('h')}`,
      sql`cast(sum(${x} % ${split}) as text) as ${id('l')}`,
      count,
    ];
  return [sql`cast(sum(${x}) as text) as ${id('h')}`, count];
}

/** The sum read back (units at `scale`), and how many values it added; null sum when none. */
export function exactSumOf(
  row: Record<string, unknown>,
  dialect: DialectName,
  name: string,
  scale: number,
): { units: bigint | null; count: number } {
  const count = Number(row[`${name}n`] ?? 0);
  if (!count) return { units: null, count };
  const h = row[`${name}h`];
  if (dialect === 'sqlite') {
    const l = row[`${name}l`];
    return {
      units: BigInt(String(h ?? 0)) * BigInt(SUM_SPLIT) + BigInt(String(l ?? 0)),
      count,
    };
  }
  const d = parseDecimal(String(h ?? 0));
  return { units: d ? (unitsAt(d, scale, 'half-even') ?? 0n) : 0n, count };
}

/**
 * The average of `count` values adding up to `units` (at `scale`), rounded half-even to `out`
 * fraction digits, as a canonical decimal text.
 */
export function averageText(units: bigint, count: number, scale: number, out: number): string {
  return formatUnits(divideRound(units * pow10(out), BigInt(count) * pow10(scale)), out);
}

/** Fraction digits of an average: the field's scale; whole numbers get 2. */
export function averageScale(scale: number, wholeNumbers: boolean): number {
  return wholeNumbers ? 2 : scale;
}

/**
 * The select-list item of `min`/`max` of a decimal column, read as text (SQLite's units may pass
 * 2^53, and an aggregate's result is not read as a units column).
 */
export function extremeSelect(
  x: RawBuilder<unknown>,
  fn: 'min' | 'max',
  name: string,
): RawBuilder<unknown> {
  return sql`cast(${sql.raw(fn)}(${x}) as text) as ${sql.id(name)}`;
}

/** A decimal `extremeSelect` read back as its canonical text at `scale` (null when empty). */
export function extremeOf(raw: unknown, dialect: DialectName, scale: number): string | null {
  if (raw === null || raw === undefined) return null;
  if (dialect === 'sqlite') return formatUnits(BigInt(String(raw)), scale);
  const d = parseDecimal(String(raw));
  return d ? formatUnits(unitsAt(d, scale, 'half-even') ?? 0n, scale) : String(raw);
}
