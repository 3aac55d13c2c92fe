import { sql } from 'kysely';
import type { Db, DialectName } from '../db/dialect.js';
import type { Q } from './context.js';
import { safeIdent } from './ident.js';

/**
 * Planner statistics. The database picks an index for a query from what it knows of the data:
 * without statistics SQLite guesses (and may walk a sort index testing every row where a filter
 * index would read a hundred), PostgreSQL waits for autovacuum. The platform refreshes them when
 * the data or the indexes change in bulk:
 * - after an index is created: that index (SQLite `ANALYZE idx`) or its table (PostgreSQL);
 * - after an import that wrote rows: the table (`refreshStatistics`);
 * - SQLite, when the database is opened: `PRAGMA optimize=0x10002` (analyzes tables that
 *   never were, within a bounded effort).
 */
export async function analyzeIndex(
  q: Q,
  dialect: DialectName,
  table: string,
  index: string,
): Promise<void> {
  if (dialect === 'postgres') await sql`analyze ${sql.id(safeIdent(table))}`.execute(q);
  else await sql`analyze ${sql.id(safeIdent(index))}`.execute(q);
}

/** Statistics of one record table after its data changed in bulk (imports). */
export async function refreshStatistics(db: Db, table: string): Promise<void> {
  await sql`analyze ${sql.id(safeIdent(table))}`.execute(db.kysely);
}
