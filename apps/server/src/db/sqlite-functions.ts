import type SQLite from './sqlite.js';

/**
 * The case folding of case-insensitive text matching: Unicode lower case ("МОСКВА" → "москва",
 * "ÄRGER" → "ärger"). PostgreSQL's ILIKE folds the same way in a UTF-8 database; SQLite gets it
 * as the SQL function `fold` on every connection.
 */
export function foldCase(text: string): string {
  return text.toLowerCase();
}

/**
 * The SQL functions the database layer adds to every SQLite connection — the app's writer and
 * reader and every lane process (platform/lanes.ts), so a statement runs the same on each:
 *
 * - `fold(text)`: SQLite's LIKE and lower() fold ASCII letters only; the query compiler folds
 *   other letters with this (see foldedMatch in platform/compiler.ts).
 * - `pf_visit()`: counts a visited row (the query planner adds it when tests and benchmarks ask
 *   it to count, see platform/planner.ts) and is true.
 */
export function registerBaseFunctions(sqlite: SQLite.Database, onVisit: () => void): void {
  sqlite.function('fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldCase(text) : text,
  );
  sqlite.function('pf_visit', { deterministic: false }, () => {
    onVisit();
    return 1;
  });
}
