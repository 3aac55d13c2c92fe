import type SQLite from './sqlite.js';

/**
 * Exact decimals on SQLite are integer units in columns declared `scaled_int(18, s)` (see
 * platform/values.ts). Units reach 10^18, past what a JavaScript number holds exactly (2^53), so a
 * statement whose result has such a column reads integers as BigInt ("safe integers"); every other
 * integer of its rows (ids, whole-number fields, counts) is turned back into a number, as any
 * other statement gives it. SQLite names a result column's declared type also through subqueries,
 * unions and aliases; an expression's result (an aggregate) has none — queries that aggregate
 * units read the result as text.
 */
export const SQLITE_UNITS_TYPE = 'scaled_int';

const UNITS = new RegExp(`^${SQLITE_UNITS_TYPE}\\b`, 'i');

/** Per result column, whether it holds units; null when none does (nothing to do). */
export function unitsColumns(stmt: SQLite.Statement): boolean[] | null {
  if (!stmt.reader) return null;
  const flags = stmt.columns().map((c) => !!c.type && UNITS.test(c.type));
  return flags.includes(true) ? flags : null;
}

/** A BigInt read by a safe-integers statement back as a number (ids, counts, whole numbers). */
export function toNumber(v: unknown): unknown {
  return typeof v === 'bigint' ? Number(v) : v;
}

/** A row object of such a statement with every integer but the units as a number (in place). */
export function numbersExceptUnits(
  row: Record<string, unknown>,
  unitNames: ReadonlySet<string>,
): Record<string, unknown> {
  for (const k in row) if (!unitNames.has(k)) row[k] = toNumber(row[k]);
  return row;
}

/** The same for a row fetched as an array. */
export function arrayNumbersExceptUnits(row: unknown[], units: readonly boolean[]): unknown[] {
  for (let i = 0; i < row.length; i++) if (!units[i]) row[i] = toNumber(row[i]);
  return row;
}

/**
 * Prepares a statement to read units exactly: switches it to safe integers when its result has a
 * units column, and answers the names of those columns (null when it has none).
 */
export function readUnitsExactly(stmt: SQLite.Statement): Set<string> | null {
  const units = unitsColumns(stmt);
  if (!units) return null;
  stmt.safeIntegers(true);
  const names = stmt.columns().map((c) => c.name);
  return new Set(names.filter((_, i) => units[i]));
}
